// What the per-rank breakdown needs from a store of rank traces: each device with its rank, its
// device slices (with the process, thread and Ascend "Task Type" that classify them) and the step
// markers of every process (ProfilerStep#N on host threads, step tracks on devices).
#pragma once
#include "core/model/time.h"
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

struct DeviceTaskRow {
    std::int64_t deviceId = 0;
    std::string processName, threadName, name, category, taskType;
    TimeNs tsNs = 0, durNs = 0;
    bool computeTrack = false;
};

struct StepMarkerRow {
    std::int64_t processId = 0;
    std::int64_t deviceId = 0; // step tracks of a device; 0 for host ProfilerStep slices
    std::string name;
    TimeNs tsNs = 0, durNs = 0;
};

struct RankTaskRows {
    std::vector<RankDeviceRow> devices;
    std::vector<RankProcessRow> processes;
    std::vector<DeviceTaskRow> tasks; // by (device, ts)
    std::vector<StepMarkerRow> steps; // by ts
};

RankTaskRows readRankTaskRows(Database& db);
// Only devices and processes (no tasks, no steps): what the job clock needs.
RankTaskRows readRankIdentityRows(Database& db);
// track id -> process id, for every track.
std::vector<std::pair<std::int64_t, std::int64_t>> readTrackProcesses(Database& db);

} // namespace opscope
