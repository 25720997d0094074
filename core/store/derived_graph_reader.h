// What deriving a graph from the trace (core/importers/graph/derived_graph) reads: the tracks to take
// operators from, their top-level slices in order, and the flows between them. Plain rows; SQLite errors
// are thrown as SqliteError.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

namespace opscope {

class Database;

// Compute thread/async tracks with slices, in id order.
std::vector<std::int64_t> readComputeSliceTracks(Database& db);
// Thread tracks with slices, in id order.
std::vector<std::int64_t> readThreadSliceTracks(Database& db);

struct TopLevelSliceRow {
    std::int64_t trackId = 0, nameId = 0;
    TimeNs durNs = 0;
    std::int64_t typeId = 0, catId = 0; // 0: none
};
// Non-instant depth-0 slices of the tracks, by track then start.
void forEachTopLevelSlice(Database& db, const std::vector<std::int64_t>& trackIds,
                          const std::function<void(const TopLevelSliceRow&)>& onRow);

// (source name id, target name id) of the flows between two different tracks of trackIds.
std::vector<std::pair<std::int64_t, std::int64_t>> readCrossTrackFlowNames(Database& db,
                                                                           const std::vector<std::int64_t>& trackIds);

} // namespace opscope
