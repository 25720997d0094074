#include "core/store/derived_graph_reader.h"

#include "core/store/sqlite_db.h"

#include <string>

namespace opscope {

namespace {
std::string idList(const std::vector<std::int64_t>& ids) {
    std::string out;
    for (std::int64_t id : ids) out += (out.empty() ? "" : ",") + std::to_string(id);
    return out;
}

std::vector<std::int64_t> ids(Database& db, const char* sql) {
    std::vector<std::int64_t> out;
    Statement st = db.prepare(sql);
    while (st.step()) out.push_back(st.int64(0));
    return out;
}
} // namespace

std::vector<std::int64_t> readComputeSliceTracks(Database& db) {
    return ids(db, "SELECT id FROM track WHERE is_compute = 1 AND kind IN ('thread', 'async') "
                   "AND slice_count > 0 ORDER BY id");
}

std::vector<std::int64_t> readThreadSliceTracks(Database& db) {
    return ids(db, "SELECT id FROM track WHERE kind = 'thread' AND slice_count > 0 ORDER BY id");
}

void forEachTopLevelSlice(Database& db, const std::vector<std::int64_t>& trackIds,
                          const std::function<void(const TopLevelSliceRow&)>& onRow) {
    Statement st = db.prepare("SELECT track_id, name_id, dur, type_id, cat_id FROM slice WHERE track_id IN (" +
                              idList(trackIds) + ") AND depth = 0 AND (flags & 8) = 0 ORDER BY track_id, ts");
    TopLevelSliceRow row;
    while (st.step()) {
        row.trackId = st.int64(0);
        row.nameId = st.int64(1);
        row.durNs = st.int64(2);
        row.typeId = st.isNull(3) ? 0 : st.int64(3);
        row.catId = st.isNull(4) ? 0 : st.int64(4);
        onRow(row);
    }
}

std::vector<std::pair<std::int64_t, std::int64_t>> readCrossTrackFlowNames(Database& db,
                                                                           const std::vector<std::int64_t>& trackIds) {
    const std::string tracks = idList(trackIds);
    Statement st = db.prepare("SELECT so.name_id, si.name_id FROM flow f JOIN slice so ON so.id = f.slice_out "
                              "JOIN slice si ON si.id = f.slice_in WHERE so.track_id IN (" + tracks +
                              ") AND si.track_id IN (" + tracks + ") AND so.track_id != si.track_id");
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    while (st.step()) out.emplace_back(st.int64(0), st.int64(1));
    return out;
}

} // namespace opscope
