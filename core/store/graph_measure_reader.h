// What the per-node graph measures (core/analysis/graph_measures) read: each node's executions and time,
// the top-level slices around its executions, its mean metric values, and the slice -> node map.
// Plain rows; SQLite errors are thrown as SqliteError.
#pragma once
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace opscope {

struct NodeTotalsRow {
    std::int64_t nodeId = 0, executions = 0;
    TimeNs totalNs = 0;
};
std::vector<NodeTotalsRow> readNodeTotals(Database& db, std::int64_t graphId);

struct JoinedSliceRow {
    std::int64_t sliceId = 0, nodeId = 0, trackId = 0;
};
// The joined slices of the graph's nodes that are top level (depth 0) on their track.
std::vector<JoinedSliceRow> readJoinedTopLevelSlices(Database& db, std::int64_t graphId);

// The top-level slices of one track at a time, by start.
class TopLevelSliceScan {
public:
    explicit TopLevelSliceScan(Database& db);
    void selectTrack(std::int64_t trackId);
    bool next(std::int64_t* sliceId, TimeNs* tsNs, TimeNs* durNs);
private:
    Statement statement_;
};

struct NodeMetricMeanRow {
    std::int64_t nodeId = 0, keyId = 0;
    double mean = 0;
};
std::vector<NodeMetricMeanRow> readNodeMetricMeans(Database& db, std::int64_t graphId);

// (slice id, node id) of the graph's join, by slice id then node id.
std::vector<std::pair<std::int64_t, std::int64_t>> readSliceNodePairs(Database& db, std::int64_t graphId);

} // namespace opscope
