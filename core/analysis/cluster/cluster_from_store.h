// The cluster summary of an opened store: from the ranks' own device tasks when the store holds rank
// traces, else from the cluster_step rows of msprof-analyze's output. The one entry point the CLI,
// the views and the tests share.
#pragma once
#include "core/analysis/cluster/cluster_summary.h"
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

namespace opscope {

enum class ClusterSourceChoice { Auto, DeviceTasks, ClusterSteps };

// False (error UnknownFormat naming the store) when the store has neither.
bool summarizeClusterStore(Database& db, ClusterSourceChoice choice, ClusterSummary* out, Error* error);

} // namespace opscope
