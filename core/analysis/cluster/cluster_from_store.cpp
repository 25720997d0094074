#include "core/analysis/cluster/cluster_from_store.h"

#include "core/analysis/cluster/trace_rank_steps.h"
#include "core/store/cluster_tables.h"
#include "core/store/rank_tasks_reader.h"

namespace opscope {

bool summarizeClusterStore(Database& db, ClusterSourceChoice choice, ClusterSummary* out, Error* error) {
    std::vector<CommOpRank> ops = readCommOps(db);
    std::vector<CommKernel> kernels = kernelsFromCommOps(ops);
    if (choice != ClusterSourceChoice::ClusterSteps) {
        TraceRankStepSource traces(readRankTaskRows(db));
        ClusterSummary s = summarizeCluster(traces, ops, kernels);
        if (!s.figures.empty() || choice == ClusterSourceChoice::DeviceTasks) {
            *out = std::move(s);
            return true;
        }
    }
    std::vector<ClusterStepRow> steps = readClusterSteps(db);
    if (steps.empty()) {
        *error = Error{ErrorCode::UnknownFormat, db.path(), -1, -1, -1,
                       "rank traces with device tasks, or msprof-analyze cluster_step_trace_time rows", {}};
        return false;
    }
    *out = summarizeCluster(ClusterStepSource(std::move(steps)), ops, kernels);
    return true;
}

} // namespace opscope
