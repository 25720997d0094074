// The timeline's in-memory picture of a store: tracks grouped by process, per-track slices laid out
// for the paint loop (per depth, sorted by start, 32 bytes each) with level-of-detail summaries,
// counters, flows and the string table. Loaded once with a few sequential queries; immutable
// afterwards, so threads may share it.
#pragma once
#include "core/model/error.h"
#include "core/model/spillable_array.h"
#include "core/model/time.h"
#include "core/model/track_kind.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace opscope {

class Database;

// One slice as the paint loop reads it. Kept at 32 bytes: the loaded timeline must stay under
// 40 bytes per slice; self time, args and the rest come from the store on demand (slice_details.h).
struct TimelineSlice {
    std::int64_t tsNs;
    std::int64_t durNs;
    std::int64_t id; // slice.id in the store
    std::uint32_t nameId;
    std::uint16_t depth;
    std::uint16_t flags;

    std::int64_t endNs() const { return tsNs + durNs; }
};
static_assert(sizeof(TimelineSlice) == 32, "the paint loop relies on a compact slice record");


// All slices of one track at one depth, sorted by start. On well-nested tracks their ends are sorted
// too, so the first visible slice is found by binary search on the end; endsSorted says whether that holds.
struct DepthRun {
    std::uint32_t begin = 0; // index into TimelineData::slices()
    std::uint32_t end = 0;
    bool endsSorted = true;
    std::int64_t maxDurNs = 0;  // for the fallback search when ends are not sorted
    std::uint32_t lodBegin = 0; // level-of-detail summaries of this run (see lodLevels()), coarsest last
    std::uint8_t lodCount = 0;
};

// One level-of-detail summary of a depth run (timeline_lod.h builds them): the run cut into items
// wherever the timeline could not fold two neighbours when 2^log2Ns ns is at most two pixels, i.e.
// wherever one of them lasts 2^log2Ns or longer or the gap between them does. Item k covers the
// slices [starts[k], starts[k + 1]); starts (into TimelineData::slices()) has itemCount + 1 entries.
struct LodLevel {
    std::uint32_t startsBegin = 0; // into TimelineData::lodStarts()
    std::uint32_t itemCount = 0;
    std::uint8_t log2Ns = 0;
};

struct TimelineProcess {
    std::int64_t id = 0;
    std::string pid;
    std::string name;
    std::string labels;
    std::int64_t sortIndex = 0;
    std::string deviceName; // empty: not a device
    int hostRank = -1;      // a host process of a job's rank (host_process_ranks.h), -1 otherwise
};

struct TimelineTrack {
    std::int64_t id = 0;
    std::size_t processIndex = 0; // into TimelineData::processes()
    std::int64_t threadId = 0;    // 0: no thread
    std::string tid;              // empty: no thread
    std::string threadName;
    TrackKind kind = TrackKind::Thread;
    std::string name;
    std::string unit;
    std::int64_t sortIndex = 0;
    int lane = 0;
    bool isCompute = false;
    int depthCount = 0; // number of slice rows (max depth + 1), 0 for counter tracks
    std::vector<DepthRun> depths;
    std::uint32_t counterBegin = 0, counterEnd = 0; // into counterTs()/counterValues()
    double counterMin = 0, counterMax = 0;
    std::int64_t sliceCount = 0;
    // The display shift this track was loaded with (TimelineLoadOptions): stored time + clockShiftNs is
    // the time shown. Details and selection statistics, which read the store, add it too (one clock).
    TimeNs clockShiftNs = 0;

    bool empty() const { return sliceCount == 0 && counterEnd == counterBegin; }
};

// One flow with both ends placed, so arrows are drawn without looking anything up.
// A flow refers to its two slices by position in slices(): 16 bytes, since Ascend traces hold one
// flow per kernel. TimelineData::flowOut()/flowIn() give the ends as the arrow needs them; times
// come from the slices, so display shifts move the arrows with them.
struct TimelineFlow {
    std::uint32_t outSlice = 0, inSlice = 0; // into TimelineData::slices()
    std::uint32_t outTrack = 0, inTrack = 0; // into TimelineData::tracks()
};
static_assert(sizeof(TimelineFlow) == 16, "flows count against the timeline's memory per slice");
// In memory, or mapped beside the slices when they are (TimelineData::scratchDirectory()).
using TimelineFlowArray = SpillableArray<TimelineFlow>;

