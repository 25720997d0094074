#include "core/analysis/graph/graph_measures.h"

#include "core/analysis/graph/graph_layout.h"
#include "core/store/graph_measure_reader.h"
#include "core/store/metric_reader.h"
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
    for (const NodeTotalsRow& row : readNodeTotals(db, graph.id)) {
        auto it = index.find(row.nodeId);
        if (it == index.end()) continue;
        out->executions[it->second] = row.executions;
        out->totalNs[it->second] = row.totalNs;
        out->joinedTotalNs += row.totalNs;
    }
}

// Idle time on the execution's track between the previous top-level slice's end and its start.
std::vector<double> bubbleBefore(Database& db, const StoredGraph& graph, const NodeIndex& index) {
    std::unordered_map<std::int64_t, std::size_t> nodeOfSlice;
    std::vector<std::int64_t> tracks;
    for (const JoinedSliceRow& row : readJoinedTopLevelSlices(db, graph.id)) {
        auto it = index.find(row.nodeId);
        if (it != index.end()) nodeOfSlice.emplace(row.sliceId, it->second);
        tracks.push_back(row.trackId);
    }
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    std::vector<double> sum(graph.nodes.size(), 0.0), count(graph.nodes.size(), 0.0);
    TopLevelSliceScan scan(db);
    std::int64_t sliceId = 0;
    TimeNs ts = 0, dur = 0;
    for (std::int64_t track : tracks) {
        scan.selectTrack(track);
        bool first = true;
        TimeNs maxEnd = 0;
        while (scan.next(&sliceId, &ts, &dur)) {
            const TimeNs end = ts + dur;
            auto it = nodeOfSlice.find(sliceId);
            if (it != nodeOfSlice.end() && !first) {
                sum[it->second] += static_cast<double>(std::max<TimeNs>(0, ts - maxEnd));
                count[it->second] += 1;
            }
            maxEnd = first ? end : std::max(maxEnd, end);
            first = false;
        }
    }
    std::vector<double> mean(graph.nodes.size(), kNaN);
    for (std::size_t i = 0; i < mean.size(); ++i)
        if (count[i] > 0) mean[i] = sum[i] / count[i];
    return mean;
}

void loadMetricMeans(Database& db, const StoredGraph& graph, const NodeIndex& index, GraphMeasures* out) {
    std::map<std::int64_t, NodeMeasureColumn> keys;
    std::vector<MetricKeyRow> keyRows;
    Error error;
    if (!readMetricKeys(db, &keyRows, &error)) throw SqliteError(error.detail);
    for (MetricKeyRow& k : keyRows)
        keys[k.id] = {NodeMeasureColumn::Kind::Metric, std::move(k.name), std::move(k.unit), std::move(k.group), k.id};
    std::map<std::int64_t, std::vector<double>> means;
    for (const NodeMetricMeanRow& row : readNodeMetricMeans(db, graph.id)) {
        auto node = index.find(row.nodeId);
        if (node == index.end()) continue;
        auto& column = means[row.keyId];
        if (column.empty()) column.assign(graph.nodes.size(), kNaN);
        column[node->second] = row.mean;
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
        *out = readSliceNodePairs(db, graphId);
        return true;
    } catch (const SqliteError& e) {
        *error = dbError(db, e);
        return false;
    }
}

} // namespace opscope
