#include "core/analysis/cluster/cluster_json.h"

namespace opscope {

nlohmann::json clusterSummaryJson(const ClusterSummary& s) {
    nlohmann::json ranks = nlohmann::json::array();
    for (int rank : s.ranks()) {
        nlohmann::json steps = nlohmann::json::array();
        for (const RankStepFigures& f : s.figures) {
            if (f.rank != rank) continue;
            steps.push_back({{"step", f.step},
                             {"start_ns", f.startNs},
                             {"compute_ns", f.computeNs},
                             {"communication_ns", f.communicationNs},
                             {"communication_not_overlapped_ns", f.communicationNotOverlappedNs},
                             {"free_ns", f.freeNs},
                             {"stage_ns", f.stageNs}});
        }
        ranks.push_back({{"rank", rank}, {"steps", steps}});
    }
    nlohmann::json advisor = nlohmann::json::array();
    for (const AdvisorDimension& d : s.advisor)
        advisor.push_back({{"dimension", d.dimension}, {"ratio", d.ratio}, {"fires", d.fires}, {"max_rank", d.maxRank},
                           {"min_rank", d.minRank}, {"max_ns", d.maxNs}, {"min_ns", d.minNs}});
    nlohmann::json slowRanks = nlohmann::json::array();
    for (const SlowRank& r : s.slowRanks)
        slowRanks.push_back({{"rule", r.rule}, {"rank", r.rank}, {"reason", r.reason}, {"dimension", r.dimension},
                             {"group", r.group}, {"value", r.value}});
    nlohmann::json slowLinks = nlohmann::json::array();
    for (const SlowLink& l : s.slowLinks)
        slowLinks.push_back({{"rule", l.rule}, {"link_type", l.linkType}, {"rank", l.rank},
                             {"bandwidth_gbps", l.bandwidthGBps}, {"mean_gbps", l.meanGBps}, {"ratio", l.ratio}});
    return {{"source", s.source}, {"ranks", ranks}, {"advisor", advisor}, {"slow_ranks", slowRanks},
            {"slow_links", slowLinks}};
}

nlohmann::json ncclCollectivesJson(const std::vector<NcclCollective>& collectives) {
    nlohmann::json out = nlohmann::json::array();
    for (const NcclCollective& c : collectives)
        out.push_back({{"rank", c.rank}, {"slice_id", c.sliceId}, {"kernel", c.kernel}, {"collective", c.args.collective},
                       {"group", c.args.group}, {"group_size", c.args.groupSize}, {"dtype", c.args.dtype},
                       {"in_elements", c.args.inElements}, {"out_elements", c.args.outElements}, {"bytes", c.bytes},
                       {"start_ns", c.startNs}, {"dur_ns", c.durNs}, {"algorithm_bandwidth_gbps", c.algorithmGBps},
                       {"bus_bandwidth_gbps", c.busGBps}});
    return out;
}

} // namespace opscope
