#include "core/store/alignment_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

namespace {

std::string likeAny(const std::vector<std::string>& patterns, bool prefix) {
    std::string sql;
    for (const std::string& p : patterns) {
        std::string escaped;
        for (char c : p) {
            if (c == '\'') escaped += "''";
            else if (c == '%' || c == '_' || c == '\\') escaped += std::string("\\") + c;
            else escaped.push_back(c);
        }
        if (!sql.empty()) sql += " OR ";
        sql += "value LIKE '" + std::string(prefix ? "" : "%") + escaped + "%' ESCAPE '\\'";
    }
    return sql.empty() ? "0" : sql;
}

} // namespace

bool storeHasClockOffsets(Database& db) {
    return db.scalarInt("SELECT count(*) FROM device WHERE clock_offset_ns != 0") > 0;
}

std::vector<ProcessDeviceRow> readProcessDevices(Database& db) {
    std::vector<ProcessDeviceRow> out;
    Statement st = db.prepare("SELECT p.id, p.pid, coalesce(p.device_id, 0), coalesce(d.name, ''), "
                              "coalesce(d.ordinal, 0) FROM process p LEFT JOIN device d ON d.id = p.device_id ORDER BY p.id");
    while (st.step()) out.push_back({st.int64(0), st.text(1), st.int64(2), st.text(3), static_cast<int>(st.int64(4))});
    return out;
}

std::unordered_map<std::int64_t, MarkerAnchor> readFirstMarkers(Database& db, const std::vector<std::string>& patterns,
                                                                MarkerMatch match) {
    const std::string where =
        match == MarkerMatch::StepOrPrefix
            ? "t.kind = 'step' OR s.name_id IN (SELECT id FROM string WHERE " + likeAny(patterns, true) + ")"
            : "s.name_id IN (SELECT id FROM string WHERE " + likeAny(patterns, false) + ")";
    // SQLite takes bare columns from the row that holds min(ts).
    Statement st = db.prepare("SELECT t.process_id, min(s.ts), s.ts + s.dur, n.value FROM slice s "
                              "JOIN track t ON t.id = s.track_id JOIN string n ON n.id = s.name_id WHERE " +
                              where + " GROUP BY t.process_id");
    std::unordered_map<std::int64_t, MarkerAnchor> out;
    while (st.step()) out[st.int64(0)] = {st.int64(1), st.int64(2), st.text(3)};
    return out;
}

} // namespace opscope
