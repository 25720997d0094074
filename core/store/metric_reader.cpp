#include "core/store/metric_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

namespace {
Error metricError(const Database& db, const char* what) {
    return Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", what};
}
} // namespace

bool readMetricKeys(Database& db, std::vector<MetricKeyRow>* out, Error* error) {
    try {
        Statement st = db.prepare("SELECT id, name, coalesce(unit, ''), coalesce(group_name, '') FROM metric_key");
        while (st.step()) out->push_back({st.int64(0), st.text(1), st.text(2), st.text(3)});
    } catch (const SqliteError& e) {
        if (error) *error = metricError(db, e.what());
        return false;
    }
    return true;
}

bool readMetricKeyIds(Database& db, std::vector<std::int64_t>* out, Error* error) {
    try {
        Statement keys = db.prepare("SELECT id FROM metric_key ORDER BY id");
        while (keys.step()) out->push_back(keys.int64(0));
    } catch (const SqliteError& e) {
        if (error) *error = metricError(db, e.what());
        return false;
    }
    return true;
}

bool readAllMetricValues(Database& db,
                         const std::function<void(std::int64_t sliceId, std::int64_t keyId, double value)>& onValue,
                         Error* error) {
    try {
        Statement st = db.prepare("SELECT slice_id, key_id, num FROM slice_metric WHERE num IS NOT NULL");
        while (st.step()) onValue(st.int64(0), st.int64(1), st.real(2));
    } catch (const SqliteError& e) {
        if (error) *error = metricError(db, e.what());
        return false;
    }
    return true;
}

bool readMetricValues(Database& db, std::int64_t keyId,
                      const std::function<void(std::int64_t sliceId, double value)>& onValue, Error* error) {
    try {
        Statement st = db.prepare("SELECT slice_id, num FROM slice_metric WHERE key_id = ? AND num IS NOT NULL");
        st.bind(1, keyId);
        while (st.step()) onValue(st.int64(0), st.real(1));
    } catch (const SqliteError& e) {
        if (error) *error = metricError(db, e.what());
        return false;
    }
    return true;
}

} // namespace opscope
