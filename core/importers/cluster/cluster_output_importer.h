// Opens msprof-analyze's cluster_analysis_output on its own: cluster_step_trace_time.csv,
// cluster_communication.json, cluster_communication_matrix.json, communication_group.json and
// cluster_analysis.db become the cluster_* / comm_* tables of one store (no timeline). Every file in
// the folder is listed in source_file as used, skipped (with why) or failed.
#pragma once
#include "core/importers/import_progress.h"
#include "core/model/error.h"
#include "core/model/trace_sink.h"

#include <string>
#include <vector>

namespace opscope {

struct ClusterImportReport {
    std::vector<std::string> usedFiles;
    std::vector<std::string> skippedFiles; // "path: reason"
    std::int64_t stepRows = 0, commOps = 0, commLinks = 0, commGroups = 0;
    std::vector<Error> fileErrors;
};

// True for a cluster_analysis_output folder (by name, or by holding one of the files above at its
// top level) or for one of those files.
bool isClusterAnalysisOutput(const std::string& path);

// False, with error naming the input, when nothing in it could be read: never an empty store.
bool importClusterOutput(const std::string& path, TraceSink& writer, const ImportProgress& progress,
                         ClusterImportReport* report, Error* error);

} // namespace opscope
