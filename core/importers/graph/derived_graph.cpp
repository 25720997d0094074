// A graph derived from the trace when no graph file comes with it: one node per operator name on the
// device compute tracks, an "order" edge between tasks that follow each other on a track (a stream
// runs its tasks in order, so each depends on the one before), and a "flow" edge for each flow
// between two such tasks on different tracks.
#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/graph_import.h"
#include "core/store/sqlite_db.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

// Layout and view stay responsive up to this size; the rest (least total time) is left out.
constexpr std::size_t kMaxDerivedNodes = 5000;

std::string idList(const std::vector<std::int64_t>& ids) {
    std::string out;
    for (std::int64_t id : ids) out += (out.empty() ? "" : ",") + std::to_string(id);
    return out;
}

std::vector<std::int64_t> chooseTracks(Database& db, bool* computeOnly) {
    std::vector<std::int64_t> ids;
    Statement st = db.prepare("SELECT id FROM track WHERE is_compute = 1 AND kind IN ('thread', 'async') "
                              "AND slice_count > 0 ORDER BY id");
    while (st.step()) ids.push_back(st.int64(0));
    *computeOnly = !ids.empty();
    if (ids.empty()) {
        Statement all = db.prepare("SELECT id FROM track WHERE kind = 'thread' AND slice_count > 0 ORDER BY id");
        while (all.step()) ids.push_back(all.int64(0));
    }
    return ids;
}

struct NameStats {
    std::int64_t totalNs = 0;
    std::int64_t typeId = 0;
    std::int64_t catId = 0;
};

std::string stringAt(Statement& lookup, std::int64_t id) {
    if (id <= 0) return {};
    lookup.bind(1, id);
    std::string value = lookup.step() ? lookup.text(0) : std::string();
    lookup.reset();
    return value;
}

} // namespace

bool buildDerivedGraph(Database& db, GraphModel* out, std::vector<std::int64_t>* trackIds, Error* error) {
    *out = GraphModel{};
    out->format = "derived";
    out->derived = true;
    try {
        bool computeOnly = false;
        *trackIds = chooseTracks(db, &computeOnly);
        if (trackIds->empty()) return true;
        const std::string tracks = idList(*trackIds);
        std::unordered_map<std::int64_t, NameStats> names;
        std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> order; // (name, next name) -> count
        Statement st = db.prepare("SELECT track_id, name_id, dur, type_id, cat_id FROM slice WHERE track_id IN (" +
                                  tracks + ") AND depth = 0 AND (flags & 8) = 0 ORDER BY track_id, ts");
        std::int64_t prevTrack = -1, prevName = -1;
        while (st.step()) {
            std::int64_t track = st.int64(0), name = st.int64(1);
            NameStats& s = names[name];
            s.totalNs += st.int64(2);
            if (!s.typeId && !st.isNull(3)) s.typeId = st.int64(3);
            if (!s.catId && !st.isNull(4)) s.catId = st.int64(4);
            if (track == prevTrack && name != prevName) ++order[{prevName, name}];
            prevTrack = track;
            prevName = name;
        }
        std::vector<std::pair<std::int64_t, NameStats>> ranked(names.begin(), names.end());
        std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
            return a.second.totalNs != b.second.totalNs ? a.second.totalNs > b.second.totalNs : a.first < b.first;
        });
        if (ranked.size() > kMaxDerivedNodes) {
            out->skippedNodes = static_cast<std::int64_t>(ranked.size() - kMaxDerivedNodes);
            ranked.resize(kMaxDerivedNodes);
        }
        std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        std::unordered_map<std::int64_t, std::uint32_t> nodeOfName;
        Statement lookup = db.prepare("SELECT value FROM string WHERE id = ?");
        for (const auto& [nameId, stats] : ranked) {
            GraphNodeInput node;
            node.name = stringAt(lookup, nameId);
            node.type = stringAt(lookup, stats.typeId ? stats.typeId : stats.catId);
            node.scope = scopeOfName(node.name);
            node.order = static_cast<std::int64_t>(out->nodes.size());
            nodeOfName[nameId] = static_cast<std::uint32_t>(out->nodes.size());
            out->nodes.push_back(std::move(node));
        }
        for (const auto& [pair, count] : order) {
            auto a = nodeOfName.find(pair.first), b = nodeOfName.find(pair.second);
            if (a != nodeOfName.end() && b != nodeOfName.end())
                out->edges.push_back({a->second, b->second, "order", {}, {}});
        }
        Statement flows = db.prepare("SELECT so.name_id, si.name_id FROM flow f JOIN slice so ON so.id = f.slice_out "
                                     "JOIN slice si ON si.id = f.slice_in WHERE so.track_id IN (" + tracks +
                                     ") AND si.track_id IN (" + tracks + ") AND so.track_id != si.track_id");
        while (flows.step()) {
            auto a = nodeOfName.find(flows.int64(0)), b = nodeOfName.find(flows.int64(1));
            if (a != nodeOfName.end() && b != nodeOfName.end() && a->second != b->second)
                out->edges.push_back({a->second, b->second, "flow", {}, {}});
        }
        if (!computeOnly) out->name = "top-level slices";
        return true;
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
}

} // namespace opscope
