#include "core/analysis/cluster/cluster_summary.h"

#include <algorithm>
#include <map>
#include <set>

namespace opscope {

namespace {

void addVoteFindings(ClusterSummary& s) {
    std::map<int, std::set<std::string>> groupsOf;
    for (const SlowOpVote& v : s.votes.ops)
        for (int rank : v.slowRanks) groupsOf[rank].insert(v.group);
    for (const auto& [rank, votes] : s.votes.votesByRank) {
        SlowRank r;
        r.rule = "slow_rank_vote";
        r.rank = rank;
        r.reason = "others_wait";
        r.value = votes;
        for (const std::string& g : groupsOf[rank]) r.group += (r.group.empty() ? "" : ",") + g;
        s.slowRanks.push_back(r);
    }
}

void addStragglerFindings(ClusterSummary& s) {
    if (!s.stragglers.applicable) return;
    for (const auto& [rank, count] : s.stragglers.countByRank) {
        SlowRank r;
        r.rule = "hta_straggler";
        r.rank = rank;
        r.reason = "starts_late";
        r.value = count;
        s.slowRanks.push_back(r);
    }
}

void addSlowLinks(ClusterSummary& s, const std::vector<CommOpRank>& ops) {
    for (const LinkImbalance& l : advisorLinkImbalance(rankLinkBandwidths(ops)))
        if (l.fires) s.slowLinks.push_back({"advisor_slow_link", l.linkType, l.slowestRank, l.minGBps, l.meanGBps, l.ratio});
}

} // namespace

std::vector<RankLinkBandwidth> rankLinkBandwidths(const std::vector<CommOpRank>& ops) {
    std::map<std::pair<int, std::string>, RankLinkBandwidth> sums;
    for (const CommOpRank& o : ops)
        for (const LinkBandwidth& l : o.links) {
            RankLinkBandwidth& b = sums[{o.rank, l.linkType}];
            b.rank = o.rank;
            b.linkType = l.linkType;
            b.transitSizeMB += l.transitSizeMB;
            b.transitNs += l.transitNs;
        }
    std::vector<RankLinkBandwidth> out;
    for (auto& [key, b] : sums) out.push_back(b);
    return out;
}

std::vector<SlowRank> advisorSlowRanks(const std::vector<AdvisorDimension>& dimensions) {
    std::vector<SlowRank> out;
    for (const AdvisorDimension& d : dimensions) {
        if (!d.fires) continue;
        SlowRank r;
        r.rule = "advisor_slow_rank";
        r.dimension = d.dimension;
        r.value = d.ratio;
        if (d.dimension == "computing") r.rank = d.maxRank, r.reason = "computes_longer";
        else if (d.dimension == "free") r.rank = d.maxRank, r.reason = "idles_longer";
        else r.rank = d.minRank, r.reason = "others_wait"; // it waited least: the others waited for it
        out.push_back(r);
    }
    return out;
}

std::vector<LinkImbalance> advisorLinkImbalance(const std::vector<RankLinkBandwidth>& bandwidths, DecimalRatio threshold) {
    std::map<std::string, std::vector<const RankLinkBandwidth*>> byType;
    for (const RankLinkBandwidth& b : bandwidths) byType[b.linkType].push_back(&b);
    std::vector<LinkImbalance> out;
    for (const auto& [type, list] : byType) {
        if (list.size() < 2) continue;
        LinkImbalance l;
        l.linkType = type;
        l.ranks = list.size();
        double sum = 0;
        for (const RankLinkBandwidth* b : list) {
            const double bw = b->bandwidthGBps();
            sum += bw;
            if (l.slowestRank < 0 || bw < l.minGBps) l.minGBps = bw, l.slowestRank = b->rank;
            if (l.fastestRank < 0 || bw > l.maxGBps) l.maxGBps = bw, l.fastestRank = b->rank;
        }
        const double n = static_cast<double>(list.size());
        l.meanGBps = sum / n;
        l.ratio = sum > 0 ? (l.maxGBps - l.minGBps) * n / sum : 0;
        // (max − min) / (sum / n) > num / den ⇔ den · n · (max − min) > num · sum: no division rounds the boundary.
        l.fires = sum > 0 && static_cast<double>(threshold.den) * n * (l.maxGBps - l.minGBps) > static_cast<double>(threshold.num) * sum;
        out.push_back(std::move(l));
    }
    return out;
}

std::vector<int> ClusterSummary::ranks() const {
    std::set<int> set;
    for (const RankStepFigures& f : figures) set.insert(f.rank);
    return {set.begin(), set.end()};
}

std::vector<CommKernel> kernelsFromCommOps(const std::vector<CommOpRank>& ops) {
    std::vector<CommKernel> out;
    for (const CommOpRank& o : ops)
        if (o.kind != "p2p") out.push_back({o.rank, o.step, 0, o.opName, o.startNs, o.elapseNs});
    return out;
}

ClusterSummary summarizeCluster(const RankStepSource& source, const std::vector<CommOpRank>& ops,
                                const std::vector<CommKernel>& kernels) {
    ClusterSummary s;
    s.source = source.sourceName();
    s.figures = source.rankSteps();
    s.advisor = advisorStepImbalance(s.figures);
    s.votes = slowRankVotes(ops);
    s.stragglers = htaStragglers(kernels);
    s.slowRanks = advisorSlowRanks(s.advisor);
    addVoteFindings(s);
    addStragglerFindings(s);
    addSlowLinks(s, ops);
    return s;
}

} // namespace opscope
