// Imports a Chrome Trace Event file (.json or .json.gz; bare array or {"traceEvents": [...]})
// into a trace sink (core/model/trace_sink.h), streaming: the file is read in chunks and never held whole.
#pragma once
#include "core/importers/import_progress.h"
#include "core/model/error.h"
#include "core/model/trace_sink.h"

#include <string>

namespace opscope {

struct ChromeImportOptions {
    // Added to every timestamp (ns): used to align several devices or ranks on one time base.
    TimeNs clockOffsetNs = 0;
    // Prefix for process keys so that several files can share one store without pid collisions.
    std::string processKeyPrefix;
};

struct ChromeImportResult {
    std::int64_t events = 0;
    std::int64_t bytes = 0;
    int rank = -1; // Kineto's top-level distributedInfo.rank; -1: absent
};

// The rank in a Kineto distributedInfo object's JSON text; -1 when absent or not a small integer.
int rankOfDistributedInfo(std::string_view json);

// Returns false and fills error on a fatal problem (the writer must then be discarded);
// recoverable oddities go to writer.addWarning().
bool importChromeTrace(const std::string& path, TraceSink& writer, const ChromeImportOptions& options,
                       const ImportProgress& progress, ChromeImportResult* result, Error* error);

} // namespace opscope
