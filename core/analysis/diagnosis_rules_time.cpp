// Rules about where device time goes: starvation (low busy share), synchronisation waits behind
// idle gaps, and imbalance between devices or streams.
#include "core/analysis/diagnosis_rules.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

namespace {

std::size_t evidenceLimit(const RuleConfig& rule) {
    return static_cast<std::size_t>(std::max(0.0, rule.number("evidence_count", 10)));
}

// "idle 65.650 ms after A, before B, while EVENT_WAIT waits for an event (cause)": a gap is named by its
// length, its neighbours and what waits in it, so its time is never read as an operator's own time.
std::string gapLabel(const DiagnosisContext& ctx, const Bubble& b) {
    std::string label = ctx.snapshot.catalog.deviceLabel(b.deviceKey) + ": idle " + durationText(b.durNs);
    for (const BubbleDetail& d : ctx.bubbles.largest) {
        if (d.bubble.startNs != b.startNs || d.bubble.deviceKey != b.deviceKey) continue;
        if (!d.opBefore.empty()) label += " after " + d.opBefore;
        if (!d.opAfter.empty()) label += (d.opBefore.empty() ? " before " : ", before ") + d.opAfter;
        // A host synchronisation behind the gap is named too: it is what the device waits on.
        if (b.waitName.empty())
            for (const HostWorkOverlap& w : d.hostWork)
                if (w.workClass == HostWorkClass::Sync || w.workClass == HostWorkClass::Communication) {
                    label += ", while " + w.name + " waits";
                    break;
                }
        break;
    }
    if (!b.waitName.empty())
        label += ", while " + b.waitName + " waits" + (b.waitFor.empty() ? "" : " for " + std::string(b.waitFor == "event" ? "an " : "a ") + b.waitFor);
    return label + " (" + bubbleCauseText(b.cause) + ")";
}

// The longest device bubbles passing a filter, as evidence ranges.
template <typename Pred>
std::vector<EvidenceRange> longestBubbles(const DiagnosisContext& ctx, std::size_t limit, Pred keep) {
    std::vector<const Bubble*> pool;
    for (const Bubble& b : ctx.bubbles.deviceBubbles)
        if (keep(b)) pool.push_back(&b);
    std::size_t n = std::min(limit, pool.size());
    std::partial_sort(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(n), pool.end(),
                      [](const Bubble* a, const Bubble* b) {
                          return a->durNs != b->durNs ? a->durNs > b->durNs : a->startNs < b->startNs;
                      });
    std::vector<EvidenceRange> out;
    for (std::size_t i = 0; i < n; ++i) out.push_back({pool[i]->startNs, pool[i]->endNs(), 0, gapLabel(ctx, *pool[i])});
    return out;
}

// The own duration of a slice of the snapshot; 0 when it is not loaded.
TimeNs ownDurationNs(const DiagnosisContext& ctx, std::int64_t sliceId) {
    std::int64_t i = ctx.snapshot.slices.indexOfSlice(sliceId);
    return i < 0 ? 0 : ctx.snapshot.slices.slices[static_cast<std::size_t>(i)].durNs;
}

} // namespace

Finding ruleComputeStarvation(DiagnosisContext& ctx, const RuleConfig& rule) {
    Finding f;
    f.unit = "share";
    f.threshold = rule.threshold();
    f.comparison = "<";
    const BubbleSummary* worst = nullptr;
    for (const BubbleSummary& d : ctx.bubbles.devices)
        if (d.spanEndNs > d.spanStartNs && (!worst || d.computeShare < worst->computeShare)) worst = &d;
    if (!worst) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    // Judged on compute time (the compute class's union), not on device busy: a device that only
    // communicates or copies is starved of compute work.
    f.measured = worst->computeShare;
    std::vector<std::int64_t> starved;
    for (const BubbleSummary& d : ctx.bubbles.devices)
        if (d.spanEndNs > d.spanStartNs && d.computeShare < f.threshold) {
            f.timeAtStakeNs += (d.spanEndNs - d.spanStartNs) - d.computeNs;
            starved.push_back(d.deviceKey);
        }
    f.status = starved.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    f.ranges = longestBubbles(ctx, evidenceLimit(rule), [&](const Bubble& b) {
        return std::find(starved.begin(), starved.end(), b.deviceKey) != starved.end();
    });
    // The operators that waited longest to start after a gap are where the starvation shows. Each
    // carries its own time only (the gap is named in the ranges), as a share of the active time.
    for (const BubbleDetail& d : ctx.bubbles.largest) {
        if (f.status != FindingStatus::Fired || d.opAfter.empty() || f.operators.size() >= evidenceLimit(rule)) continue;
        double span = static_cast<double>(worst->spanEndNs - worst->spanStartNs);
        TimeNs ownNs = ownDurationNs(ctx, d.sliceAfter);
        f.operators.push_back({d.opAfter, span > 0 ? static_cast<double>(ownNs) / span : 0, ownNs, 1, {d.sliceAfter}});
    }
    // Compute time, with device busy beside it under its own name (docs/device-time.md).
    f.detail = worst->label + " computes " + percentText(worst->computeShare) + " of its active time (" +
               durationText(worst->spanEndNs - worst->spanStartNs) + "); device busy " + percentText(worst->busyShare);
    return f;
}

