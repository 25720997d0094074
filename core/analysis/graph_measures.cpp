#include "core/analysis/graph_measures.h"

#include "core/analysis/graph_layout.h"
#include "core/store/sqlite_db.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Error dbError(const Database& db, const SqliteError& e) {
    return Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store with graph tables", e.what()};
}

using NodeIndex = std::unordered_map<std::int64_t, std::size_t>;

void loadTotals(Database& db, const StoredGraph& graph, const NodeIndex& index, GraphMeasures* out) {
    Statement st = db.prepare("SELECT g.node_id, count(*), sum(s.dur) FROM graph_node_slice g "
                              "JOIN graph_node n ON n.id = g.node_id JOIN slice s ON s.id = g.slice_id "
                              "WHERE n.graph_id = ? GROUP BY g.node_id");
    st.bind(1, graph.id);
    while (st.step()) {
        auto it = index.find(st.int64(0));
        if (it == index.end()) continue;
        out->executions[it->second] = st.int64(1);
        out->totalNs[it->second] = st.int64(2);
        out->joinedTotalNs += st.int64(2);
    }
}

// Idle time on the execution's track between the previous top-level slice's end and its start.
std::vector<double> bubbleBefore(Database& db, const StoredGraph& graph, const NodeIndex& index) {
    std::unordered_map<std::int64_t, std::size_t> nodeOfSlice;
    std::vector<std::int64_t> tracks;
    Statement joined = db.prepare("SELECT g.slice_id, g.node_id, s.track_id FROM graph_node_slice g "
                                  "JOIN graph_node n ON n.id = g.node_id JOIN slice s ON s.id = g.slice_id "
                                  "WHERE n.graph_id = ? AND s.depth = 0");
    joined.bind(1, graph.id);
    while (joined.step()) {
        auto it = index.find(joined.int64(1));
        if (it != index.end()) nodeOfSlice.emplace(joined.int64(0), it->second);
        tracks.push_back(joined.int64(2));
    }
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    std::vector<double> sum(graph.nodes.size(), 0.0), count(graph.nodes.size(), 0.0);
    Statement st = db.prepare("SELECT id, ts, dur FROM slice WHERE track_id = ? AND depth = 0 ORDER BY ts");
    for (std::int64_t track : tracks) {
        st.bind(1, track);
        bool first = true;
        TimeNs maxEnd = 0;
        while (st.step()) {
            TimeNs ts = st.int64(1), end = ts + st.int64(2);
            auto it = nodeOfSlice.find(st.int64(0));
            if (it != nodeOfSlice.end() && !first) {
                sum[it->second] += static_cast<double>(std::max<TimeNs>(0, ts - maxEnd));
                count[it->second] += 1;
            }
            maxEnd = first ? end : std::max(maxEnd, end);
            first = false;
        }
        st.reset();
    }
    std::vector<double> mean(graph.nodes.size(), kNaN);
    for (std::size_t i = 0; i < mean.size(); ++i)
        if (count[i] > 0) mean[i] = sum[i] / count[i];
    return mean;
}

void loadMetricMeans(Database& db, const StoredGraph& graph, const NodeIndex& index, GraphMeasures* out) {
    std::map<std::int64_t, NodeMeasureColumn> keys;
    Statement k = db.prepare("SELECT id, name, unit, group_name FROM metric_key");
    while (k.step())
        keys[k.int64(0)] = {NodeMeasureColumn::Kind::Metric, k.text(1), k.text(2), k.text(3), k.int64(0)};
    std::map<std::int64_t, std::vector<double>> means;
    Statement st = db.prepare("SELECT g.node_id, m.key_id, avg(m.num) FROM graph_node_slice g "
                              "JOIN graph_node n ON n.id = g.node_id JOIN slice_metric m ON m.slice_id = g.slice_id "
                              "WHERE n.graph_id = ? AND m.num IS NOT NULL GROUP BY g.node_id, m.key_id");
    st.bind(1, graph.id);
    while (st.step()) {
        auto node = index.find(st.int64(0));
        if (node == index.end()) continue;
        auto& column = means[st.int64(1)];
        if (column.empty()) column.assign(graph.nodes.size(), kNaN);
        column[node->second] = st.real(2);
    }
    std::vector<std::int64_t> order;
    for (const auto& [key, values] : means)
        if (keys.count(key)) order.push_back(key);
    std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
        return std::tie(keys[a].group, keys[a].name) < std::tie(keys[b].group, keys[b].name);
    });
    for (std::int64_t key : order) {
        out->columns.push_back(keys[key]);
        out->values.push_back(std::move(means[key]));
    }
}

} // namespace

bool computeGraphMeasures(Database& db, const StoredGraph& graph, GraphMeasures* out, Error* error) {
    *out = GraphMeasures{};
    const std::size_t n = graph.nodes.size();
    out->totalNs.assign(n, 0);
    out->executions.assign(n, 0);
    NodeIndex index;
    for (std::size_t i = 0; i < n; ++i) index.emplace(graph.nodes[i].id, i);
    try {
        loadTotals(db, graph, index, out);
        using K = NodeMeasureColumn::Kind;
        std::vector<double> share(n, kNaN), mean(n, kNaN), count(n, kNaN);
        for (std::size_t i = 0; i < n; ++i) {
            if (out->executions[i] == 0) continue;
            share[i] = out->joinedTotalNs > 0 ? static_cast<double>(out->totalNs[i]) / static_cast<double>(out->joinedTotalNs) : 0.0;
            mean[i] = static_cast<double>(out->totalNs[i]) / static_cast<double>(out->executions[i]);
            count[i] = static_cast<double>(out->executions[i]);
        }
        out->columns = {{K::TimeShare, "Total time share", "share", {}, 0},
                        {K::MeanDuration, "Mean duration", "ns", {}, 0},
                        {K::BubbleBefore, "Bubble time before", "ns", {}, 0},
                        {K::Executions, "Executions", "count", {}, 0}};
        out->values = {std::move(share), std::move(mean), bubbleBefore(db, graph, index), std::move(count)};
        loadMetricMeans(db, graph, index, out);
        return true;
    } catch (const SqliteError& e) {
        *error = dbError(db, e);
        return false;
    }
}

bool loadSliceNodeMap(Database& db, std::int64_t graphId, std::vector<std::pair<std::int64_t, std::int64_t>>* out,
                      Error* error) {
    out->clear();
    try {
        Statement st = db.prepare("SELECT g.slice_id, g.node_id FROM graph_node_slice g JOIN graph_node n "
                                  "ON n.id = g.node_id WHERE n.graph_id = ? ORDER BY g.slice_id, g.node_id");
        st.bind(1, graphId);
        while (st.step()) out->emplace_back(st.int64(0), st.int64(1));
        return true;
    } catch (const SqliteError& e) {
        *error = dbError(db, e);
        return false;
    }
}

} // namespace opscope
