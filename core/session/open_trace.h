// Opening a trace: reuse its store when it is up to date, otherwise import it (any format the importer
// registry knows: Chrome JSON file, Ascend folder or file; or an opscope store as is) into a temporary file
// renamed on success. TraceSession::open builds on it.
#pragma once
#include "core/importers/import_progress.h"
#include "core/model/error.h"
#include "core/store/trace_store.h"

#include <string>
#include <vector>

namespace opscope {

// Imports or reuses. Several trace paths go into one store (multi-device / multi-rank).
bool openTrace(const std::vector<std::string>& tracePaths, const OpenOptions& options,
               const ImportProgress& progress, OpenResult* result, Error* error);

} // namespace opscope
