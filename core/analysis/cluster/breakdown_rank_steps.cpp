#include "core/analysis/cluster/breakdown_rank_steps.h"

#include <algorithm>

namespace opscope {

std::vector<RankStepFigures> figuresFromBreakdown(const BreakdownReport& report) {
    std::vector<RankStepFigures> out;
    for (std::size_t i = 0; i < report.devices.size(); ++i) {
        const DeviceBreakdown& d = report.devices[i];
        if (d.computeNs == 0 && d.communicationNs == 0) continue; // no work the summary speaks of
        const int rank = d.rank ? static_cast<int>(*d.rank) : static_cast<int>(i);
        for (const StepBreakdown& s : d.steps) {
            RankStepFigures f;
            f.rank = rank;
            f.step = std::to_string(s.step);
            f.computeNs = s.computeNs;
            f.communicationNs = s.communicationNs;
            f.communicationNotOverlappedNs = s.communicationNotOverlappedNs;
            f.freeNs = s.freeNs;
            f.stageNs = s.stageNs;
            f.startNs = s.rangeStartNs;
            out.push_back(std::move(f));
        }
        if (!d.steps.empty()) continue;
        // No ProfilerStep: the whole trace as one step. |compute ∪ communication| = compute + not overlapped.
        RankStepFigures f;
        f.rank = rank;
        f.computeNs = d.computeNs;
        f.communicationNs = d.communicationNs;
        f.communicationNotOverlappedNs = d.communicationNotOverlappedNs;
        f.stageNs = d.spanNs;
        f.freeNs = std::max<TimeNs>(d.spanNs - d.computeNs - d.communicationNotOverlappedNs, 0);
        f.startNs = d.firstStartNs;
        out.push_back(std::move(f));
    }
    std::stable_sort(out.begin(), out.end(), [](const RankStepFigures& a, const RankStepFigures& b) { return a.rank < b.rank; });
    return out;
}

} // namespace opscope
