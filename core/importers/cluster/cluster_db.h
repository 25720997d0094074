// msprof-analyze's cluster_analysis.db (DB-mode output): its ClusterStepTraceTime table read into the
// same rows as cluster_step_trace_time.csv. The values are stored as REAL µs by msprof-analyze, so
// they reach ns through SQLite's text form of the double (15 significant digits).
#pragma once
#include "core/model/cluster.h"
#include "core/model/error.h"

#include <string>
#include <vector>

namespace opscope::cluster {

// False with error when the file is not SQLite or holds none of the tables opscope reads.
bool readClusterAnalysisDb(const std::string& path, std::vector<ClusterStepRow>* steps, Error* error);

} // namespace opscope::cluster
