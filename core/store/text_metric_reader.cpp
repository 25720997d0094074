#include "core/store/text_metric_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

bool readTextMetric(Database& db, const std::string& metricName, std::unordered_map<std::int64_t, std::string>* out,
                    Error* error) {
    out->clear();
    try {
        if (!db.tableExists("metric_key")) return true;
        Statement st = db.prepare("SELECT m.slice_id, m.txt FROM slice_metric m JOIN metric_key k ON k.id = m.key_id "
                                  "WHERE k.name = ? AND m.txt IS NOT NULL");
        st.bind(1, metricName);
        while (st.step()) out->emplace(st.int64(0), st.text(1));
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, {}, e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
