// The inputs of one job (ranks) parsed at once into memory and written once: a pool of workers records
// each input's rows (core/session/recording_sink.h) while this thread replays the recordings, in input
// order and as they grow, into the job's one writer. The writer sees exactly the calls a sequential
// import makes, so the store is the same; no part store is written and no row is copied twice. Memory:
// the recordings not yet replayed hold at most a budget of bytes, beyond which their workers wait.
#pragma once
#include "core/importers/import_progress.h"
#include "core/importers/registry/importer_registry.h"
#include "core/model/error.h"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace opscope {

// The bytes of recorded, unreplayed rows a job may hold (OPSCOPE_RECORDING_BUDGET_MB overrides it).
std::size_t recordingBudgetBytes();

// How the recordings of one job are bounded: budgetBytes of unreplayed rows (0: recordingBudgetBytes()),
// handed over in chunks of chunkBytes (0: 1 MiB); when not null, budgetWaits receives how often a worker
// waited for that budget.
struct RecordingLimits {
    std::size_t budgetBytes = 0;
    std::size_t chunkBytes = 0;
    std::int64_t* budgetWaits = nullptr;
};

// Imports every path on min(jobs, paths) workers and replays them into job, in input order. One cancel
// (progress.cancelFlag) or one failing input stops every worker. identities and total receive what every
// input read, for finishImportedInputs and the import's totals.
bool importRecordedInParallel(const std::vector<std::string>& paths, unsigned jobs, const ImportProgress& progress,
                              JobRecord& job, std::map<std::string, InputIdentity>* identities,
                              ImportedInput* total, Error* error, const RecordingLimits& limits = {});

} // namespace opscope
