// Reads the slice table into the timeline's arrays in one ordered pass. The pass is bound by SQLite's
// row decoding, so a large store is read as two halves of its id range on two connections at once.
#pragma once
#include "core/store/timeline_data.h"

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

struct sqlite3_stmt;

namespace opscope {

class Database;

// The columns every timeline slice read selects, in the order readTimelineSliceRow() decodes them;
// the caller appends its WHERE and ORDER BY.
extern const char* const kTimelineSliceColumns;
// Decodes the current row of a statement over kTimelineSliceColumns: the slice, its category, and
// the store track id as the function's value.
std::int64_t readTimelineSliceRow(sqlite3_stmt* st, TimelineSlice* slice, std::uint32_t* category);
// Whether the store's slices can be read in id order into arrays sized by their id range: false when
// the ids are so sparse (a crafted or foreign store) that the range would ask for far more memory
// than there are rows. Throws SqliteError.
bool sliceIdsFitTheirRange(Database& db);

struct SliceScan {
    std::vector<TimelineSlice> slices;                                // in scan order
    std::vector<std::uint32_t> categories;                            // parallel to slices
    std::vector<std::pair<std::uint32_t, std::uint32_t>> trackRanges; // per track index: [begin, end)
    bool contiguous = true; // false: some track's slices did not come as one run
};

// Below this many ids a second connection costs more than it saves.
inline constexpr std::int64_t kParallelScanMinIds = 1 << 18;

// Slices whose track is not in trackIndex (store id -> track index) are skipped. byId: read in id
// order (ids follow (track, ts), so each track is one run), split over two connections from
// parallelMinIds ids on; otherwise in (track, ts, id) order through the index, on one connection.
// Throws SqliteError.
SliceScan scanSlices(Database& db, const std::unordered_map<std::int64_t, std::uint32_t>& trackIndex,
                     std::size_t trackCount, bool byId, std::int64_t parallelMinIds = kParallelScanMinIds);

// Read-only connections the timeline opens itself map the file instead of copying pages.
void tuneReadOnlyConnection(Database& db);

} // namespace opscope
