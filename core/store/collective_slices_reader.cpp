#include "core/store/collective_slices_reader.h"

namespace opscope {

std::vector<std::int64_t> readCollectiveSliceIds(Database& db, int rank, const std::string& opName, TimeNs startNs,
                                                 TimeNs endNs) {
    std::vector<std::int64_t> out;
    if (db.scalarInt("SELECT count(*) FROM pragma_table_info('device') WHERE name = 'rank'") == 0) return out;
    const bool anyTime = endNs <= startNs;
    Statement st = db.prepare(
        "SELECT s.id FROM slice s JOIN string n ON n.id = s.name_id JOIN track t ON t.id = s.track_id "
        "JOIN device d ON d.id = t.device_id WHERE n.value = ?1 AND d.rank = ?2 "
        "AND (?3 OR (s.ts < ?5 AND s.ts + s.dur > ?4) OR (s.dur = 0 AND s.ts = ?4)) ORDER BY s.ts, s.id LIMIT ?6");
    st.bind(1, opName).bind(2, rank).bind(3, anyTime ? 1 : 0).bind(4, startNs).bind(5, endNs).bind(6, kCollectiveSliceLimit);
    while (st.step()) out.push_back(st.int64(0));
    return out;
}

} // namespace opscope
