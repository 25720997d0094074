// Imports PyTorch's export_memory_timeline raw JSON: per category (PARAMETER, ACTIVATION, ...) the
// bytes alive over time, as memory_record rows (component = category, plus "total") and as counter
// tracks of a "PyTorch memory timeline" process. The file does not name its device: GPU 0 is assumed.
#pragma once
#include "core/importers/import_progress.h"
#include "core/model/error.h"
#include "core/model/trace_sink.h"

#include <string>

namespace opscope {

// True for a file whose first tuple is [timestamp, action, bytes, category].
bool isMemoryTimelineInput(const std::string& path);

struct MemoryTimelineReport {
    std::int64_t events = 0;
    std::int64_t bytes = 0;
};

bool importMemoryTimeline(const std::string& path, TraceSink& writer, const ImportProgress& progress,
                          MemoryTimelineReport* report, Error* error);

} // namespace opscope
