// The slow-rank rules users know, each reproduced under its own name:
//  - msprof-analyze advisor "slow rank" (advisor/.../cluster/slow_rank_analyzer.py): per dimension
//    (computing, communication not overlapped, free) summed over steps per rank, it fires when
//    (max − min) / mean(rank totals) > 0.05;
//  - msprof-analyze's slow_rank recipe (cluster_analyse/recipes/slow_rank/slow_rank.py): per
//    communication group and operator (send/receive left out), Dixon's Q test (n ≤ 100, 99.5 % table)
//    or 3σ (n > 100) on the ranks' times; the rank with the shortest time is the slow one (the others
//    waited for it), one vote per operator;
//  - HTA's straggler analysis (hta/analyzers/straggler.py): the last long communication kernel per
//    (rank, stream, iteration, name), the (stream, name) whose duration varies most across ranks, and
//    per iteration the k ranks that start it latest.
#pragma once
#include "core/analysis/cluster/rank_step_figures.h"
#include "core/model/cluster.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace opscope {

inline constexpr int kDixonMaxRanks = 100;             // MAX_DIXON_NUM
inline constexpr int kHtaStragglerCount = 2;           // n_stragglers default
inline constexpr double kHtaMinNormalizedDuration = 0.01;

// A ratio threshold as a decimal fraction num / den (den a power of ten up to 10^9), so that
// "ratio > threshold" is decided in integers: 0.05 is 5 / 100, and 0.05 itself does not fire.
// A value with more decimals is rounded to nine. The default is the advisor's RATIO_THRESHOLD (0.05)
// of slow_rank_analyzer.py and slow_link_analyzer.py.
struct DecimalRatio {
    std::int64_t num = 5, den = 100;
    static DecimalRatio of(double value);
    double value() const { return static_cast<double>(num) / static_cast<double>(den); }
};

struct AdvisorDimension {
    std::string dimension; // "computing", "communication_not_overlapped", "free"
    double ratio = 0;      // (max − min) / mean of rank totals
    bool fires = false;    // ratio > the threshold (0.05), decided exactly in integers
    int maxRank = -1, minRank = -1;
    TimeNs maxNs = 0, minNs = 0;
};
// The cluster view and the diagnosis rule ascend_slow_rank both read this (the rule with the rules
// file's threshold, 0.05 by default).
std::vector<AdvisorDimension> advisorStepImbalance(const std::vector<RankStepFigures>& figures,
                                                   DecimalRatio threshold = {});

// One time per rank of one operator. Returns the indices of the slow entries.
std::vector<std::size_t> dixonSlow(const std::vector<double>& times);
std::vector<std::size_t> threeSigmaSlow(const std::vector<double>& times);
// Dixon for n ≤ 100, else 3σ, as the recipe chooses.
std::vector<std::size_t> slowRankOutliers(const std::vector<double>& times);

struct SlowOpVote {
    std::string group, opName;
    std::vector<int> slowRanks;
    std::string test; // "dixon" or "3sigma"
};
struct SlowRankVotes {
    std::map<int, int> votesByRank;
    std::vector<SlowOpVote> ops;
    std::vector<std::string> excludedGroups; // groups whose ops do not appear equally often
};
SlowRankVotes slowRankVotes(const std::vector<CommOpRank>& ops);

// A communication kernel of one rank as HTA sees it.
struct CommKernel {
    int rank = -1;
    std::string iteration; // the step; kernels outside any step are left out by the caller
    std::int64_t stream = 0;
    std::string name;
    TimeNs tsNs = 0, durNs = 0;
};
struct HtaStragglers {
    std::map<int, int> countByRank; // ranks flagged, how many iterations
    std::string kernelName;         // the (stream, name) chosen
    std::int64_t stream = 0;
    bool applicable = false;        // false with fewer than k + 1 ranks or no long kernel
};
HtaStragglers htaStragglers(const std::vector<CommKernel>& kernels, int stragglers = kHtaStragglerCount);

} // namespace opscope
