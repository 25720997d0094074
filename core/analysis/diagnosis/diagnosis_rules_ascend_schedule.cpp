// The msprof-analyze advisor's schedule and dataloader rules (reference: ascend-formats.md §6.1), over the
// host timeline: synchronize-stream after node launches (ASCEND_LAUNCH_BLOCKING), slow dataloader steps,
// and device free gaps with almost no host activity (conjectured GC). Thresholds come from the rules file;
// each compares as the advisor's checker does (>, >=, <), as the comments say.
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/model/spillable_array.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/slice_name_match.h"
#include "core/model/time_format.h"

#include <cmath>

namespace opscope {


// synchronize_stream_checker.py: among the Node@launch and AscendCL@aclrtSynchronizeStream events in time
// order, a synchronisation right after a launch is a co-occurrence; ratio = co-occurrences / launches,
// flagged when > min_co_occurrence_ratio (0.5): the sign of ASCEND_LAUNCH_BLOCKING=1.
Finding ruleAscendSynchronizeStream(DiagnosisContext& ctx, const RuleConfig& rule) {
    const auto launchNames = stringIdsWhere(ctx, [](std::string_view n) { return n.rfind("Node@launch", 0) == 0; });
    const AscendClCalls acl(ctx); // AscendCL@aclrtSynchronizeStream*, or the DB's bare name at level acl
    std::vector<const SliceRecord*> events;
    for (const SliceRecord& s : walkReleasing(ctx.snapshot.slices.slices))
        if (startsInRange(ctx, s) &&
            (containsId(launchNames, s.nameId) || acl.callName(s).rfind("aclrtSynchronizeStream", 0) == 0))
            events.push_back(&s);
    if (events.empty()) return missingInputFinding(); // no CANN API data on the host
    sortByStart(events);
    std::int64_t launches = 0, syncs = 0, coOccurrences = 0;
    Finding f;
    TimeNs syncTotalNs = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const SliceRecord& s = *events[i];
        if (containsId(launchNames, s.nameId)) {
            ++launches;
            continue;
        }
        ++syncs;
        if (i == 0 || !containsId(launchNames, events[i - 1]->nameId)) continue;
        ++coOccurrences;
        syncTotalNs += s.durNs;
        if (f.ranges.size() < rule.evidenceLimit()) f.ranges.push_back({s.tsNs, s.endNs(), 0, "synchronize after launch"});
    }
    f.unit = "ratio";
    f.threshold = rule.threshold();
    f.comparison = ">";
    // The advisor rounds the ratio to 4 decimals before comparing.
    f.measured = launches > 0 ? std::round(static_cast<double>(coOccurrences) / static_cast<double>(launches) * 1e4) / 1e4 : 0;
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    f.timeAtStakeNs = f.status == FindingStatus::Fired ? syncTotalNs : 0;
    if (f.status != FindingStatus::Fired) f.ranges.clear();
    f.detail = std::to_string(syncs) + " SynchronizeStream and " + std::to_string(launches) + " Node@launch; " +
               std::to_string(coOccurrences) + " synchronisations right after a launch";
    return f;
}

// dataloader_checker.py: host events whose name contains "dataloader", flagged from
// dataloader_duration_threshold (10000 µs) per event.
Finding ruleAscendSlowDataloader(DiagnosisContext& ctx, const RuleConfig& rule) {
    const auto loaderNames = stringIdsWhere(ctx, [](std::string_view n) { return lowerAsciiText(n).find("dataloader") != std::string::npos; });
    const auto hostOpCategories = stringIdsWhere(ctx, [](std::string_view n) { return n == "cpu_op" || n == "python_function"; });
    bool hostOps = false;
    std::vector<const SliceRecord*> loaders;
    for (const SliceRecord& s : walkReleasing(ctx.snapshot.slices.slices)) {
        if (!startsInRange(ctx, s)) continue;
        if (s.catId != 0 && containsId(hostOpCategories, s.catId)) hostOps = true;
        if (containsId(loaderNames, s.nameId)) loaders.push_back(&s);
    }
    if (!hostOps && loaders.empty()) return missingInputFinding();
    Finding f;
    f.unit = "us";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    sortByStart(loaders);
    std::int64_t slow = 0;
    for (const SliceRecord* s : loaders) {
        const double us = static_cast<double>(s->durNs) / 1000.0;
        f.measured = std::max(f.measured, us);
        if (us < f.threshold) continue;
        ++slow;
        f.timeAtStakeNs += s->durNs;
        if (f.ranges.size() < rule.evidenceLimit())
            f.ranges.push_back({s->tsNs, s->endNs(), 0, std::string(ctx.snapshot.strings.at(s->nameId))});
    }
    f.status = slow > 0 ? FindingStatus::Fired : FindingStatus::Passed;
    f.detail = std::to_string(loaders.size()) + " dataloader event(s), " + std::to_string(slow) +
               " at or above the threshold; the longest takes " + humanDurationText(static_cast<TimeNs>(std::llround(f.measured * 1000.0)));
    return f;
}

