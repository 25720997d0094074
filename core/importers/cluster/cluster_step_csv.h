// msprof-analyze's cluster_step_trace_time.csv: one row per rank and step (and per stage), µs values
// converted exactly to ns. Columns are found by header name; Preparing and the DP/PP/TP indices are
// optional (older versions lack them).
#pragma once
#include "core/model/cluster.h"
#include "core/model/error.h"

#include <string>
#include <vector>

namespace opscope::cluster {

// False with error (file, line, what was expected) when the header is not this table's or a row
// cannot be read; rows read before a bad row are kept in rows.
bool readClusterStepCsv(const std::string& path, std::vector<ClusterStepRow>* rows, Error* error);

} // namespace opscope::cluster
