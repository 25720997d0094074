#include "core/store/process_track_reader.h"

#include "core/store/sqlite_db.h"

namespace opscope {

namespace {
std::vector<ProcessRow> processRows(Statement& st) {
    std::vector<ProcessRow> out;
    while (st.step()) out.push_back({st.int64(0), st.text(1), st.text(2), st.text(3)});
    return out;
}
} // namespace

std::vector<ProcessRow> readProcessesAfter(Database& db, std::int64_t afterId) {
    Statement st = db.prepare("SELECT id, pid, coalesce(name, ''), coalesce(labels, '') FROM process "
                              "WHERE id > ? ORDER BY id");
    st.bind(1, afterId);
    return processRows(st);
}

std::vector<ProcessRow> readProcessesWithoutDevice(Database& db) {
    Statement st = db.prepare("SELECT id, pid, coalesce(name,''), coalesce(labels,'') FROM process "
                              "WHERE device_id IS NULL");
    return processRows(st);
}

std::int64_t maxProcessId(Database& db) { return db.scalarInt("SELECT coalesce(max(id), 0) FROM process"); }

std::vector<TrackThreadRow> readTracksAfterProcess(Database& db, std::int64_t afterProcess) {
    Statement st = db.prepare("SELECT t.id, t.process_id, coalesce(th.name, '') FROM track t "
                              "LEFT JOIN thread th ON th.id = t.thread_id WHERE t.process_id > ?");
    st.bind(1, afterProcess);
    std::vector<TrackThreadRow> out;
    while (st.step()) out.push_back({st.int64(0), st.int64(1), st.text(2)});
    return out;
}

std::map<std::int64_t, std::vector<std::int64_t>> readThreadTracksByProcess(Database& db) {
    std::map<std::int64_t, std::vector<std::int64_t>> out;
    Statement st = db.prepare("SELECT id, process_id FROM track WHERE kind = 'thread'");
    while (st.step()) out[st.int64(1)].push_back(st.int64(0));
    return out;
}

} // namespace opscope
