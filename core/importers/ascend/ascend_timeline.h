// What a unit's JSON timeline emitted, indexed for the side files: the device slices of "Ascend
// Hardware" by (device, stream, task id), communication ops by name, step ranges, and which processes
// belong to which NPU. CSV rows, l2_cache rows and communication.json join through it. Built from the
// record of the timeline's import (core/importers/emitted_record.h), never from the store.
#pragma once
#include "core/importers/ascend/timeline_staging.h"
#include "core/importers/emitted_record.h"
#include "core/model/trace_sink.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace opscope::ascend {

inline constexpr TimeNs kJoinToleranceNs = 1000; // CSVs round start times to the µs (or to 0.1 µs)

// Slices a pass has already joined: each CSV row claims one slice, and each file kind has its own set.
// One bit per pending slice index (a hash set took about 40 bytes per joined row).
class JoinSet {
public:
    bool count(PendingSliceIndex slice) const {
        const std::size_t word = slice / 64;
        return word < bits_.size() && (bits_[word] >> (slice % 64) & 1u);
    }
    void insert(PendingSliceIndex slice) {
        const std::size_t word = slice / 64;
        if (word >= bits_.size()) bits_.resize(word + 1, 0);
        bits_[word] |= std::uint64_t{1} << (slice % 64);
    }

private:
    std::vector<std::uint64_t> bits_;
};

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

    // A slice the timeline emitted (nullopt for any other index), and its name.
    std::optional<EmittedSlice> slice(PendingSliceIndex index) const {
        EmittedSlice s;
        if (!slices_.at(index, &s)) return std::nullopt;
        return s;
    }
    std::string sliceName(PendingSliceIndex index) const {
        EmittedSlice s;
        return slices_.at(index, &s) ? std::string(slices_.nameOf(s)) : std::string();
    }

    const std::vector<TimelineProcess>& processes() const { return processes_; }
    std::set<int> devices() const;
    bool empty() const { return processes_.empty(); }

    // The device slice of a task: same (device, stream, task id), start within tolerance, not in
    // used. device < 0 or a single-device timeline: any device.
    std::optional<TimelineCandidate> findTask(int device, long long stream, long long task, TimeNs tsNs,
                                              TimeNs toleranceNs, const JoinSet& used) const;
    // A communication slice (HCCL / Communication process) with this name starting within tolerance.
    std::optional<TimelineCandidate> findCommunication(int device, std::string_view name, TimeNs tsNs,
                                                       TimeNs toleranceNs, const JoinSet& used) const;
    // An "Ascend Hardware" slice with this name starting within tolerance.
    std::optional<TimelineCandidate> findHardwareByName(int device, std::string_view name, TimeNs tsNs,
                                                        TimeNs toleranceNs, const JoinSet& used) const;
    // The n-th (0-based, in time order) slice of a task key, for files that give no time (l2_cache).
    std::optional<PendingSliceIndex> taskOccurrence(int device, long long stream, long long task, std::size_t n) const;
    // Whether the candidates live in a scratch database (a timeline whose record spilled).
    bool staged() const { return staged_ != nullptr; }

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
    using Candidate = TimelineCandidate;
    struct TrackInfo {
        int device = -1;
        bool hardware = false, communication = false;
        long long stream = -1;
    };
    void indexSlice(PendingSliceIndex index, const EmittedSlice& s, const TrackInfo& track);
    using NameIndex = std::map<std::pair<int, std::string>, std::vector<Candidate>>;
    int keyDevice(int device) const;
    // The best unused candidate of a window (already cut to [tsNs - tol, tsNs + tol]).
    static std::optional<Candidate> nearest(const Candidate* begin, const Candidate* end, TimeNs tsNs, TimeNs tol,
                                            const JoinSet& used);
    static std::optional<Candidate> nearestIn(const std::vector<Candidate>* list, TimeNs tsNs, TimeNs tol,
                                              const JoinSet& used);
    std::optional<Candidate> findName(const NameIndex& index, StagedCandidates::NameKind kind, int device,
                                      std::string_view name, TimeNs tsNs, TimeNs tol, const JoinSet& used) const;

    EmittedSlices slices_;
    // A spilled record's candidates (then tasks_ and the name indexes stay empty), and its name ids.
    std::unique_ptr<StagedCandidates> staged_;
    std::unordered_map<std::string, std::uint32_t> nameIds_;
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
