// The per-rank, per-step figures the cluster summary is built from, and the small interface that
// supplies them. Two suppliers exist: the rows of msprof-analyze's cluster_step_trace_time.csv (or
// cluster_analysis.db), and the rank traces themselves through the device-time breakdown
// (core/analysis/cluster/breakdown_rank_steps.h).
#pragma once
#include "core/model/cluster.h"
#include "core/model/time.h"

#include <string>
#include <vector>

namespace opscope {

// One rank's step. Definitions (docs/cluster.md): compute = union of the rank's compute slices;
// communication = union of its communication slices; not overlapped = communication minus compute;
// free = the gaps of compute ∪ communication in the step; stage = the step's span on that rank.
struct RankStepFigures {
    int rank = -1;
    std::string step; // "" when the source has no steps
    TimeNs computeNs = 0;
    TimeNs communicationNs = 0;
    TimeNs communicationNotOverlappedNs = 0;
    TimeNs freeNs = 0;
    TimeNs stageNs = 0;
    TimeNs startNs = 0; // the step's start on that rank's clock (0 when unknown)
};

class RankStepSource {
public:
    virtual ~RankStepSource() = default;
    // Rows sorted by (rank, step order); a rank without steps has one row with step "".
    virtual std::vector<RankStepFigures> rankSteps() const = 0;
    // Names where the figures come from ("cluster_step_trace_time.csv", "device tasks").
    virtual std::string sourceName() const = 0;
};

// The "rank" rows of a cluster_step table, as figures (stage rows are left out).
std::vector<RankStepFigures> figuresFromClusterSteps(const std::vector<ClusterStepRow>& rows);

class ClusterStepSource : public RankStepSource {
public:
    explicit ClusterStepSource(std::vector<ClusterStepRow> rows) : rows_(std::move(rows)) {}
    std::vector<RankStepFigures> rankSteps() const override { return figuresFromClusterSteps(rows_); }
    std::string sourceName() const override { return "cluster_step_trace_time"; }

private:
    std::vector<ClusterStepRow> rows_;
};

} // namespace opscope
