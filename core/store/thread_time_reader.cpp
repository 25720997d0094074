#include "core/store/thread_time_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

bool readThreadDurations(Database& db, std::unordered_map<std::int64_t, TimeNs>* out, Error* error) {
    out->clear();
    try {
        if (!db.tableExists("stat")) return true;
        if (db.scalarInt("SELECT coalesce(max(value), 0) FROM stat WHERE name = 'slices.with_thread_time'") <= 0)
            return true;
        Statement st = db.prepare("SELECT id, thread_dur FROM slice WHERE thread_dur IS NOT NULL");
        while (st.step()) out->emplace(st.int64(0), st.int64(1));
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, {}, e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
