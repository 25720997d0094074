// The executions of selected graph nodes for the counter-curves panel: each execution with its
// numeric metrics, and the device's counter tracks sampled inside the executions' time windows. A store
// reader (the SQL over graph_node_slice, slice_metric and counter lives here), declared in graph_measures.h.
#include "core/analysis/graph/graph_measures.h"

#include "core/store/sqlite_db.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string lower(std::string text) {
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

void classify(ExecutionMetricSeries* s) {
    const std::string name = lower(s->name), unit = lower(s->unit);
    s->isBandwidth = unit.find("/s") != std::string::npos || name.find("bandwidth") != std::string::npos ||
                     name.find("(gb/s)") != std::string::npos || name.find("(mb/s)") != std::string::npos;
    s->isRatio = !s->isBandwidth && (name.find("ratio") != std::string::npos || name.find("util") != std::string::npos ||
                                     unit == "%" || name.find("rate") != std::string::npos);
}

std::string idList(const std::vector<std::int64_t>& ids) {
    std::string out;
    for (std::int64_t id : ids) out += (out.empty() ? "" : ",") + std::to_string(id);
    return out;
}

void loadExecutions(Database& db, const std::vector<std::int64_t>& nodeIds, NodeExecutionData* out) {
    Statement st = db.prepare("SELECT s.id, s.track_id, s.ts, s.dur, g.node_id FROM graph_node_slice g "
                              "JOIN slice s ON s.id = g.slice_id WHERE g.node_id IN (" + idList(nodeIds) +
                              ") ORDER BY s.ts, s.id");
    std::int64_t last = -1;
    while (st.step()) {
        if (st.int64(0) == last) continue; // a fused task shared by two of the nodes: one execution
        last = st.int64(0);
        out->executions.push_back({st.int64(0), st.int64(1), st.int64(2), st.int64(3), st.int64(4)});
    }
}

void loadMetrics(Database& db, NodeExecutionData* out) {
    std::unordered_map<std::int64_t, std::size_t> row;
    for (std::size_t i = 0; i < out->executions.size(); ++i) row.emplace(out->executions[i].sliceId, i);
    std::map<std::int64_t, std::size_t> seriesOfKey;
    Statement st = db.prepare("SELECT m.key_id, k.name, k.unit, k.group_name, m.num FROM slice_metric m "
                              "JOIN metric_key k ON k.id = m.key_id WHERE m.slice_id = ? AND m.num IS NOT NULL");
    for (std::size_t i = 0; i < out->executions.size(); ++i) {
        st.bind(1, out->executions[i].sliceId);
        while (st.step()) {
            auto [it, inserted] = seriesOfKey.emplace(st.int64(0), out->metrics.size());
            if (inserted) {
                ExecutionMetricSeries s{st.text(1), st.text(2), st.text(3), std::vector<double>(out->executions.size(), kNaN)};
                classify(&s);
                out->metrics.push_back(std::move(s));
            }
            out->metrics[it->second].values[i] = st.real(4);
        }
        st.reset();
    }
}

// Counter tracks of the executions' device; without a device, those of the executions' processes.
std::vector<std::int64_t> counterTracksFor(Database& db, const NodeExecutionData& data, std::size_t limit) {
    std::vector<std::int64_t> tracks;
    for (const NodeExecution& e : data.executions) tracks.push_back(e.trackId);
    std::sort(tracks.begin(), tracks.end());
    tracks.erase(std::unique(tracks.begin(), tracks.end()), tracks.end());
    const std::string ids = idList(tracks);
    Statement st = db.prepare(
        "SELECT c.id FROM track c JOIN process cp ON cp.id = c.process_id WHERE c.kind = 'counter' AND c.counter_count > 0 "
        "AND (coalesce(c.device_id, cp.device_id) IN (SELECT coalesce(t.device_id, p.device_id) FROM track t "
        "JOIN process p ON p.id = t.process_id WHERE t.id IN (" + ids + ")) "
        "OR c.process_id IN (SELECT process_id FROM track WHERE id IN (" + ids + "))) ORDER BY c.sort_index, c.id LIMIT ?");
    st.bind(1, static_cast<std::int64_t>(limit));
    std::vector<std::int64_t> out;
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

void loadCounterWindows(Database& db, const NodeExecutionOptions& options, NodeExecutionData* out) {
    if (out->executions.empty()) return;
    std::vector<std::int64_t> tracks = counterTracksFor(db, *out, options.maxCounterTracks);
    out->counterWindows = std::min(out->executions.size(), options.maxCounterWindows);
    Statement info = db.prepare("SELECT name, coalesce(unit, '') FROM track WHERE id = ?");
    Statement before = db.prepare("SELECT value FROM counter WHERE track_id = ? AND ts <= ? ORDER BY ts DESC LIMIT 1");
    Statement inside = db.prepare("SELECT ts, value FROM counter WHERE track_id = ? AND ts > ? AND ts < ? ORDER BY ts");
    for (std::int64_t track : tracks) {
        CounterWindowSeries s;
        s.trackId = track;
        info.bind(1, track);
        if (info.step()) s.name = info.text(0), s.unit = info.text(1);
        info.reset();
        for (std::size_t w = 0; w < out->counterWindows; ++w) {
            const NodeExecution& e = out->executions[w];
            s.windowBegin.push_back(static_cast<std::uint32_t>(s.tsNs.size()));
            before.bind(1, track).bind(2, e.tsNs);
            if (before.step()) s.tsNs.push_back(e.tsNs), s.values.push_back(before.real(0));
            before.reset();
            inside.bind(1, track).bind(2, e.tsNs).bind(3, e.tsNs + e.durNs);
            while (inside.step()) s.tsNs.push_back(inside.int64(0)), s.values.push_back(inside.real(1));
            inside.reset();
        }
        if (!s.tsNs.empty()) out->counters.push_back(std::move(s));
    }
}

} // namespace

bool loadNodeExecutions(Database& db, const std::vector<std::int64_t>& nodeIds, const NodeExecutionOptions& options,
                        NodeExecutionData* out, Error* error) {
    *out = NodeExecutionData{};
    if (nodeIds.empty()) return true;
    try {
        loadExecutions(db, nodeIds, out);
        loadMetrics(db, out);
        loadCounterWindows(db, options, out);
        return true;
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store with graph tables", e.what()};
        return false;
    }
}

} // namespace opscope
