// The msprof-analyze advisor's communication rules (reference: ascend-formats.md §6.1): byte alignment
// (communication/alignment/byte_alignment_checker.py: SDMA transfers between chips whose size is not a
// multiple of 512 bytes, from the communication plane tasks) and small packets
// (communication/packet/packet_checker.py: the share of operators moving little data per transport, from
// communication.json's bandwidth info in the comm tables), bandwidth contention
// (communication/contention/bandwidth_contention_checker.py: SDMA operators slowed while MatMul tasks run)
// and RDMA retransmission (communication/retransmission/communication_retransmission_checker.py).
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/slice_name_match.h"
#include "core/store/cluster_tables.h"
#include "core/store/comm_transfer_reader.h"
#include "core/model/time_bounds.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace opscope {

namespace {

// Whole byte counts in full ("1937312"), not in %g's exponent form.
std::string bytesText(double bytes) {
    return bytes == std::floor(bytes) && std::fabs(bytes) < 9e15 ? std::to_string(static_cast<long long>(bytes))
                                                                 : compactNumber(bytes);
}

} // namespace

// Tasks with transport SDMA, a link other than ON_CHIP and a size above min_size (512 B) are checked;
// measured is how many of them have a size that is not a multiple of base_size (512 B); fires when > threshold (0).
Finding ruleAscendByteAlignment(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<CommTransferRow> transfers;
    Error error;
    if (!readCommTransfers(ctx.db, &transfers, &error)) return missingInputFinding();
    const double minSize = rule.number("min_size", 512);
    const auto baseSize = static_cast<long long>(rule.number("base_size", 512));
    bool sized = false;
    std::vector<const CommTransferRow*> checked, misaligned;
    for (const CommTransferRow& t : transfers) {
        if (ctx.options.range && !ctx.options.range->contains(t.tsNs)) continue;
        if (!t.sizeBytes || t.transport.empty()) continue;
        sized = true;
        if (t.transport != "SDMA" || t.link == "ON_CHIP" || *t.sizeBytes <= minSize) continue;
        checked.push_back(&t);
        const double size = *t.sizeBytes;
        if (baseSize > 0 && (size != std::floor(size) || static_cast<long long>(size) % baseSize != 0)) misaligned.push_back(&t);
    }
    if (!sized) return missingInputFinding();
    Finding f;
    f.unit = "tasks";
    f.threshold = rule.threshold();
    f.comparison = ">";
    f.measured = static_cast<double>(misaligned.size());
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    TimeNs checkedNs = 0;
    for (const CommTransferRow* t : checked) checkedNs += t->durNs;
    std::vector<const CommTransferRow*> longest = misaligned;
    std::sort(longest.begin(), longest.end(), [](const auto* a, const auto* b) { return a->durNs > b->durNs; });
    for (const CommTransferRow* t : longest) {
        if (f.status == FindingStatus::Fired) f.timeAtStakeNs += t->durNs;
        if (f.status == FindingStatus::Fired && f.ranges.size() < rule.evidenceLimit())
            f.ranges.push_back({t->tsNs, t->tsNs + t->durNs, 0,
                                "SDMA " + bytesText(*t->sizeBytes) + " B over " + (t->link.empty() ? "?" : t->link)});
    }
    f.detail = std::to_string(checked.size()) + " SDMA task(s) above " + compactNumber(minSize) + " B between chips, " +
               std::to_string(misaligned.size()) + " not a multiple of " + std::to_string(baseSize) + " B";
    return f;
}

