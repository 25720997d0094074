#include "core/analysis/cluster/slow_rank_rules.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <set>

namespace opscope {

namespace {

// Sums of many int64 ns and their products with counts: 128 bits cannot overflow here.
__extension__ using Wide = __int128;

// One-sided Dixon table at 99.5 % (msprof-analyze dixon_table.py), n = 3 .. 100.
constexpr std::array<double, 101> kDixon995 = {
    0, 0, 0, 0.994, 0.920, 0.823, 0.744, 0.680, 0.723, 0.676, 0.638, 0.707, 0.675, 0.649, 0.672, 0.649, 0.629,
    0.611, 0.595, 0.580, 0.568, 0.556, 0.545, 0.536, 0.526, 0.519, 0.510, 0.503, 0.496, 0.489, 0.484, 0.478,
    0.473, 0.468, 0.463, 0.458, 0.454, 0.450, 0.446, 0.442, 0.439, 0.435, 0.432, 0.429, 0.425, 0.423, 0.420,
    0.417, 0.414, 0.412, 0.409, 0.407, 0.405, 0.402, 0.400, 0.398, 0.396, 0.394, 0.392, 0.391, 0.388, 0.387,
    0.385, 0.383, 0.382, 0.380, 0.379, 0.377, 0.376, 0.374, 0.372, 0.371, 0.370, 0.368, 0.368, 0.366, 0.365,
    0.364, 0.363, 0.361, 0.360, 0.359, 0.358, 0.356, 0.356, 0.355, 0.353, 0.352, 0.352, 0.351, 0.350, 0.349,
    0.348, 0.347, 0.346, 0.345, 0.344, 0.344, 0.343, 0.341, 0.341};

std::size_t indexOfFirst(const std::vector<double>& times, double value) {
    return static_cast<std::size_t>(std::find(times.begin(), times.end(), value) - times.begin());
}

bool containsCaseSensitive(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

} // namespace

DecimalRatio DecimalRatio::of(double value) {
    if (!(value >= 0) || value > 1e9) return {value > 1e9 ? 1'000'000'000'000'000'000 : 0, 1}; // NaN, negative: 0
    DecimalRatio r{0, 1};
    for (int digits = 0; digits <= 9; ++digits, r.den *= 10) {
        const double scaled = value * static_cast<double>(r.den);
        r.num = std::llround(scaled);
        if (std::fabs(scaled - static_cast<double>(r.num)) <= 1e-9 * std::max(1.0, scaled)) return r;
    }
    r.den /= 10;
    return r;
}

std::vector<AdvisorDimension> advisorStepImbalance(const std::vector<RankStepFigures>& figures, DecimalRatio threshold) {
    // Per rank: the sums over steps of the three dimensions.
    std::map<int, std::array<TimeNs, 3>> totals;
    for (const RankStepFigures& f : figures) {
        auto& t = totals[f.rank];
        t[0] += f.computeNs;
        t[1] += f.communicationNotOverlappedNs;
        t[2] += f.freeNs;
    }
    std::vector<AdvisorDimension> out;
    if (totals.empty()) return out;
    Wide sumOfTotals = 0;
    for (const auto& [rank, t] : totals) sumOfTotals += static_cast<Wide>(t[0]) + t[1] + t[2];
    const auto n = static_cast<Wide>(totals.size());
    const char* names[] = {"computing", "communication_not_overlapped", "free"};
    for (int d = 0; d < 3; ++d) {
        AdvisorDimension dim;
        dim.dimension = names[d];
        bool first = true;
        for (const auto& [rank, t] : totals) {
            if (first || t[d] > dim.maxNs) dim.maxNs = t[d], dim.maxRank = rank;
            if (first || t[d] < dim.minNs) dim.minNs = t[d], dim.minRank = rank;
            first = false;
        }
        const Wide gap = static_cast<Wide>(dim.maxNs) - dim.minNs;
        // (max − min) / (sum / n) > num / den  ⇔  den · n · (max − min) > num · sum, exactly.
        dim.fires = sumOfTotals > 0 && static_cast<Wide>(threshold.den) * n * gap > static_cast<Wide>(threshold.num) * sumOfTotals;
        dim.ratio = sumOfTotals > 0 ? static_cast<double>(gap) * static_cast<double>(n) / static_cast<double>(sumOfTotals) : 0;
        out.push_back(dim);
    }
    return out;
}

std::vector<std::size_t> dixonSlow(const std::vector<double>& times) {
    const std::size_t n = times.size();
    if (n < 3 || n > static_cast<std::size_t>(kDixonMaxRanks)) return {};
    std::vector<double> s = times;
    std::sort(s.begin(), s.end());
    // The recipe gives up when the denominator could be 0: at most three distinct values.
    if (std::set<double>(s.begin(), s.end()).size() <= 3) return {};
    auto ratio = [&](std::size_t low, std::size_t high) {
        double range = s[high] - s[0];
        return range != 0 ? (s[low] - s[0]) / range : 0.0;
    };
    double q = n <= 7 ? ratio(1, n - 1) : n <= 10 ? ratio(1, n - 2) : n <= 13 ? ratio(2, n - 2) : ratio(2, n - 3);
    if (q > kDixon995[n]) return {indexOfFirst(times, s[0])};
    return {};
}

std::vector<std::size_t> threeSigmaSlow(const std::vector<double>& times) {
    if (times.empty()) return {};
    const double n = static_cast<double>(times.size());
    const double mean = std::accumulate(times.begin(), times.end(), 0.0) / n;
    double var = 0;
    for (double t : times) var += (t - mean) * (t - mean);
    const double sd = std::sqrt(var / n); // numpy std: population
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < times.size(); ++i)
        if (times[i] < mean - 3 * sd) out.push_back(i);
    const double maxT = *std::max_element(times.begin(), times.end());
    if (maxT > mean + 3 * sd) {
        std::size_t shortest = indexOfFirst(times, *std::min_element(times.begin(), times.end()));
        if (std::find(out.begin(), out.end(), shortest) == out.end()) out.push_back(shortest);
    }
    return out;
}

std::vector<std::size_t> slowRankOutliers(const std::vector<double>& times) {
    return times.size() <= static_cast<std::size_t>(kDixonMaxRanks) ? dixonSlow(times) : threeSigmaSlow(times);
}

SlowRankVotes slowRankVotes(const std::vector<CommOpRank>& ops) {
    SlowRankVotes out;
    // group -> op name -> indices, send/receive left out as the recipe does.
    std::map<std::string, std::map<std::string, std::vector<std::size_t>>> grouped;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const CommOpRank& o = ops[i];
        if (containsCaseSensitive(o.opName, "send") || containsCaseSensitive(o.opName, "receive")) continue;
        grouped[o.group][o.opName].push_back(i);
    }
    for (const auto& [group, byOp] : grouped) {
        std::set<std::size_t> counts;
        for (const auto& [name, idx] : byOp) counts.insert(idx.size());
        if (counts.size() > 1) {
            out.excludedGroups.push_back(group);
            continue;
        }
        for (const auto& [name, idx] : byOp) {
            std::vector<double> times;
            for (std::size_t i : idx) times.push_back(static_cast<double>(ops[i].elapseNs));
            std::vector<std::size_t> slow = slowRankOutliers(times);
            if (slow.empty()) continue;
            SlowOpVote vote{group, name, {}, times.size() <= static_cast<std::size_t>(kDixonMaxRanks) ? "dixon" : "3sigma"};
            for (std::size_t s : slow) {
                int rank = ops[idx[s]].rank;
                vote.slowRanks.push_back(rank);
                ++out.votesByRank[rank];
            }
            out.ops.push_back(std::move(vote));
        }
    }
    return out;
}

