// The cluster summary: per rank × step compute, communication not overlapped, free and stage (from
// a RankStepSource), and the slow ranks and slow links each rule finds, with the reason.
#pragma once
#include "core/analysis/cluster/rank_step_figures.h"
#include "core/analysis/cluster/slow_rank_rules.h"

#include <string>
#include <vector>

namespace opscope {

// One slow rank as one rule names it. reason: "computes_longer" (advisor computing), "others_wait"
// (advisor communication: it waits least; slow_rank vote: shortest time), "idles_longer" (advisor
// free), "starts_late" (HTA). value: the advisor ratio, or the number of votes / iterations.
struct SlowRank {
    std::string rule; // "advisor_slow_rank", "slow_rank_vote", "hta_straggler"
    int rank = -1;
    std::string reason;
    std::string dimension; // advisor: the dimension; others: ""
    std::string group;     // slow_rank_vote: the communication groups, comma-separated
    double value = 0;
};

// The rank each fired advisor dimension names: computing -> the most (computes_longer), communication
// -> the least (others_wait: the others waited for it), free -> the most (idles_longer).
std::vector<SlowRank> advisorSlowRanks(const std::vector<AdvisorDimension>& dimensions);

// A link type whose per-rank bandwidth spreads: msprof-analyze advisor's slow-link rule,
// (max − min) / mean > 0.05 over the ranks' bandwidths; rank is the slowest.
struct SlowLink {
    std::string rule = "advisor_slow_link";
    std::string linkType;
    int rank = -1;
    double bandwidthGBps = 0, meanGBps = 0, ratio = 0;
};

// Per rank and link type: Σ transit size / Σ transit time over its operators (GB/s = MB/ms).
struct RankLinkBandwidth {
    int rank = -1;
    std::string linkType;
    double transitSizeMB = 0;
    TimeNs transitNs = 0;
    double bandwidthGBps() const { return transitNs > 0 ? transitSizeMB / (static_cast<double>(transitNs) / 1e6) : 0; }
};
std::vector<RankLinkBandwidth> rankLinkBandwidths(const std::vector<CommOpRank>& ops);

// msprof-analyze advisor's slow-link arithmetic for one link type, fired or not: over the ranks that
// have the link, (max − min) / mean of their bandwidths; fires when > 0.05, decided as
// 20 · n · (max − min) > Σ bandwidths (0.05 itself does not fire). The slow-link rule of the cluster
// view and the diagnosis rule ascend_slow_link both read this (the rule with the rules file's threshold).
struct LinkImbalance {
    std::string linkType;
    std::size_t ranks = 0;
    int slowestRank = -1, fastestRank = -1;
    double minGBps = 0, maxGBps = 0, meanGBps = 0, ratio = 0;
    bool fires = false;
};
// One entry per link type seen on at least two ranks, by link type.
std::vector<LinkImbalance> advisorLinkImbalance(const std::vector<RankLinkBandwidth>& bandwidths,
                                               DecimalRatio threshold = {});

struct ClusterSummary {
    std::string source;
    std::vector<RankStepFigures> figures; // by rank, then step order
    std::vector<AdvisorDimension> advisor;
    SlowRankVotes votes;
    HtaStragglers stragglers;
    std::vector<SlowRank> slowRanks;
    std::vector<SlowLink> slowLinks;
    std::vector<int> ranks() const; // distinct, ascending
};

// kernels: communication kernels for HTA's rule (may be empty: the rule then does not apply).
ClusterSummary summarizeCluster(const RankStepSource& source, const std::vector<CommOpRank>& ops,
                                const std::vector<CommKernel>& kernels);

// HTA's input from communication operators: one "kernel" per operator and rank, iteration = step.
std::vector<CommKernel> kernelsFromCommOps(const std::vector<CommOpRank>& ops);

} // namespace opscope
