// A graph derived from the trace when no graph file comes with it: one node per operator name on the
// device compute tracks, an "order" edge between tasks that follow each other on a track (a stream
// runs its tasks in order, so each depends on the one before), and a "flow" edge for each flow
// between two such tasks on different tracks.
#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/graph_import.h"
#include "core/store/derived_graph_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/string_reader.h"
#include "core/store/store_error.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

// Layout and view stay responsive up to this size; the rest (least total time) is left out.
constexpr std::size_t kMaxDerivedNodes = 5000;

std::vector<std::int64_t> chooseTracks(Database& db, bool* computeOnly) {
    std::vector<std::int64_t> ids = readComputeSliceTracks(db);
    *computeOnly = !ids.empty();
    return ids.empty() ? readThreadSliceTracks(db) : ids;
}

struct NameStats {
    std::int64_t totalNs = 0;
    std::int64_t typeId = 0;
    std::int64_t catId = 0;
};

} // namespace

bool buildDerivedGraph(Database& db, GraphModel* out, std::vector<std::int64_t>* trackIds, Error* error) {
    *out = GraphModel{};
    out->format = "derived";
    out->derived = true;
    try {
        bool computeOnly = false;
        *trackIds = chooseTracks(db, &computeOnly);
        if (trackIds->empty()) return true;
        std::unordered_map<std::int64_t, NameStats> names;
        std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> order; // (name, next name) -> count
        std::int64_t prevTrack = -1, prevName = -1;
        forEachTopLevelSlice(db, *trackIds, [&](const TopLevelSliceRow& row) {
            const std::int64_t track = row.trackId, name = row.nameId;
            NameStats& s = names[name];
            s.totalNs += row.durNs;
            if (!s.typeId && row.typeId) s.typeId = row.typeId;
            if (!s.catId && row.catId) s.catId = row.catId;
            if (track == prevTrack && name != prevName) ++order[{prevName, name}];
            prevTrack = track;
            prevName = name;
        });
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
        StringLookup lookup(db);
        auto stringAt = [&lookup](std::int64_t id) { return id <= 0 ? std::string() : lookup.text(id); };
        for (const auto& [nameId, stats] : ranked) {
            GraphNodeInput node;
            node.name = stringAt(nameId);
            node.type = stringAt(stats.typeId ? stats.typeId : stats.catId);
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
        for (const auto& [from, to] : readCrossTrackFlowNames(db, *trackIds)) {
            auto a = nodeOfName.find(from), b = nodeOfName.find(to);
            if (a != nodeOfName.end() && b != nodeOfName.end() && a->second != b->second)
                out->edges.push_back({a->second, b->second, "flow", {}, {}});
        }
        if (!computeOnly) out->name = "top-level slices";
        return true;
    } catch (const SqliteError& e) {
        *error = storeError(db, e.what());
        return false;
    }
}

} // namespace opscope
