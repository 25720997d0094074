#include "core/store/comm_transfer_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

namespace {

// A field of the slice's args, else the DB import's metric of that name.
std::string fieldOrMetric(const char* argsKey, const char* metric, const char* column) {
    return std::string("coalesce(json_extract(a.json, '$.\"") + argsKey + "\"'), (SELECT m." + column +
           " FROM slice_metric m JOIN metric_key k ON k.id = m.key_id WHERE m.slice_id = s.id AND k.name = '" + metric +
           "'))";
}

} // namespace

bool readCommTransfers(Database& db, std::vector<CommTransferRow>* out, Error* error) {
    out->clear();
    try {
        if (!db.tableExists("slice") || !db.tableExists("metric_key")) return true;
        Statement st = db.prepare(
            "SELECT s.id, s.ts, s.dur, " + fieldOrMetric("transport type", "transport type", "txt") + ", " +
            fieldOrMetric("link type", "link type", "txt") + ", " + fieldOrMetric("size(Byte)", "size", "num") +
            " FROM slice s JOIN track t ON t.id = s.track_id JOIN thread th ON th.id = t.thread_id "
            "LEFT JOIN args a ON a.id = s.arg_id WHERE th.name LIKE 'Plane %' ORDER BY s.ts, s.id");
        while (st.step()) {
            CommTransferRow r;
            r.sliceId = st.int64(0);
            r.tsNs = st.int64(1);
            r.durNs = st.int64(2);
            r.transport = st.isNull(3) ? std::string() : st.text(3);
            r.link = st.isNull(4) ? std::string() : st.text(4);
            if (!st.isNull(5)) r.sizeBytes = st.real(5);
            out->push_back(std::move(r));
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, {}, e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
