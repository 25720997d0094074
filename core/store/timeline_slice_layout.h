// The part of the timeline built from the slice table: slices grouped by track and depth in the
// order the paint loop reads them, the categories, and the level-of-detail summaries. Built by
// scanning the store (the loader, when a store holds no packed copy) or one track at a time (the
// pack writer at import, timeline_pack.h); both give the same layout.
#pragma once
#include "core/model/spillable_array.h"
#include "core/store/timeline_data.h"

#include <cstdint>
#include <span>
#include <vector>

namespace opscope {

class Database;

// One store track's slices: [begin, end) of the layout's slices, one DepthRun per depth (positions
// into the same array).
struct TrackSliceLayout {
    std::int64_t trackId = 0;
    std::uint32_t begin = 0, end = 0;
    std::vector<DepthRun> depths;
};

struct TimelineSliceLayout {
    SpillableArray<TimelineSlice> slices;     // in memory, or mapped (TimelineSpillPolicy)
    SpillableArray<std::uint32_t> sliceCategory; // parallel to slices; empty when the name's category is each slice's
    std::vector<std::uint32_t> nameCategory;  // name id -> the first non-empty category seen with it
    std::vector<TrackSliceLayout> tracks;     // in the order of their slices
    std::vector<LodLevel> lodLevels;
    std::vector<std::uint32_t> lodStarts;
};

// Scratch buffers reused from track to track.
struct DepthGrouping {
    std::vector<std::uint32_t> destinations, counts; // where each slice goes; slices per depth
    std::vector<std::uint8_t> lodJoins;
};

// Regroups one track's slices (given in ts order, positions [base, base + slices.size()) of the whole
// array) by depth with a counting sort that keeps ts order, describes each run and appends its
// level-of-detail summaries. categories is parallel to slices, or empty.
void groupTrackByDepth(std::span<TimelineSlice> slices, std::span<std::uint32_t> categories, std::uint32_t base,
                       TrackSliceLayout* track, std::vector<LodLevel>* levels, std::vector<std::uint32_t>* starts,
                       DepthGrouping* scratch);

// Which categories a layout needs, fed slice by slice in scan order: a name's category is its first
// non-empty one, and slices keep their own only when some slice of a name has another.
class CategoryTracker {
public:
    explicit CategoryTracker(std::size_t nameCount) : first_(nameCount, 0), sawNone_(nameCount, 0) {}
    void add(std::uint32_t nameId, std::uint32_t categoryId);
    bool perSliceNeeded() const { return perSliceNeeded_; }
    std::vector<std::uint32_t> takeNameCategories() { return std::move(first_); }

private:
    std::vector<std::uint32_t> first_;
    std::vector<std::uint8_t> sawNone_; // a slice of this name had no category before first_ was set
    bool perSliceNeeded_ = false;
};

// Scans the store's slices of these tracks (store ids) into a layout. nameCount sizes nameCategory
// (the string table's size). Throws SqliteError.
TimelineSliceLayout scanSliceLayout(Database& db, const std::vector<std::int64_t>& trackIds, std::size_t nameCount);

} // namespace opscope