// One end of a flow, made on demand: timeNs is where the arrow leaves (the out slice's end) or
// arrives (the in slice's start).
struct TimelineFlowEnd {
    std::int64_t sliceId = 0;
    std::uint32_t trackIndex = 0;
    std::uint16_t depth = 0;
    std::int64_t timeNs = 0;
};

// Display shifts applied while loading (trace comparison, multi-device alignment): every time of a
// process moves by its offset, then everything by globalShiftNs. The store itself is not changed, so
// times read back from it (details, statistics) are unshifted.
// A counter track computed from the store rather than stored in it (the launch queue of a device
// stream): drawn in the process of its thread, after that process's threads, like a stored counter.
struct DerivedCounterTrack {
    std::int64_t trackId = 0;  // negative, so that it never names a store track
    std::int64_t threadId = 0; // thread.id of a loaded track: places it in that track's process
    std::string name, unit;
    std::vector<std::pair<TimeNs, double>> points; // (time, value from then on), in time order
};

// 256 MiB of slices, about 8 M: below it the slices stay in memory, as every trace of a few
// gigabytes or less does; above it a store's slices would take most of a desktop's memory.
inline constexpr std::size_t kTimelineMapSlicesFromBytes = std::size_t{256} << 20;

struct TimelineLoadOptions {
    TimeNs globalShiftNs = 0;
    std::vector<std::pair<std::int64_t, TimeNs>> processShiftNs; // process id -> offset
    std::vector<DerivedCounterTrack> derivedCounters; // added at load; shifted with their process
    // false: scan the slice table even when the store holds the layout ready (tests, benchmarks).
    bool useStoredLayout = true;
    // Slices read from the stored layout that take at least this many bytes (with their categories)
    // are kept in a mapped scratch file rather than in memory (TimelineData::slicesMapped()).
    std::size_t mapSlicesFromBytes = kTimelineMapSlicesFromBytes;
    // Where that file goes; empty: the store's folder, else the system's temporary folder.
    std::string scratchDirectory;
    bool empty() const { return globalShiftNs == 0 && processShiftNs.empty(); } // no shift to apply
};

class TimelineData {
public:
    // Reads the whole timeline of a store. Returns null and fills error when the store cannot be read.
    static std::shared_ptr<const TimelineData> load(const std::string& storePath, Error* error);
    static std::shared_ptr<const TimelineData> load(Database& db, Error* error);
    static std::shared_ptr<const TimelineData> load(Database& db, const TimelineLoadOptions& options, Error* error);

    TimeRange traceRange() const { return traceRange_; }
    const std::vector<TimelineProcess>& processes() const { return processes_; }
    // Tracks in display order: process sort index, pid, then thread/track sort index, kind, name, lane.
    const std::vector<TimelineTrack>& tracks() const { return tracks_; }
    // In memory, or pages of a mapped scratch file for the largest stores (slicesMapped()): a pass over
    // all of them should walk them with PageReleasingWalk (spillable_array.h).
    const SpillableArray<TimelineSlice>& slices() const { return slices_; }
    std::span<const TimelineSlice> depthSlices(const TimelineTrack& track, int depth) const;
    const std::vector<std::int64_t>& counterTs() const { return counterTs_; }
    const std::vector<double>& counterValues() const { return counterValues_; }
    // The lowest and highest of each aligned block of counterValues() (counter_value_blocks.h).
    const std::vector<double>& counterBlockMins() const { return counterBlockMins_; }
    const std::vector<double>& counterBlockMaxs() const { return counterBlockMaxs_; }
    const TimelineFlowArray& flows() const { return flows_; }
    TimelineFlowEnd flowOut(const TimelineFlow& f) const {
        const TimelineSlice& s = slices_[f.outSlice];
        return {s.id, f.outTrack, s.depth, s.endNs()};
    }
    TimelineFlowEnd flowIn(const TimelineFlow& f) const {
        const TimelineSlice& s = slices_[f.inSlice];
        return {s.id, f.inTrack, s.depth, s.tsNs};
    }
    TimeNs flowLeavesNs(const TimelineFlow& f) const { return slices_[f.outSlice].endNs(); }
    TimeNs flowArrivesNs(const TimelineFlow& f) const { return slices_[f.inSlice].tsNs; }

