#include "core/store/profiler_step_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

bool readProfilerStepSpans(Database& db, std::vector<TimeRange>* out, Error* error) {
    out->clear();
    try {
        // The string range keeps the name index usable: 'ProfilerStep$' is the first string past the prefix.
        Statement st = db.prepare(
            "SELECT s.ts, s.dur FROM slice s JOIN track t ON t.id = s.track_id "
            "WHERE t.device_id IS NULL AND s.dur > 0 AND s.name_id IN "
            "(SELECT id FROM string WHERE value >= 'ProfilerStep#' AND value < 'ProfilerStep$') ORDER BY s.ts");
        while (st.step()) {
            TimeNs end = 0;
            if (!__builtin_add_overflow(st.int64(0), st.int64(1), &end)) out->push_back({st.int64(0), end});
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