Finding ruleSyncWait(DiagnosisContext& ctx, const RuleConfig& rule) {
    Finding f;
    f.unit = "share";
    f.threshold = rule.threshold();
    f.comparison = ">";
    if (ctx.bubbles.devices.empty() || !ctx.bubbles.hasHostTracks) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    // Gaps of a few microseconds between queued kernels are launch latency, not waits: ignore them.
    auto minGapNs = static_cast<TimeNs>(rule.number("min_gap_us", 10.0) * 1000.0);
    TimeNs bubbleNs = 0, syncNs = 0;
    std::int64_t syncCount = 0;
    for (const Bubble& b : ctx.bubbles.deviceBubbles) {
        if (b.durNs < minGapNs) continue;
        bubbleNs += b.durNs;
        if (b.cause != BubbleCause::SyncWait) continue;
        syncNs += b.durNs;
        ++syncCount;
    }
    f.measured = bubbleNs > 0 ? static_cast<double>(syncNs) / static_cast<double>(bubbleNs) : 0;
    f.timeAtStakeNs = syncNs;
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    f.ranges = longestBubbles(ctx, evidenceLimit(rule),
                              [&](const Bubble& b) { return b.cause == BubbleCause::SyncWait && b.durNs >= minGapNs; });
    // The host calls behind the waits: sync slices overlapping sync-caused gaps, by overlapped time.
    std::vector<Interval> syncGaps;
    for (const Bubble& b : ctx.bubbles.deviceBubbles)
        if (b.cause == BubbleCause::SyncWait && b.durNs >= minGapNs) syncGaps.push_back({b.startNs, b.endNs()});
    CoverageIndex gaps(std::move(syncGaps));
    // Per name, the union of its slices inside the waits: overlapping calls on several threads count once.
    std::map<std::uint32_t, EvidenceOperator> byName;
    std::map<std::uint32_t, std::vector<Interval>> intervals;
    for (const HostSliceRef& s : ctx.host.slices()) {
        if (s.workClass != HostWorkClass::Sync || gaps.coveredNs(s.tsNs, s.endNs) <= 0) continue;
        EvidenceOperator& e = byName[s.nameId];
        e.name = std::string(ctx.snapshot.strings.at(s.nameId));
        ++e.count;
        if (e.sliceIds.size() < 3) e.sliceIds.push_back(s.sliceId);
        intervals[s.nameId].push_back({s.tsNs, s.endNs});
    }
    for (auto& [nameId, list] : intervals) {
        mergeIntervals(list);
        EvidenceOperator& e = byName[nameId];
        for (const Interval& iv : list) e.totalNs += gaps.coveredNs(iv.startNs, iv.endNs);
        e.value = syncNs > 0 ? static_cast<double>(e.totalNs) / static_cast<double>(syncNs) : 0; // share of the waits
    }
    for (auto& [id, e] : byName) f.operators.push_back(std::move(e));
    std::sort(f.operators.begin(), f.operators.end(),
              [](const EvidenceOperator& a, const EvidenceOperator& b) { return a.totalNs > b.totalNs; });
    if (f.operators.size() > evidenceLimit(rule)) f.operators.resize(evidenceLimit(rule));
    f.detail = std::to_string(syncCount) + " idle gaps (" + durationText(syncNs) + ") coincide with host syncs or waits, " +
               percentText(f.measured) + " of " + durationText(bubbleNs) + " of device idle gaps of at least " +
               durationText(minGapNs);
    return f;
}

