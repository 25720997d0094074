// The cluster summary of an opened store: from the ranks' own device tasks when the store holds rank
// traces, else from the cluster_step rows of msprof-analyze's output. The one entry point the CLI,
// the views and the tests share (through TraceSession::clusterSummary and ::communication).
#pragma once
#include "core/analysis/cluster/cluster_query.h"
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

namespace opscope {

// False (error UnknownFormat naming the store) when the store has neither.
bool summarizeClusterStore(Database& db, ClusterSourceChoice choice, ClusterSummary* out, Error* error);

// summarizeClusterStore, then the step starts moved onto the job clock (core/analysis/cluster/job_clock.h).
bool clusterSummaryOnJobClock(Database& db, const ClusterQuery& query, ClusterSummary* out, Error* error);

bool communicationOfStore(Database& db, CommunicationOverview* out, Error* error);

} // namespace opscope
