// The per rank × step figures of a job's rank traces, taken from the device-time breakdown
// (core/analysis/breakdown): one meaning of compute, communication not overlapped, free and stage in
// the cluster summary, the Breakdown view and `opscope-cli breakdown`.
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/analysis/cluster/rank_step_figures.h"

namespace opscope {

// One row per device and step of the report (a device without steps: one row, step "", over its whole
// span). The rank is the device's rank, else its position among the report's devices.
std::vector<RankStepFigures> figuresFromBreakdown(const BreakdownReport& report);

class BreakdownRankStepSource : public RankStepSource {
public:
    explicit BreakdownRankStepSource(BreakdownReport report) : report_(std::move(report)) {}
    std::vector<RankStepFigures> rankSteps() const override { return figuresFromBreakdown(report_); }
    std::string sourceName() const override { return "device_tasks"; }

private:
    BreakdownReport report_;
};

} // namespace opscope
