#include "core/store/track_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

bool readTracks(Database& db, std::vector<TrackRecord>* out, Error* error) {
    try {
        Statement st = db.prepare(
            "SELECT t.id, coalesce(t.process_id, 0), coalesce(t.thread_id, 0), t.kind, t.name, coalesce(t.unit, ''), t.lane, "
            "t.is_compute, coalesce(t.device_id, 0), t.slice_count, t.counter_count, "
            "coalesce(p.name, p.pid, ''), coalesce(th.name, th.tid, ''), coalesce(d.name, '') "
            "FROM track t LEFT JOIN process p ON p.id = t.process_id LEFT JOIN thread th ON th.id = t.thread_id "
            "LEFT JOIN device d ON d.id = t.device_id ORDER BY t.id");
        out->clear();
        while (st.step()) {
            TrackRecord r;
            r.id = st.int64(0);
            r.processId = st.int64(1);
            r.threadId = st.int64(2);
            r.kind = st.text(3);
            r.name = st.text(4);
            r.unit = st.text(5);
            r.lane = static_cast<int>(st.int64(6));
            r.isCompute = st.int64(7) != 0;
            r.deviceId = st.int64(8);
            r.sliceCount = st.int64(9);
            r.counterCount = st.int64(10);
            r.processName = st.text(11);
            r.threadName = st.text(12);
            r.deviceName = st.text(13);
            out->push_back(std::move(r));
        }
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
    return true;
}

} // namespace opscope
