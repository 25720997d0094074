// What a caller asks of a job's cluster figures (the source, manual per-rank clock offsets) and the
// communication view's data: plain types shared by the session, the CLI and the views.
#pragma once
#include "core/analysis/cluster/cluster_summary.h"
#include "core/analysis/communication/communication_analysis.h"
#include "core/analysis/communication/nccl_args.h"
#include "core/model/time.h"

#include <map>
#include <vector>

namespace opscope {

enum class ClusterSourceChoice { Auto, DeviceTasks, ClusterSteps };

// manualRankOffsetsNs: rank -> ns added on top of the automatic alignment of the job clock.
struct ClusterQuery {
    ClusterSourceChoice source = ClusterSourceChoice::Auto;
    std::map<int, TimeNs> manualRankOffsetsNs;
};

// The communication report (per rank, per link type, the matrix), the advisor's slow links, and the
// operators per rank and the matrix links it was computed from (a click reaches them on the timeline).
struct CommunicationOverview {
    CommunicationReport report;
    std::vector<SlowLink> slowLinks;
    std::vector<CommOpRank> ops;        // by (group, step, op, rank)
    std::vector<CommMatrixLink> links;
    std::vector<NcclCollective> nccl;   // Kineto NCCL kernels with their collective's args, by (rank, start)
};

} // namespace opscope