// Per transport, over the communication operators whose transit size on it is not 0: the share of those
// moving less than the transport's minimum (SDMA 16 MB, RDMA 1 MB). Measured is the larger share; fires
// when a share is > its ratio (0.2 each; the rule's threshold is the SDMA ratio).
Finding ruleAscendSmallPackets(DiagnosisContext& ctx, const RuleConfig& rule) {
    const std::vector<CommOpRank> ops = readCommOps(ctx.db);
    struct Transport {
        const char* name;
        double minSizeMB, maxShare;
        std::int64_t count = 0, small = 0;
        TimeNs smallNs = 0;
    };
    Transport transports[] = {{"SDMA", rule.number("min_sdma_size_mb", 16), rule.threshold()},
                              {"RDMA", rule.number("min_rdma_size_mb", 1), rule.number("rdma_threshold", 0.2)}};
    for (const CommOpRank& op : ops)
        for (const LinkBandwidth& link : op.links)
            for (Transport& t : transports) {
                if (link.linkType != t.name || link.transitSizeMB == 0) continue;
                ++t.count;
                if (link.transitSizeMB >= t.minSizeMB) continue;
                ++t.small;
                t.smallNs += link.transitNs;
            }
    if (transports[0].count == 0 && transports[1].count == 0) return missingInputFinding();
    Finding f;
    // Evidence: the small operators of the transports that fire, by name (count, transit time, smallest MB).
    std::map<std::string, EvidenceOperator> smallOps;
    auto collect = [&](const Transport& t) {
        for (const CommOpRank& op : ops)
            for (const LinkBandwidth& link : op.links) {
                if (link.linkType != t.name || link.transitSizeMB == 0 || link.transitSizeMB >= t.minSizeMB) continue;
                EvidenceOperator& e = smallOps[op.opName];
                e.value = e.count == 0 ? link.transitSizeMB : std::min(e.value, link.transitSizeMB);
                e.name = op.opName;
                ++e.count;
                e.totalNs += link.transitNs;
            }
    };
    f.unit = "share";
    f.threshold = rule.threshold();
    f.comparison = ">";
    std::string detail;
    for (const Transport& t : transports) {
        const double share = t.count > 0 ? static_cast<double>(t.small) / static_cast<double>(t.count) : 0;
        f.measured = std::max(f.measured, share);
        if (share > t.maxShare) {
            f.status = FindingStatus::Fired;
            f.timeAtStakeNs += t.smallNs;
            collect(t);
        }
        detail += (detail.empty() ? "" : "; ") + std::string(t.name) + ": " + std::to_string(t.small) + " of " +
                  std::to_string(t.count) + " operator(s) under " + compactNumber(t.minSizeMB) + " MB";
    }
    for (auto& [name, e] : smallOps) f.operators.push_back(std::move(e));
    std::sort(f.operators.begin(), f.operators.end(),
              [](const EvidenceOperator& a, const EvidenceOperator& b) { return a.totalNs > b.totalNs; });
    if (f.operators.size() > rule.evidenceLimit()) f.operators.resize(rule.evidenceLimit());
    f.detail = detail;
    return f;
}

namespace {

const LinkBandwidth* linkOf(const CommOpRank& op, std::string_view transport) {
    for (const LinkBandwidth& link : op.links)
        if (link.linkType == transport) return &link;
    return nullptr;
}

double millis(TimeNs ns) { return static_cast<double>(ns) / 1e6; }

} // namespace

