#include "core/analysis/cluster/cluster_from_store.h"

#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/analysis/cluster/breakdown_rank_steps.h"
#include "core/analysis/cluster/job_clock.h"
#include "core/store/cluster_tables.h"
#include "core/store/nccl_kernel_reader.h"

namespace opscope {

bool summarizeClusterStore(Database& db, ClusterSourceChoice choice, ClusterSummary* out, Error* error) {
    std::vector<CommOpRank> ops = readCommOps(db);
    std::vector<CommKernel> kernels = kernelsFromCommOps(ops);
    if (choice != ClusterSourceChoice::ClusterSteps) {
        // The ranks' own figures are the device-time breakdown's, per device and step.
        BreakdownReport breakdown;
        if (!computeBreakdown(db, BreakdownOptions{}, &breakdown, error)) return false;
        ClusterSummary s = summarizeCluster(BreakdownRankStepSource(std::move(breakdown)), ops, kernels);
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

bool clusterSummaryOnJobClock(Database& db, const ClusterQuery& query, ClusterSummary* out, Error* error) {
    if (!summarizeClusterStore(db, query.source, out, error)) return false;
    JobClock clock;
    if (!buildJobClock(db, query.manualRankOffsetsNs, &clock, error)) return false;
    applyJobClock(clock, out);
    return true;
}

bool communicationOfStore(Database& db, CommunicationOverview* out, Error*) {
    out->ops = readCommOps(db);
    out->links = readCommLinks(db);
    out->report = analyzeCommunication(out->ops, out->links);
    // The slow-link rule needs only the operators: no step figures.
    out->slowLinks = summarizeCluster(ClusterStepSource({}), out->ops, {}).slowLinks;
    out->nccl = ncclCollectives(readNcclKernels(db));
    return true;
}

} // namespace opscope
