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

} // namespace opscope
