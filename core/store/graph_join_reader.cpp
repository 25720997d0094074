#include "core/store/graph_join_reader.h"

namespace opscope {

void forEachJoinCandidate(Database& db, const std::vector<std::int64_t>& trackIds,
                          const std::function<void(const JoinCandidateRow&)>& onRow) {
    std::string sql = "SELECT s.id, s.ts, s.arg_id, s.name_id, t.is_compute FROM slice s JOIN track t ON t.id = s.track_id "
                      "WHERE (s.flags & 8) = 0 AND t.kind IN ('thread', 'async')";
    if (!trackIds.empty()) {
        sql += " AND s.track_id IN (";
        for (std::size_t i = 0; i < trackIds.size(); ++i) sql += (i ? "," : "") + std::to_string(trackIds[i]);
        sql += ")";
    }
    Statement st = db.prepare(sql + " ORDER BY s.ts, s.id");
    JoinCandidateRow row;
    while (st.step()) {
        row.sliceId = st.int64(0);
        row.tsNs = st.int64(1);
        row.argId = st.isNull(2) ? 0 : st.int64(2);
        row.nameId = st.int64(3);
        row.onComputeTrack = st.int64(4) != 0;
        onRow(row);
    }
}

JoinIdLookup::JoinIdLookup(Database& db)
    : statement_(db.prepare("SELECT json_extract(json, '$.\"Record function id\"'), "
                            "json_extract(json, '$.\"External id\"') FROM args WHERE id = ?")) {}

bool JoinIdLookup::lookup(std::int64_t argId, std::optional<std::int64_t>* recordFunctionId,
                          std::optional<std::int64_t>* externalId) {
    recordFunctionId->reset();
    externalId->reset();
    statement_.bind(1, argId);
    const bool found = statement_.step();
    if (found) {
        if (!statement_.isNull(0)) *recordFunctionId = statement_.int64(0);
        if (!statement_.isNull(1)) *externalId = statement_.int64(1);
    }
    statement_.reset();
    return found;
}

namespace {

// The operator slices a graph covers: tracks and categories of its joined slices.
const char* kUnjoinedFrom =
    " FROM slice s WHERE (s.flags & 8) = 0"
    " AND s.track_id IN (SELECT DISTINCT j.track_id FROM graph_node_slice g JOIN slice j ON j.id = g.slice_id"
    "   JOIN graph_node n ON n.id = g.node_id WHERE n.graph_id = ?1)"
    " AND coalesce(s.cat_id, 0) IN (SELECT DISTINCT coalesce(j.cat_id, 0) FROM graph_node_slice g"
    "   JOIN slice j ON j.id = g.slice_id JOIN graph_node n ON n.id = g.node_id WHERE n.graph_id = ?1)"
    " AND NOT EXISTS (SELECT 1 FROM graph_node_slice g JOIN graph_node n ON n.id = g.node_id"
    "   WHERE g.slice_id = s.id AND n.graph_id = ?1)";

} // namespace

std::int64_t countUnjoinedSlices(Database& db, std::int64_t graphId) {
    Statement st = db.prepare(std::string("SELECT count(*)") + kUnjoinedFrom);
    st.bind(1, graphId);
    return st.step() ? st.int64(0) : 0;
}

std::vector<UnjoinedNameRow> readUnjoinedNames(Database& db, std::int64_t graphId, int limit) {
    Statement st = db.prepare(std::string("SELECT (SELECT value FROM string WHERE id = s.name_id), count(*), "
                                          "sum(s.dur)") + kUnjoinedFrom +
                              " GROUP BY s.name_id ORDER BY count(*) DESC, sum(s.dur) DESC LIMIT ?2");
    st.bind(1, graphId);
    st.bind(2, static_cast<std::int64_t>(limit));
    std::vector<UnjoinedNameRow> out;
    while (st.step()) out.push_back({st.text(0), st.int64(1), st.int64(2)});
    return out;
}

} // namespace opscope
