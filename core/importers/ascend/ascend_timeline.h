// What a unit's JSON timeline emitted, indexed for the side files: the device slices of "Ascend
// Hardware" by (device, stream, task id), communication ops by name, step ranges, and which processes
// belong to which NPU. CSV rows, l2_cache rows and communication.json join through it. Built from the
// record of the timeline's import (core/importers/emitted_record.h), never from the store.
#pragma once
#include "core/importers/emitted_record.h"
#include "core/model/trace_sink.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace opscope::ascend {

inline constexpr TimeNs kJoinToleranceNs = 1000; // CSVs round start times to the µs (or to 0.1 µs)

// Slices a pass has already joined: each CSV row claims one slice, and each file kind has its own set.
using JoinSet = std::unordered_set<PendingSliceIndex>;

struct TimelineProcess {
    ProcessId id = 0;
    std::string name, labels;
    int device = -1; // NPU ordinal; -1: host
};

class AscendTimeline {
public:
    // Indexes what the unit's JSON files emitted through `timeline` (which kept its slices); takes its
    // slices over. defaultDevice is used for NPU processes that do not name theirs.
    void build(EmittedRecord& timeline, int defaultDevice);

    // A slice the timeline emitted (null for any other index), and its name.
    const EmittedSlice* slice(PendingSliceIndex index) const { return slices_.at(index); }
    std::string_view sliceName(PendingSliceIndex index) const {
        const EmittedSlice* s = slices_.at(index);
        return s ? slices_.nameOf(*s) : std::string_view();
    }

    const std::vector<TimelineProcess>& processes() const { return processes_; }
    std::set<int> devices() const;
    bool empty() const { return processes_.empty(); }

    // The device slice of a task: same (device, stream, task id), start within tolerance, not in
    // used. device < 0 or a single-device timeline: any device.
    std::optional<PendingSliceIndex> findTask(int device, long long stream, long long task, TimeNs tsNs,
                                              TimeNs toleranceNs, const JoinSet& used) const;
    // A communication slice (HCCL / Communication process) with this name starting within tolerance.
    std::optional<PendingSliceIndex> findCommunication(int device, std::string_view name, TimeNs tsNs,
                                                       TimeNs toleranceNs, const JoinSet& used) const;
    // An "Ascend Hardware" slice with this name starting within tolerance.
    std::optional<PendingSliceIndex> findHardwareByName(int device, std::string_view name, TimeNs tsNs,
                                                        TimeNs toleranceNs, const JoinSet& used) const;
    // The n-th (0-based, in time order) slice of a task key, for files that give no time (l2_cache).
    std::optional<PendingSliceIndex> taskOccurrence(int device, long long stream, long long task, std::size_t n) const;

    // The "Ascend Hardware" process and stream track of a device, when the timeline has them.
    std::optional<ProcessId> hardwareProcess(int device) const;
    std::optional<TrackId> streamTrack(int device, long long stream) const;
    // Device of the track a slice lies on (-1: host).
    int deviceOfTrack(TrackId track) const;
    // Tracks on which some slice's "Task Type" says AI Core, AI Vector, AI CPU or MIX work.
    const std::set<TrackId>& computeTracks() const { return computeTracks_; }
    // "ProfilerStep#N" ranges from the host timeline.
    const std::map<long long, std::pair<TimeNs, TimeNs>>& stepRanges() const { return steps_; }
    // [first start, last end] of the device slices of a device (or of all, device < 0).
    std::optional<std::pair<TimeNs, TimeNs>> deviceSpan(int device) const;

    static bool isComputeTaskType(std::string_view taskType);
    static bool isDeviceProcessName(std::string_view name);

private:
    struct Candidate {
        TimeNs tsNs;
        PendingSliceIndex slice;
    };
    struct TrackInfo {
        int device = -1;
        bool hardware = false, communication = false;
        long long stream = -1;
    };
    void indexSlice(PendingSliceIndex index, const TrackInfo& track);
    using NameIndex = std::map<std::pair<int, std::string>, std::vector<Candidate>>;
    int keyDevice(int device) const;
    std::optional<PendingSliceIndex> nearest(const std::vector<Candidate>* list, TimeNs tsNs, TimeNs tol,
                                             const JoinSet& used) const;
    std::optional<PendingSliceIndex> findName(const NameIndex& index, int device, std::string_view name,
                                              TimeNs tsNs, TimeNs tol, const JoinSet& used) const;

    EmittedSlices slices_;
    std::vector<TimelineProcess> processes_;
    std::unordered_map<TrackId, TrackInfo> tracks_;
    std::map<std::tuple<int, long long, long long>, std::vector<Candidate>> tasks_;
    NameIndex hardwareByName_, communicationByName_;
    std::map<std::pair<int, long long>, TrackId> streamTracks_;
    std::map<int, ProcessId> hardware_;
    std::map<int, std::pair<TimeNs, TimeNs>> spans_;
    std::set<TrackId> computeTracks_;
    std::map<long long, std::pair<TimeNs, TimeNs>> steps_;
    std::set<int> deviceSet_;
};

// "NPU 3" -> 3; nullopt for bare "NPU" or other labels.
std::optional<int> deviceFromLabels(std::string_view labels);

} // namespace opscope::ascend