HtaStragglers htaStragglers(const std::vector<CommKernel>& kernels, int stragglers) {
    HtaStragglers out;
    if (kernels.empty()) return out;
    stragglers = std::max(stragglers, 1);
    std::set<int> ranks;
    std::set<std::string> iterations;
    TimeNs tMin = kernels.front().tsNs, tMax = kernels.front().tsNs + kernels.front().durNs;
    for (const CommKernel& k : kernels) {
        ranks.insert(k.rank);
        iterations.insert(k.iteration);
        tMin = std::min(tMin, k.tsNs);
        tMax = std::max(tMax, k.tsNs + k.durNs);
    }
    if (static_cast<int>(ranks.size()) <= stragglers) return out; // every rank would be "late"
    const double meanIterNs = static_cast<double>(tMax - tMin) / static_cast<double>(iterations.size());
    const double minDurNs = meanIterNs * kHtaMinNormalizedDuration;
    // The last long kernel per (rank, stream, iteration, name).
    using Key = std::tuple<int, std::int64_t, std::string, std::string>;
    std::map<Key, const CommKernel*> last;
    for (const CommKernel& k : kernels) {
        if (static_cast<double>(k.durNs) < minDurNs) continue;
        const CommKernel*& slot = last[Key{k.rank, k.stream, k.iteration, k.name}];
        if (!slot || k.tsNs >= slot->tsNs) slot = &k;
    }
    if (last.empty()) return out;
    // Per (stream, iteration, name): sample std (ddof 1) of durations across ranks; mean over iterations.
    std::map<std::tuple<std::int64_t, std::string, std::string>, std::vector<double>> durations;
    for (const auto& [key, k] : last) durations[{k->stream, k->iteration, k->name}].push_back(static_cast<double>(k->durNs) / meanIterNs);
    std::map<std::pair<std::int64_t, std::string>, std::pair<double, int>> spread; // sum of std, count
    for (const auto& [key, values] : durations) {
        if (values.size() < 2) continue;
        double mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
        double var = 0;
        for (double v : values) var += (v - mean) * (v - mean);
        auto& s = spread[{std::get<0>(key), std::get<2>(key)}];
        s.first += std::sqrt(var / static_cast<double>(values.size() - 1));
        ++s.second;
    }
    if (spread.empty()) return out;
    auto best = std::max_element(spread.begin(), spread.end(), [](const auto& a, const auto& b) {
        return a.second.first / a.second.second < b.second.first / b.second.second;
    });
    out.stream = best->first.first;
    out.kernelName = best->first.second;
    out.applicable = true;
    // Per iteration: the ranks whose chosen kernel starts at or after the k-th latest start.
    std::map<std::string, std::vector<std::pair<TimeNs, int>>> starts;
    for (const auto& [key, k] : last)
        if (k->stream == out.stream && k->name == out.kernelName) starts[k->iteration].push_back({k->tsNs, k->rank});
    for (auto& [iteration, list] : starts) {
        std::sort(list.begin(), list.end(), std::greater<>());
        const TimeNs threshold = list[std::min<std::size_t>(list.size(), static_cast<std::size_t>(stragglers)) - 1].first;
        for (const auto& [ts, rank] : list)
            if (ts >= threshold) ++out.countByRank[rank];
    }
    return out;
}

} // namespace opscope
