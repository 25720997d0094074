#include "core/store/graph_measure_reader.h"

namespace opscope {

std::vector<NodeTotalsRow> readNodeTotals(Database& db, std::int64_t graphId) {
    Statement st = db.prepare("SELECT g.node_id, count(*), sum(s.dur) FROM graph_node_slice g "
                              "JOIN graph_node n ON n.id = g.node_id JOIN slice s ON s.id = g.slice_id "
                              "WHERE n.graph_id = ? GROUP BY g.node_id");
    st.bind(1, graphId);
    std::vector<NodeTotalsRow> out;
    while (st.step()) out.push_back({st.int64(0), st.int64(1), st.int64(2)});
    return out;
}

std::vector<JoinedSliceRow> readJoinedTopLevelSlices(Database& db, std::int64_t graphId) {
    Statement st = db.prepare("SELECT g.slice_id, g.node_id, s.track_id FROM graph_node_slice g "
                              "JOIN graph_node n ON n.id = g.node_id JOIN slice s ON s.id = g.slice_id "
                              "WHERE n.graph_id = ? AND s.depth = 0");
    st.bind(1, graphId);
    std::vector<JoinedSliceRow> out;
    while (st.step()) out.push_back({st.int64(0), st.int64(1), st.int64(2)});
    return out;
}

TopLevelSliceScan::TopLevelSliceScan(Database& db)
    : statement_(db.prepare("SELECT id, ts, dur FROM slice WHERE track_id = ? AND depth = 0 ORDER BY ts")) {}

void TopLevelSliceScan::selectTrack(std::int64_t trackId) {
    statement_.reset();
    statement_.bind(1, trackId);
}

bool TopLevelSliceScan::next(std::int64_t* sliceId, TimeNs* tsNs, TimeNs* durNs) {
    if (!statement_.step()) return false;
    *sliceId = statement_.int64(0);
    *tsNs = statement_.int64(1);
    *durNs = statement_.int64(2);
    return true;
}

std::vector<NodeMetricMeanRow> readNodeMetricMeans(Database& db, std::int64_t graphId) {
    Statement st = db.prepare("SELECT g.node_id, m.key_id, avg(m.num) FROM graph_node_slice g "
                              "JOIN graph_node n ON n.id = g.node_id JOIN slice_metric m ON m.slice_id = g.slice_id "
                              "WHERE n.graph_id = ? AND m.num IS NOT NULL GROUP BY g.node_id, m.key_id");
    st.bind(1, graphId);
    std::vector<NodeMetricMeanRow> out;
    while (st.step()) out.push_back({st.int64(0), st.int64(1), st.real(2)});
    return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>> readSliceNodePairs(Database& db, std::int64_t graphId) {
    Statement st = db.prepare("SELECT g.slice_id, g.node_id FROM graph_node_slice g JOIN graph_node n "
                              "ON n.id = g.node_id WHERE n.graph_id = ? ORDER BY g.slice_id, g.node_id");
    st.bind(1, graphId);
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    while (st.step()) out.emplace_back(st.int64(0), st.int64(1));
    return out;
}

} // namespace opscope
