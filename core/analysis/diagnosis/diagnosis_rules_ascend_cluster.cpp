// The msprof-analyze advisor's cluster rules as diagnosis rules: slow rank
// (advisor/analyzer/cluster/slow_rank_analyzer.py) and slow link (cluster/slow_link_analyzer.py). The
// arithmetic is the cluster view's (core/analysis/cluster: advisorStepImbalance, advisorLinkImbalance)
// over the same figures (summarizeClusterStore, rankLinkBandwidths): one function, one answer; the rules
// add only the rules file's threshold, the time at stake and the evidence.
#include "core/analysis/breakdown/device_busy.h"
#include "core/analysis/cluster/cluster_from_store.h"
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/model/time_bounds.h"
#include "core/store/cluster_tables.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace opscope {

namespace {

std::size_t distinctRanks(const std::vector<RankStepFigures>& figures) {
    std::set<int> ranks;
    for (const RankStepFigures& f : figures) ranks.insert(f.rank);
    return ranks.size();
}

TimeNs dimensionOf(const RankStepFigures& f, const std::string& dimension) {
    if (dimension == "computing") return f.computeNs;
    if (dimension == "free") return f.freeNs;
    return f.communicationNotOverlappedNs;
}

std::string dimensionTitle(const std::string& dimension) {
    return dimension == "communication_not_overlapped" ? "communication not overlapped" : dimension;
}

// The named rank's steps as time ranges on its own clock (figures from cluster_step_trace_time have
// no start: no range then).
void addRankSteps(const std::vector<RankStepFigures>& figures, const SlowRank& slow, std::size_t limit, Finding* f) {
    for (const RankStepFigures& step : figures) {
        if (f->ranges.size() >= limit) return;
        if (step.rank != slow.rank || step.startNs == 0 || step.stageNs <= 0) continue;
        f->ranges.push_back({step.startNs, saturatingAdd(step.startNs, step.stageNs), 0,
                             "rank " + std::to_string(step.rank) + (step.step.empty() ? "" : " step " + step.step) + ": " +
                                 dimensionTitle(slow.dimension) + " " + humanDurationText(dimensionOf(step, slow.dimension))});
    }
}

} // namespace

// Per dimension (computing, communication not overlapped, free), each rank's sum over its steps;
// (max − min) / mean of the ranks' totals > threshold (0.05). Measured: the largest ratio; time at
// stake: the largest gap (max − min) of a fired dimension.
Finding ruleAscendSlowRank(DiagnosisContext& ctx, const RuleConfig& rule) {
    // Two devices with classed device work (the breakdown counts nothing else), or a cluster step table:
    // otherwise there are no two ranks' figures and no breakdown worth running.
    const bool rankTraces = ctx.deviceBusy.size() >= 2 && hasDeviceClasses(ctx.snapshot);
    if (!rankTraces && readClusterSteps(ctx.db).empty()) return missingInputFinding();
    ClusterSummary summary;
    Error error;
    if (!summarizeClusterStore(ctx.db, ClusterSourceChoice::Auto, &summary, &error)) return missingInputFinding();
    if (distinctRanks(summary.figures) < 2) return missingInputFinding();
    const std::vector<AdvisorDimension> dims = advisorStepImbalance(summary.figures, DecimalRatio::of(rule.threshold()));
    Finding f;
    f.unit = "ratio";
    f.threshold = rule.threshold();
    f.comparison = ">";
    std::string detail;
    for (const AdvisorDimension& d : dims) {
        f.measured = std::max(f.measured, d.ratio);
        if (d.fires) {
            f.status = FindingStatus::Fired;
            f.timeAtStakeNs = std::max(f.timeAtStakeNs, d.maxNs - d.minNs);
        }
        detail += (detail.empty() ? "" : "; ") + dimensionTitle(d.dimension) + " rank " + std::to_string(d.maxRank) + " " +
                  humanDurationText(d.maxNs) + " / rank " + std::to_string(d.minRank) + " " + humanDurationText(d.minNs) +
                  ": " + compactNumber(d.ratio);
    }
    for (const SlowRank& slow : advisorSlowRanks(dims)) addRankSteps(summary.figures, slow, rule.evidenceLimit(), &f);
    f.detail = std::to_string(distinctRanks(summary.figures)) + " ranks from " + summary.source +
               ", (max - min) / mean of the ranks' totals: " + detail;
    return f;
}

// Per link type, each rank's bandwidth Σ transit size / Σ transit time over its operators (in the range);
// (max − min) / mean over the ranks > threshold (0.05). Measured: the largest ratio; time at stake: per
// fired link type, the slowest rank's transit time beyond what the mean bandwidth would take.
Finding ruleAscendSlowLink(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<CommOpRank> ops = readCommOps(ctx.db);
    if (ctx.options.range)
        ops.erase(std::remove_if(ops.begin(), ops.end(), [&](const CommOpRank& o) { return !ctx.options.range->contains(o.startNs); }),
                  ops.end());
    const std::vector<RankLinkBandwidth> bandwidths = rankLinkBandwidths(ops);
    const std::vector<LinkImbalance> links = advisorLinkImbalance(bandwidths, DecimalRatio::of(rule.threshold()));
    if (links.empty()) return missingInputFinding();
    Finding f;
    f.unit = "ratio";
    f.threshold = rule.threshold();
    f.comparison = ">";
    std::string detail;
    for (const LinkImbalance& l : links) {
        f.measured = std::max(f.measured, l.ratio);
        detail += (detail.empty() ? "" : "; ") + l.linkType + " over " + std::to_string(l.ranks) + " ranks: rank " +
                  std::to_string(l.slowestRank) + " " + compactNumber(l.minGBps) + " GB/s, rank " +
                  std::to_string(l.fastestRank) + " " + compactNumber(l.maxGBps) + " GB/s, mean " +
                  compactNumber(l.meanGBps) + ": " + compactNumber(l.ratio);
        if (!l.fires) continue;
        f.status = FindingStatus::Fired;
        for (const RankLinkBandwidth& b : bandwidths)
            if (b.rank == l.slowestRank && b.linkType == l.linkType && l.meanGBps > 0) {
                // MB / (GB/s) = ms: the time the mean bandwidth would have taken for the same data.
                const auto atMeanNs = static_cast<TimeNs>(std::llround(b.transitSizeMB / l.meanGBps * 1e6));
                f.timeAtStakeNs += std::max<TimeNs>(b.transitNs - atMeanNs, 0);
            }
        // Evidence: the slowest rank's operators on that link, slowest first.
        std::vector<std::pair<const CommOpRank*, const LinkBandwidth*>> slowOps;
        for (const CommOpRank& o : ops)
            if (o.rank == l.slowestRank)
                for (const LinkBandwidth& link : o.links)
                    if (link.linkType == l.linkType && link.transitNs > 0) slowOps.emplace_back(&o, &link);
        std::stable_sort(slowOps.begin(), slowOps.end(),
                         [](const auto& a, const auto& b) { return a.second->bandwidthGBps < b.second->bandwidthGBps; });
        for (const auto& [op, link] : slowOps) {
            if (f.ranges.size() >= rule.evidenceLimit()) break;
            f.ranges.push_back({op->startNs, saturatingAdd(op->startNs, op->elapseNs), 0,
                                "rank " + std::to_string(op->rank) + " " + op->opName + ": " + l.linkType + " " +
                                    compactNumber(link->bandwidthGBps) + " GB/s (mean of the ranks " +
                                    compactNumber(l.meanGBps) + ")"});
        }
    }
    f.detail = detail;
    return f;
}

} // namespace opscope
