// Per-rank step figures computed from the rank traces themselves (interim supplier of
// RankStepSource). Classes follow analysis-definitions.md §1 for Ascend: compute = device tasks of
// type AI_CORE, AI_VECTOR_CORE, AI_CPU, MIX_AIC, MIX_AIV, and DSA_SQE operators (names ending AicpuKernel / AivKernel are
// communication); communication = the HCCL operators ("Group N Communication" threads) and HCCL /
// NCCL kernels; for GPUs compute = kernels on compute streams that are not NCCL. At merge this
// supplier is meant to read the device-time classes of core/analysis/breakdown/ instead.
#pragma once
#include "core/analysis/cluster/rank_step_figures.h"
#include "core/store/rank_tasks_reader.h"

namespace opscope {

enum class ClusterTaskClass { Compute, Communication, Neither };
ClusterTaskClass classifyClusterTask(const DeviceTaskRow& task);

// "ProfilerStep#50" -> "50", "Step 7" -> "7"; other names unchanged.
std::string stepLabelOf(const std::string& markerName);

class TraceRankStepSource : public RankStepSource {
public:
    explicit TraceRankStepSource(RankTaskRows rows) : rows_(std::move(rows)) {}
    std::vector<RankStepFigures> rankSteps() const override;
    std::string sourceName() const override { return "device_tasks"; }

private:
    RankTaskRows rows_;
};

} // namespace opscope
