// The inputs of one job (ranks) imported at once: a pool of workers sized to the cores parses each
// input into its own temporary store (StoreWriter, parse and finish in parallel), at most one input in
// flight per worker so memory stays that of `jobs` ranks; the finished parts are then appended in input
// order into the one store (StoreMerger), which holds the same rows as a sequential import.
#pragma once
#include "core/importers/device_class/device_class_rules.h"
#include "core/importers/import_progress.h"
#include "core/importers/registry/importer_registry.h"
#include "core/model/error.h"
#include "core/store/store_merge.h"

#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace opscope {

// The workers a request for `requested` gives: requested when positive, else one per core (at least 1).
unsigned importJobCount(int requested);

// min(jobs, inputs) threads (at least one) running work, each with the caller's choice for cut-off
// traces (KeepEventsBeforeCut, a thread-local scope); the caller joins them.
std::vector<std::thread> startImportWorkers(unsigned jobs, std::size_t inputs, const std::function<void()>& work);

// Imports every path (expanded job inputs) on min(jobs, paths) workers and appends the parts into merger.
// One cancel (progress.cancelFlag) or one failing input stops every worker; the part files are removed in
// every case. total receives the events, bytes, used and skipped files of all inputs.
bool importInParallel(const std::vector<std::string>& paths, unsigned jobs, const DeviceClassRules& classRules,
                      const ImportProgress& progress, StoreMerger& merger, ImportedInput* total, Error* error);

} // namespace opscope
