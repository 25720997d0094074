// What an importer emitted, noted on its way to the sink: the processes (key, name, labels, whether
// a device was set), threads and tracks it made, and, when asked, its slices with their args and the
// categories seen per track. Passes that follow an import (the Ascend side-file joins, the device
// classification) read this index instead of reading the half-written store back, so they work the
// same whatever sink lies underneath.
#pragma once
#include "core/importers/slice_log.h"
#include "core/model/forwarding_sink.h"
#include "core/model/int_pair_map.h"
#include "core/model/text_interner.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace opscope {

struct EmittedProcess {
    ProcessId id = 0;
    std::string key; // the pid key the importer passed ("2/1234" for the second input)
    std::string name, labels;
    bool hasDevice = false;
};

struct EmittedTrack {
    TrackId id = 0;
    ProcessId process = kNoProcess;
    TrackKind kind = TrackKind::Thread;
    std::optional<ThreadId> thread; // thread tracks only
};

// The slices of a record, in emission order from log.first() on: compact records in memory up to
// a budget, past it in scratch files (core/importers/slice_log.h), and their names.
struct EmittedSlices {
    SliceLog log;
    std::vector<std::string> names;

    // The slice at a pending index; false for any index the record does not hold.
    bool at(PendingSliceIndex index, EmittedSlice* out) const { return log.read(index, out); }
    std::string_view nameOf(const EmittedSlice& slice) const { return names[slice.name]; }
};

class EmittedRecord : public ForwardingSink {
public:
    struct Keep {
        bool slices = false;              // the slices with their args and the thread names (side-file joins)
        bool categoriesByTrack = false;   // which slice categories each track holds (device classification)
        // With slices: only args that name one of these keys are kept (all when empty), so that the
        // record holds what its join reads and not a second copy of every args text.
        std::vector<std::string_view> argsNaming;
    };
    EmittedRecord(TraceSink& inner, Keep keep) : ForwardingSink(inner), keep_(keep) {}

    ProcessId process(std::string_view pidKey) override;
    void setProcessName(ProcessId process, std::string_view name) override;
    void setProcessLabels(ProcessId process, std::string_view labels) override;
    void setProcessDevice(ProcessId process, DeviceId device) override;
    ThreadId thread(ProcessId process, std::string_view tidKey) override;
    void setThreadName(ThreadId thread, std::string_view name) override;
    TrackId threadTrack(ThreadId thread) override;
    TrackId namedTrack(ProcessId process, TrackKind kind, std::string_view name, std::string_view identity) override;
    TrackId counterTrack(ProcessId process, std::string_view name, std::string_view unit) override;
    ArgId addArgs(std::string_view json) override;
    PendingSliceIndex addSlice(const SliceInput& slice) override;

    // Processes in id order (the order the store made them).
    std::vector<EmittedProcess> processes() const;
    const std::vector<EmittedTrack>& tracks() const { return tracks_; }
    // Thread tracks by process, in the order they were made.
    std::unordered_map<ProcessId, std::vector<TrackId>> threadTracksByProcess() const;
    std::string_view threadName(ThreadId thread) const; // kept with Keep::slices only ("" otherwise)
    // Calls f(track, category text) once for each distinct (track, category) pair of the slices, in no
    // particular order.
    template <typename F>
    void forEachTrackCategory(F&& f) const {
        trackCategories_.forEach([&](std::int64_t track, std::int64_t category, bool) {
            f(static_cast<TrackId>(track), categories_.text(static_cast<std::uint32_t>(category)));
        });
    }
    // Hands the recorded slices over (the record keeps none after).
    EmittedSlices takeSlices() {
        slices_.names = names_.takeTexts();
        return std::move(slices_);
    }
    // Budget of the slice log in memory before it spills (emittedSliceBudgetBytes() by default).
    void setSliceBudgetBytes(std::size_t bytes) { sliceBudgetBytes_ = bytes; }

private:
    void noteTrack(TrackId id, ProcessId process, TrackKind kind, std::optional<ThreadId> thread);

    Keep keep_;
    std::unordered_map<ProcessId, EmittedProcess> processes_;
    // Keyed (id, 0) in flat tables: a metadata-heavy trace makes 144,000 threads and 48,000 tracks.
    IntPairMap<ProcessId> threadProcess_;
    std::unordered_map<ThreadId, std::string> threadNames_; // with Keep::slices only
    std::vector<EmittedTrack> tracks_;
    IntPairMap<bool> trackNoted_;
    std::unordered_map<ArgId, std::string> args_; // args text until the slice that carries it
    EmittedSlices slices_;
    bool sliceLogMade_ = false;
    std::size_t sliceBudgetBytes_ = emittedSliceBudgetBytes();
    TextInterner names_; // the recorded slices' names (EmittedSlice::name), handed over by takeSlices
    // The categories, and the (track, category id) pairs seen: a set of (track, text) pairs made a string
    // and a tree node for each slice whose track or category differed from the last one's, which on a
    // trace of 48,000 tracks is most of them.
    TextInterner categories_;
    IntPairMap<bool> trackCategories_;
    std::pair<TrackId, std::uint32_t> lastCategory_{-1, 0}; // consecutive slices mostly share it
};

} // namespace opscope