// conjectured_gc_checker.py: a device Free gap longer than max_free_us (200000 µs, compared with >) during
// which the host made almost no AscendCL calls (their time < max_acl_time_ratio (0.01) of the gap and their
// count < max_acl_count_per_us (0.0001) per µs of it) is taken for a Python GC pause. Skipped when the
// trace records GC events itself (torch_npu's gc_detect_threshold).
Finding ruleAscendConjecturedGc(DiagnosisContext& ctx, const RuleConfig& rule) {
    const double maxFreeUs = rule.threshold();
    const double maxTimeRatio = rule.number("max_acl_time_ratio", 0.01);
    const double maxCountPerUs = rule.number("max_acl_count_per_us", 0.0001);
    const AscendClCalls aclCalls(ctx);
    const auto freeNames = stringIdsWhere(ctx, [](std::string_view n) { return lowerAsciiText(n) == "free"; });
    const auto gcCategories = stringIdsWhere(ctx, [](std::string_view n) { return lowerAsciiText(n) == "gc"; });
    std::vector<const SliceRecord*> acl, frees;
    bool overlapLanes = false, gcEvents = false;
    const SliceSet& set = ctx.snapshot.slices;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::size_t t = 0; t < set.trackCount(); ++t) {
        const TrackRecord* track = ctx.snapshot.catalog.find(set.trackIds[t]);
        const bool overlap = track && track->processName == "Overlap Analysis";
        overlapLanes = overlapLanes || overlap;
        for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
            const SliceRecord& s = walk[i];
            if (!startsInRange(ctx, s)) continue;
            if (s.catId != 0 && containsId(gcCategories, s.catId)) gcEvents = true;
            if (aclCalls.isCall(s)) acl.push_back(&s);
            else if (overlap && containsId(freeNames, s.nameId) && static_cast<double>(s.durNs) / 1000.0 > maxFreeUs)
                frees.push_back(&s);
        }
    }
    if (!overlapLanes || acl.empty()) return missingInputFinding();
    Finding f;
    f.unit = "us";
    f.threshold = maxFreeUs;
    f.comparison = ">";
    if (gcEvents) {
        f.guard = "the trace records GC events: the advisor's GC analysis reads them instead of conjecturing";
        return f;
    }
    sortByStart(acl);
    sortByStart(frees);
    std::int64_t conjectured = 0;
    std::size_t next = 0; // the advisor's walk: calls ending before a gap are passed for good (gaps do not overlap)
    for (const SliceRecord* free : frees) {
        // AscendCL calls overlapping the gap, as the advisor counts them (end >= gap start, start <= gap end).
        TimeNs aclNs = 0;
        std::int64_t aclCount = 0;
        for (; next < acl.size(); ++next) {
            const SliceRecord* a = acl[next];
            if (a->endNs() < free->tsNs) continue;
            if (a->tsNs > free->endNs()) break;
            ++aclCount;
            aclNs += a->durNs;
        }
        const double freeUs = static_cast<double>(free->durNs) / 1000.0;
        const double timeRatio = static_cast<double>(aclNs) / static_cast<double>(free->durNs);
        const double countPerUs = static_cast<double>(aclCount) / freeUs;
        if (timeRatio >= maxTimeRatio || countPerUs >= maxCountPerUs) continue;
        ++conjectured;
        f.measured = std::max(f.measured, freeUs);
        f.timeAtStakeNs += free->durNs;
        if (f.ranges.size() < rule.evidenceLimit()) f.ranges.push_back({free->tsNs, free->endNs(), 0, "free gap, host idle"});
    }
    f.status = conjectured > 0 ? FindingStatus::Fired : FindingStatus::Passed;
    f.detail = std::to_string(frees.size()) + " Free gap(s) longer than the threshold, " + std::to_string(conjectured) +
               " with almost no AscendCL activity";
    return f;
}

} // namespace opscope