namespace {

struct Unit {
    std::string label;
    std::int64_t trackId = 0;
    TimeNs busyNs = 0;
};

struct Spread {
    double points = -1;
    TimeNs busyGapNs = 0;
    TimeRange window;
    Unit high, low;
    std::string scope;
};

void considerSpread(const std::vector<Unit>& units, TimeRange window, const std::string& scope, Spread* best) {
    if (units.size() < 2 || window.durationNs() <= 0) return;
    auto [lo, hi] = std::minmax_element(units.begin(), units.end(),
                                        [](const Unit& a, const Unit& b) { return a.busyNs < b.busyNs; });
    double points = 100.0 * static_cast<double>(hi->busyNs - lo->busyNs) / static_cast<double>(window.durationNs());
    if (points <= best->points) return;
    *best = {points, hi->busyNs - lo->busyNs, window, *hi, *lo, scope};
}

// Streams are compared like with like: a stream whose classified slices are mostly copies or
// communication is a side stream by design, never held against a compute stream. Without device
// classes (an old store) every stream counts as compute.
bool isComputeStream(const DiagnosisContext& ctx, std::int64_t trackId) {
    if (!ctx.snapshot.deviceClasses.available) return true;
    int index = ctx.snapshot.slices.indexOfTrack(trackId);
    if (index < 0) return false;
    std::int64_t compute = 0, side = 0;
    for (std::uint32_t i = ctx.snapshot.slices.begin(static_cast<std::size_t>(index));
         i < ctx.snapshot.slices.end(static_cast<std::size_t>(index)); ++i) {
        std::optional<DeviceClass> c = ctx.snapshot.deviceClasses.classOf(ctx.snapshot.slices.slices[i].id);
        if (!c) continue;
        if (*c == DeviceClass::Compute) ++compute;
        else ++side;
    }
    return compute > 0 && compute >= side;
}

} // namespace

Finding ruleLoadImbalance(DiagnosisContext& ctx, const RuleConfig& rule) {
    Finding f;
    f.unit = "points";
    f.threshold = rule.threshold();
    f.comparison = ">";
    Spread best;
    const auto minSlices = static_cast<std::int64_t>(rule.number("min_slices", 10));
    if (rule.flag("compare_devices", true)) {
        std::vector<Unit> devices;
        TimeRange window{0, 0};
        for (const BubbleSummary& d : ctx.bubbles.devices) {
            if (d.spanEndNs <= d.spanStartNs) continue;
            window = devices.empty() ? TimeRange{d.spanStartNs, d.spanEndNs}
                                     : TimeRange{std::min(window.startNs, d.spanStartNs), std::max(window.endNs, d.spanEndNs)};
            devices.push_back({d.label, 0, d.busyNs});
        }
        considerSpread(devices, window, "devices", &best);
    }
    if (rule.flag("compare_streams", true)) {
        for (const BubbleSummary& d : ctx.bubbles.devices) {
            std::vector<Unit> streams;
            for (const BubbleSummary& t : ctx.bubbles.tracks) {
                int index = ctx.snapshot.slices.indexOfTrack(t.trackId);
                std::int64_t slices = index < 0 ? 0 : ctx.snapshot.slices.end(static_cast<std::size_t>(index)) -
                                                          ctx.snapshot.slices.begin(static_cast<std::size_t>(index));
                if (t.deviceKey == d.deviceKey && slices >= minSlices && isComputeStream(ctx, t.trackId))
                    streams.push_back({t.label, t.trackId, t.busyNs});
            }
            considerSpread(streams, {d.spanStartNs, d.spanEndNs}, "streams of " + d.label, &best);
        }
    }
    if (best.points < 0) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    f.measured = best.points;
    f.timeAtStakeNs = best.busyGapNs;
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    f.ranges.push_back({best.window.startNs, best.window.endNs, best.high.trackId, best.high.label + " (busiest)"});
    f.ranges.push_back({best.window.startNs, best.window.endNs, best.low.trackId, best.low.label + " (least busy)"});
    double window = static_cast<double>(best.window.durationNs());
    f.detail = best.scope + ": " + best.high.label + " busy " + percentText(static_cast<double>(best.high.busyNs) / window) +
               ", " + best.low.label + " busy " + percentText(static_cast<double>(best.low.busyNs) / window) + " of " +
               durationText(best.window.durationNs());
    return f;
}

} // namespace opscope
