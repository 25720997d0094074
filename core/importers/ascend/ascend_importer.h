// Imports Ascend profiling output: a torch_npu *_ascend_pt folder, an msprof PROF_* folder, a folder
// holding several devices or ranks, or any single file of those (trace_view.json, kernel_details.csv,
// op_summary_*.csv, msprof_*.db ...). The folder is recognised by its content, not its name.
#pragma once
#include "core/importers/import_progress.h"
#include "core/model/error.h"
#include "core/model/trace_sink.h"

#include <string>
#include <vector>

namespace opscope {

struct AscendImportReport {
    std::vector<std::string> usedFiles;
    std::vector<std::string> skippedFiles; // "path: reason"
    std::int64_t events = 0;
    std::int64_t bytes = 0;
    std::int64_t joinedRows = 0;   // CSV rows joined to timeline slices
    std::int64_t unjoinedRows = 0; // CSV rows with no timeline slice (imported as slices of their own)
    std::int64_t counterSamples = 0; // samples from counter CSVs and DB counter tables
    std::vector<Error> fileErrors;   // per-file problems (unknown header, cut short ...); the rest imported
};

// True when the path is an Ascend folder or one of the Ascend files opscope reads.
bool isAscendInput(const std::string& path);

// Imports everything usable below path into writer. Bad files are reported and skipped; returns false
// only when nothing could be imported (error then says why). fallbackRank (>= 0) is the rank of a
// single unit whose files do not say it (one input of several).
bool importAscend(const std::string& path, TraceSink& writer, const ImportProgress& progress,
                  AscendImportReport* report, Error* error, int fallbackRank = -1);

} // namespace opscope
