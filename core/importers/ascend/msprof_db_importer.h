// msprof_*.db / ascend_pytorch_profiler_*.db read with SQLite directly, giving the store the JSON
// and CSV files would give: device tasks on "Ascend Hardware" streams with the kernel_details
// metrics (COMPUTE_TASK_INFO, TASK_PMU_INFO), communication ops and plane tasks, CANN / PyTorch /
// MSTX host ranges with host-to-device flows, Overlap Analysis, steps and the counter tables.
#pragma once
#include "core/importers/ascend/ascend_unit.h"
#include "core/importers/ascend/msprof_db.h"

#include <unordered_map>
#include <vector>

namespace opscope::ascend {

struct DbImportResult {
    std::int64_t tasks = 0, computeTasks = 0, communicationOps = 0, hostRanges = 0, counterSamples = 0, flows = 0;
    std::int64_t events() const { return tasks + communicationOps + hostRanges + counterSamples; }
};

bool importMsprofDb(UnitContext& ctx, const std::string& path, DbImportResult* result, Error* error);

// Whether some device task of the DB starts within the unit's timeline device time (the join tolerance
// around its first start and last end): a DB of another tool beside a timeline may be the same run (a
// torch_npu run's PROF_*/msprof_*.db) or another. nullopt when the unit's timeline has no device task,
// or the DB no TASK table or cannot be opened (the import proper reports that).
std::optional<bool> dbTasksWithinTimeline(const UnitContext& ctx, const std::string& path);

// True when the file is an SQLite export with the msprof tables.
bool looksLikeMsprofDb(const std::string& path);

namespace db_detail {

// What the passes share: device slices by globalTaskId and connectionId, for metrics and flows.
struct DbPass {
    UnitContext& ctx;
    MsprofDb& db;
    DbImportResult& result;
    std::unordered_map<std::int64_t, PendingSliceIndex> taskSlices;              // globalTaskId ->
    std::unordered_map<std::int64_t, std::vector<PendingSliceIndex>> deviceByConnection;
    std::unordered_map<std::int64_t, int> opDevice;                             // opId -> device
};

void importTasks(DbPass& pass);
void importTaskPmu(DbPass& pass);
void importCommunication(DbPass& pass);
void importHost(DbPass& pass);
void importCounters(DbPass& pass);
void importOverlapAndSteps(DbPass& pass);
void importMemory(DbPass& pass); // msprof_db_memory.cpp
void importChipNames(DbPass& pass); // msprof_db_chip.cpp: NPU_INFO -> meta ascend.chip_name

// ns -> "1736408883704643.212" (µs with three decimals), as the CSVs write start times.
std::string microsText(TimeNs ns);

} // namespace db_detail

} // namespace opscope::ascend
