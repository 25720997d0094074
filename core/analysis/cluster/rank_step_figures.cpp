#include "core/analysis/cluster/rank_step_figures.h"

#include <algorithm>

namespace opscope {

std::vector<RankStepFigures> figuresFromClusterSteps(const std::vector<ClusterStepRow>& rows) {
    std::vector<RankStepFigures> out;
    for (const ClusterStepRow& r : rows) {
        if (r.type != "rank" || r.rank < 0) continue;
        RankStepFigures f;
        f.rank = r.rank;
        f.step = r.step;
        f.computeNs = r.computingNs;
        f.communicationNs = r.communicationNs;
        f.communicationNotOverlappedNs = r.communicationNotOverlappedNs;
        f.freeNs = r.freeNs;
        f.stageNs = r.stageNs;
        out.push_back(std::move(f));
    }
    std::stable_sort(out.begin(), out.end(), [](const RankStepFigures& a, const RankStepFigures& b) {
        return a.rank < b.rank;
    });
    return out;
}

} // namespace opscope
