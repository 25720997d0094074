#include "core/store/rank_tasks_reader.h"

namespace opscope {

RankTaskRows readRankIdentityRows(Database& db) {
    RankTaskRows out;
    const bool hasRank = db.scalarInt("SELECT count(*) FROM pragma_table_info('device') WHERE name = 'rank'") > 0;
    Statement devices = db.prepare(std::string("SELECT id, ") + (hasRank ? "coalesce(rank, -1)" : "-1") +
                                   ", coalesce(ordinal, 0), name FROM device ORDER BY id");
    while (devices.step())
        out.devices.push_back({devices.int64(0), static_cast<int>(devices.int64(1)), static_cast<int>(devices.int64(2)),
                               devices.text(3)});
    Statement processes = db.prepare("SELECT id, pid, coalesce(device_id, 0) FROM process ORDER BY id");
    while (processes.step()) out.processes.push_back({processes.int64(0), processes.text(1), processes.int64(2)});
    return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>> readTrackProcesses(Database& db) {
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    Statement st = db.prepare("SELECT id, process_id FROM track ORDER BY id");
    while (st.step()) out.emplace_back(st.int64(0), st.int64(1));
    return out;
}

RankTaskRows readRankTaskRows(Database& db) {
    RankTaskRows out = readRankIdentityRows(db);
    // Overlap Analysis lanes and counters are results or samples, not tasks.
    Statement tasks = db.prepare(
        "SELECT t.device_id, coalesce(p.name, ''), coalesce(th.name, ''), n.value, coalesce(c.value, ''), "
        "coalesce(json_extract(a.json, '$.\"Task Type\"'), ''), s.ts, s.dur, t.is_compute "
        "FROM slice s JOIN track t ON t.id = s.track_id JOIN process p ON p.id = t.process_id "
        "LEFT JOIN thread th ON th.id = t.thread_id JOIN string n ON n.id = s.name_id "
        "LEFT JOIN string c ON c.id = s.cat_id LEFT JOIN args a ON a.id = s.arg_id "
        "WHERE t.device_id IS NOT NULL AND t.kind IN ('thread', 'async') "
        "AND coalesce(p.name, '') NOT LIKE 'Overlap Analysis%' ORDER BY t.device_id, s.ts");
    while (tasks.step()) {
        DeviceTaskRow r;
        r.deviceId = tasks.int64(0);
        r.processName = tasks.text(1);
        r.threadName = tasks.text(2);
        r.name = tasks.text(3);
        r.category = tasks.text(4);
        r.taskType = tasks.text(5);
        r.tsNs = tasks.int64(6);
        r.durNs = tasks.int64(7);
        r.computeTrack = tasks.int64(8) != 0;
        out.tasks.push_back(std::move(r));
    }
    Statement steps = db.prepare(
        "SELECT t.process_id, coalesce(t.device_id, 0), n.value, s.ts, s.dur FROM slice s "
        "JOIN track t ON t.id = s.track_id JOIN string n ON n.id = s.name_id "
        "WHERE t.kind = 'step' OR (t.device_id IS NULL AND n.value LIKE 'ProfilerStep#%') ORDER BY s.ts");
    while (steps.step())
        out.steps.push_back({steps.int64(0), steps.int64(1), steps.text(2), steps.int64(3), steps.int64(4)});
    return out;
}

} // namespace opscope