    // The string table: id -> text ("" for unknown ids).
    std::string_view string(std::uint32_t id) const;
    std::size_t stringCount() const { return stringOffsets_.empty() ? 0 : stringOffsets_.size() - 1; }
    // Category string id of a slice name (the first category seen with that name; 0: none).
    std::uint32_t categoryOfName(std::uint32_t nameId) const;
    // Category string id of the slice at this index into slices() (0: none). Names seen with more
    // than one category keep one id per slice; otherwise the name's category is the slice's.
    std::uint32_t sliceCategory(std::size_t sliceIndex) const {
        if (!sliceCategory_.empty()) return sliceCategory_[sliceIndex];
        return categoryOfName(slices_[sliceIndex].nameId);
    }

    // Level-of-detail summaries of a depth run, finest first; empty when the run is short.
    std::span<const LodLevel> lodLevels(const DepthRun& run) const {
        return std::span<const LodLevel>(lodLevels_.data() + run.lodBegin, run.lodCount);
    }
    std::span<const std::uint32_t> lodStarts(const LodLevel& level) const {
        return std::span<const std::uint32_t>(lodStarts_.data() + level.startsBegin, level.itemCount + 1);
    }

    // Index of the track with this store id, or -1.
    int trackIndexOf(std::int64_t trackId) const;
    // Finds a loaded slice by store id (binary search over tracks and depths); null when absent.
    const TimelineSlice* findSlice(std::int64_t sliceId, int* trackIndex = nullptr) const;

    // Bytes held in memory by the arrays (slices, categories, summaries, counters, flows, strings), for
    // the memory budget; mapped slices count in mappedBytes() instead.
    std::size_t memoryBytes() const;
    std::size_t mappedBytes() const { return slices_.mappedBytes() + sliceCategory_.mappedBytes() + flows_.mappedBytes(); }
    // Whether the slices live in a mapped scratch file (TimelineLoadOptions::mapSlicesFromBytes), and
    // when that was wanted but not possible, why (they are then in memory).
    bool slicesMapped() const { return slices_.mapped(); }
    const std::string& sliceMappingRefusal() const { return sliceMappingRefusal_; }
    // The folder of the mapped slices' scratch file (empty when they are in memory): the flows read for
    // this timeline (timeline_flows.h) are mapped there too.
    const std::string& scratchDirectory() const { return scratchDirectory_; }

    // Whether the slices came from the layout stored at import (timeline_pack.h) rather than a scan of
    // the slice table, and if not, why (empty when it was not asked for).
    bool sliceLayoutStored() const { return sliceLayoutStored_; }
    const std::string& sliceLayoutRefusal() const { return sliceLayoutRefusal_; }

private:
    friend class TimelineLoader;
    TimeRange traceRange_;
    std::vector<TimelineProcess> processes_;
    std::vector<TimelineTrack> tracks_;
    SpillableArray<TimelineSlice> slices_;
    std::vector<std::int64_t> counterTs_;
    std::vector<double> counterValues_;
    std::vector<double> counterBlockMins_, counterBlockMaxs_;
    TimelineFlowArray flows_;
    std::string stringPool_;
    std::vector<std::uint32_t> stringOffsets_; // id -> [offsets[id], offsets[id+1])
    std::vector<std::uint32_t> nameCategory_;  // name id -> category id
    SpillableArray<std::uint32_t> sliceCategory_; // parallel to slices_; empty when every name has one category
    std::vector<LodLevel> lodLevels_;
    std::vector<std::uint32_t> lodStarts_;
    std::vector<std::int64_t> trackIds_;       // sorted store ids, parallel to trackIdIndex_
    std::vector<std::uint32_t> trackIdIndex_;
    std::vector<std::pair<std::int64_t, std::int64_t>> trackSliceIdRange_; // per track: [min id, max id]
    bool sliceLayoutStored_ = false;
    std::string sliceLayoutRefusal_;
    std::string sliceMappingRefusal_;
    std::string scratchDirectory_;
};

// Index of the first slice in a depth run that may be visible in [startNs, ...): every slice before
// it ends before startNs (one ending exactly at startNs, e.g. an instant, still counts).
// Pure, shared by the paint loop, hit tests and the tests.
std::size_t firstVisibleSlice(std::span<const TimelineSlice> run, const DepthRun& info, TimeNs startNs);

} // namespace opscope