// The operators with SDMA traffic (a Transit Size on SDMA) and the compute tasks whose name contains
// "matmul" (any case), both by start, walked as the checker walks them: an operator ending before the
// task's start is passed, a task ending before the operator's start is passed, otherwise they overlap and
// the operator is flagged when its SDMA bandwidth is < threshold (0.8) x sdma_baseline_gbps (18 GB/s).
Finding ruleAscendBandwidthContention(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<CommOpRank> ops = readCommOps(ctx.db);
    std::vector<std::pair<const CommOpRank*, double>> sdma; // with its SDMA bandwidth
    for (const CommOpRank& op : ops)
        if (const LinkBandwidth* link = linkOf(op, "SDMA"); link && link->transitSizeMB != 0)
            if (!ctx.options.range || ctx.options.range->contains(op.startNs)) sdma.emplace_back(&op, link->bandwidthGBps);
    if (sdma.empty()) return missingInputFinding();
    const auto matmulNames = stringIdsWhere(ctx, [](std::string_view n) { return lowerAsciiText(n).find("matmul") != std::string::npos; });
    std::vector<const SliceRecord*> matmuls;
    forEachComputeSlice(ctx, [&](std::uint32_t, const SliceRecord& s) {
        if (containsId(matmulNames, s.nameId)) matmuls.push_back(&s);
    });
    sortByStart(matmuls);
    std::stable_sort(sdma.begin(), sdma.end(), [](const auto& a, const auto& b) { return a.first->startNs < b.first->startNs; });
    Finding f;
    f.unit = "GB/s";
    f.threshold = rule.threshold() * rule.number("sdma_baseline_gbps", 18);
    f.comparison = "<";
    f.measured = std::numeric_limits<double>::quiet_NaN();
    std::vector<std::pair<const CommOpRank*, double>> slow;
    std::size_t h = 0, m = 0;
    std::int64_t overlapping = 0;
    while (h < sdma.size() && m < matmuls.size()) {
        const CommOpRank& op = *sdma[h].first;
        const TimeNs opEnd = saturatingAdd(op.startNs, op.elapseNs);
        if (opEnd < matmuls[m]->tsNs) {
            ++h;
        } else if (matmuls[m]->endNs() < op.startNs) {
            ++m;
        } else {
            ++overlapping;
            const double bandwidth = sdma[h].second;
            if (std::isnan(f.measured) || bandwidth < f.measured) f.measured = bandwidth;
            if (bandwidth < f.threshold) slow.push_back(sdma[h]);
            ++h;
        }
    }
    if (std::isnan(f.measured)) f.measured = 0;
    std::stable_sort(slow.begin(), slow.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    for (const auto& [op, bandwidth] : slow) {
        f.timeAtStakeNs += op->elapseNs;
        if (f.ranges.size() < rule.evidenceLimit())
            f.ranges.push_back({op->startNs, saturatingAdd(op->startNs, op->elapseNs), 0,
                                op->opName + " at " + compactNumber(bandwidth) + " GB/s SDMA"});
    }
    f.status = slow.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    f.detail = std::to_string(sdma.size()) + " operator(s) with SDMA traffic, " + std::to_string(matmuls.size()) +
               " MatMul task(s); " + std::to_string(overlapping) + " overlapping, " + std::to_string(slow.size()) +
               " below " + compactNumber(f.threshold) + " GB/s (measured: the lowest bandwidth while a MatMul ran)";
    return f;
}

// Per communication group, operator and step, over the ranks: when the shortest elapse is >=
// min_retransmission_ms (4000 ms, else the ranks merely waited for each other) and the longest RDMA transit
// time is > it, the ranks' RDMA transfers above it are retransmissions.
Finding ruleAscendRdmaRetransmission(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<CommOpRank> ops = readCommOps(ctx.db);
    std::map<std::tuple<std::string, std::string, std::string>, std::vector<const CommOpRank*>> byOp;
    bool rdma = false;
    for (const CommOpRank& op : ops) {
        if (ctx.options.range && !ctx.options.range->contains(op.startNs)) continue;
        if (const LinkBandwidth* link = linkOf(op, "RDMA"); link && link->transitSizeMB != 0) rdma = true;
        byOp[{op.group, op.opName, op.step}].push_back(&op);
    }
    if (!rdma) return missingInputFinding();
    const double minMs = rule.threshold();
    Finding f;
    f.unit = "ms";
    f.threshold = minMs;
    f.comparison = ">";
    std::set<std::string> groups;
    std::int64_t retransmissions = 0;
    for (const auto& [key, list] : byOp) {
        TimeNs shortest = std::numeric_limits<TimeNs>::max(), longestTransit = 0;
        for (const CommOpRank* op : list) {
            shortest = std::min(shortest, op->elapseNs);
            if (const LinkBandwidth* link = linkOf(*op, "RDMA")) longestTransit = std::max(longestTransit, link->transitNs);
        }
        f.measured = std::max(f.measured, millis(longestTransit));
        if (millis(shortest) < minMs || !(millis(longestTransit) > minMs)) continue;
        groups.insert(std::get<0>(key));
        for (const CommOpRank* op : list) {
            const LinkBandwidth* link = linkOf(*op, "RDMA");
            if (!link || link->transitSizeMB == 0 || !(millis(link->transitNs) > minMs)) continue;
            ++retransmissions;
            f.timeAtStakeNs += link->transitNs;
            if (f.ranges.size() < rule.evidenceLimit())
                f.ranges.push_back({op->startNs, saturatingAdd(op->startNs, op->elapseNs), 0,
                                    op->opName + " rank " + std::to_string(op->rank) + ": RDMA transit " +
                                        compactNumber(millis(link->transitNs)) + " ms"});
        }
    }
    f.status = retransmissions > 0 ? FindingStatus::Fired : FindingStatus::Passed;
    f.detail = std::to_string(byOp.size()) + " communication operator(s) by group and step; " +
               std::to_string(retransmissions) + " RDMA transfer(s) above the threshold in " +
               std::to_string(groups.size()) + " group(s)";
    return f;
}

} // namespace opscope
