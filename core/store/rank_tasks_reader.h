// The rank identity of a store's devices and processes (each device with its rank, each process with
// its input prefix and device), what the job clock and the cluster merge need.
#pragma once
#include "core/store/sqlite_db.h"

#include <string>
#include <vector>

namespace opscope {

struct RankDeviceRow {
    std::int64_t id = 0;
    int rank = -1; // device.rank; -1 when the store does not know it
    int ordinal = 0;
    std::string label;
};

struct RankProcessRow {
    std::int64_t id = 0;
    std::string pid;           // process key: carries the input prefix ("1/", "ascend:<folder>|")
    std::int64_t deviceId = 0; // 0: a host process
};

struct RankTaskRows {
    std::vector<RankDeviceRow> devices;
    std::vector<RankProcessRow> processes;
};

RankTaskRows readRankIdentityRows(Database& db);
// track id -> process id, for every track.
std::vector<std::pair<std::int64_t, std::int64_t>> readTrackProcesses(Database& db);

} // namespace opscope
