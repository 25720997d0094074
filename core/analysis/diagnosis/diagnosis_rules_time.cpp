// Rules about where device time goes: starvation (low busy share), synchronisation waits behind
// idle gaps, and imbalance between devices or streams.
#include "core/analysis/diagnosis/diagnosis_rules.h"

#include "core/analysis/breakdown/device_busy.h"
#include "core/model/spillable_array.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace opscope {

namespace {

// "idle 65.650 ms after A, before B, while EVENT_WAIT waits for an event (cause)": a gap is named by its
// length, its neighbours and what waits in it, so its time is never read as an operator's own time.
std::string gapLabel(const DiagnosisContext& ctx, const Bubble& b) {
    std::string label = ctx.snapshot.catalog.deviceLabel(b.deviceKey) + ": idle " + humanDurationText(b.durNs);
    for (const BubbleDetail& d : ctx.bubbles.largest) {
        if (d.bubble.startNs != b.startNs || d.bubble.deviceKey != b.deviceKey) continue;
        if (!d.opBefore.empty()) label += " after " + d.opBefore;
        if (!d.opAfter.empty()) label += (d.opBefore.empty() ? " before " : ", before ") + d.opAfter;
        // A host synchronisation behind the gap is named too: it is what the device waits on.
        if (ctx.bubbles.waitName(b).empty())
            for (const HostWorkOverlap& w : d.hostWork)
                if (w.workClass == HostWorkClass::Sync || w.workClass == HostWorkClass::Communication) {
                    label += ", while " + w.name + " waits";
                    break;
                }
        break;
    }
    if (const std::string& name = ctx.bubbles.waitName(b); !name.empty())
        label += ", while " + name + " waits" +
                 (b.waitFor == WaitFor::Nothing ? "" : std::string(" for ") + (b.waitFor == WaitFor::Event ? "an " : "a ") + waitForText(b.waitFor));
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
    // The profiling window's edges (profiler start / stop) are not the workload's gaps: no evidence.
    f.ranges = longestBubbles(ctx, rule.evidenceLimit(), [&](const Bubble& b) {
        return !isProfilerWindowCause(b.cause) && std::find(starved.begin(), starved.end(), b.deviceKey) != starved.end();
    });
    // The operators that waited longest to start after a gap are where the starvation shows. Each
    // carries its own time only (the gap is named in the ranges), as a share of the active time.
    for (const BubbleDetail& d : ctx.bubbles.largest) {
        if (f.status != FindingStatus::Fired || d.opAfter.empty() || f.operators.size() >= rule.evidenceLimit() ||
            isProfilerWindowCause(d.bubble.cause))
            continue;
        double span = static_cast<double>(worst->spanEndNs - worst->spanStartNs);
        TimeNs ownNs = ownDurationNs(ctx, d.sliceAfter);
        f.operators.push_back({d.opAfter, span > 0 ? static_cast<double>(ownNs) / span : 0, ownNs, 1, {d.sliceAfter}});
    }
    // Compute time, with device busy beside it under its own name (docs/device-time.md).
    f.detail = worst->label + " computes " + percentText(worst->computeShare) + " of its active time (" +
               humanDurationText(worst->spanEndNs - worst->spanStartNs) + "); device busy " + percentText(worst->busyShare);
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
    f.ranges = longestBubbles(ctx, rule.evidenceLimit(),
                              [&](const Bubble& b) { return b.cause == BubbleCause::SyncWait && b.durNs >= minGapNs; });
    // The host calls behind the waits: sync slices overlapping sync-caused gaps, by overlapped time.
    std::vector<Interval> syncGaps;
    for (const Bubble& b : ctx.bubbles.deviceBubbles)
        if (b.cause == BubbleCause::SyncWait && b.durNs >= minGapNs) syncGaps.push_back({b.startNs, b.endNs()});
    CoverageIndex gaps(std::move(syncGaps));
    // Per name, the union of its slices inside the waits: overlapping calls on several threads count once.
    std::map<std::uint32_t, EvidenceOperator> byName;
    std::map<std::uint32_t, std::vector<Interval>> intervals;
    ctx.host.forEachSlice([&](const HostSliceRef& s) {
        if (s.workClass != HostWorkClass::Sync || gaps.coveredNs(s.tsNs, s.endNs) <= 0) return;
        EvidenceOperator& e = byName[s.nameId];
        e.name = std::string(ctx.snapshot.strings.at(s.nameId));
        ++e.count;
        if (e.sliceIds.size() < 3) e.sliceIds.push_back(s.sliceId);
        intervals[s.nameId].push_back({s.tsNs, s.endNs});
    });
    for (auto& [nameId, list] : intervals) {
        mergeIntervals(list);
        EvidenceOperator& e = byName[nameId];
        for (const Interval& iv : list) e.totalNs += gaps.coveredNs(iv.startNs, iv.endNs);
        e.value = syncNs > 0 ? static_cast<double>(e.totalNs) / static_cast<double>(syncNs) : 0; // share of the waits
    }
    for (auto& [id, e] : byName) f.operators.push_back(std::move(e));
    std::sort(f.operators.begin(), f.operators.end(),
              [](const EvidenceOperator& a, const EvidenceOperator& b) { return a.totalNs > b.totalNs; });
    if (f.operators.size() > rule.evidenceLimit()) f.operators.resize(rule.evidenceLimit());
    f.detail = std::to_string(syncCount) + " idle gaps (" + humanDurationText(syncNs) + ") coincide with host syncs or waits, " +
               percentText(f.measured) + " of " + humanDurationText(bubbleNs) + " of device idle gaps of at least " +
               humanDurationText(minGapNs);
    return f;
}

namespace {

// One device or stream in a comparison, with its time in the dimension compared.
struct Unit {
    std::string label;
    std::int64_t trackId = 0;
    TimeNs ns = 0;
};

// One comparison of like with like: "compute time across NPU devices", "communication streams of NPU 0".
struct Dimension {
    std::string name;       // what is compared, where: names the finding
    std::string measure;    // "compute" or "communication": the time each unit is measured by
    std::vector<Unit> units;
    TimeRange window;
};

struct Spread {
    double points = -1;
    TimeNs gapNs = 0;
    Unit high, low;
    const Dimension* dimension = nullptr;
};

Spread spreadOf(const Dimension& d) {
    Spread s;
    if (d.units.size() < 2 || d.window.durationNs() <= 0) return s;
    auto [lo, hi] = std::minmax_element(d.units.begin(), d.units.end(), [](const Unit& a, const Unit& b) { return a.ns < b.ns; });
    s.points = 100.0 * static_cast<double>(hi->ns - lo->ns) / static_cast<double>(d.window.durationNs());
    s.gapNs = hi->ns - lo->ns;
    s.high = *hi;
    s.low = *lo;
    s.dimension = &d;
    return s;
}

// What a stream mostly runs (by slice count): compute or communication; copy streams and streams of waits
// are side streams by design and are compared with nothing. Without device classes every stream computes.
enum class StreamKind { Compute, Communication, Side };

// Per track (and per device): the union of its compute slices and of its communication slices.
struct ClassTimes {
    std::vector<Interval> compute, communication;
    std::int64_t computeSlices = 0, communicationSlices = 0, otherSlices = 0;
};

ClassTimes classTimesOf(const DiagnosisContext& ctx, std::size_t t) {
    ClassTimes out;
    const SliceSet& set = ctx.snapshot.slices;
    const bool classes = hasDeviceClasses(ctx.snapshot); // an old or synthetic store: every slice computes
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
        const SliceRecord& s = walk[i];
        std::optional<DeviceClass> c = classes ? ctx.snapshot.deviceClasses.classOf(s.id) : DeviceClass::Compute;
        if (!c) continue;
        Interval iv{s.tsNs, s.endNs()};
        if (ctx.bubbles.range) // the spans the units are compared over are clipped to it too
            iv = {std::max(iv.startNs, ctx.bubbles.range->startNs), std::min(iv.endNs, ctx.bubbles.range->endNs)};
        if (*c == DeviceClass::Compute) {
            ++out.computeSlices;
            if (iv.endNs > iv.startNs) out.compute.push_back(iv);
        } else if (*c == DeviceClass::Communication) {
            ++out.communicationSlices;
            if (iv.endNs > iv.startNs) out.communication.push_back(iv);
        } else {
            ++out.otherSlices;
        }
    }
    mergeIntervals(out.compute);
    mergeIntervals(out.communication);
    return out;
}

StreamKind streamKindOf(const ClassTimes& c) {
    if (c.computeSlices > 0 && c.computeSlices >= c.communicationSlices + c.otherSlices) return StreamKind::Compute;
    if (c.communicationSlices > 0 && c.communicationSlices >= c.computeSlices + c.otherSlices) return StreamKind::Communication;
    return StreamKind::Side;
}

// "NPU", "GPU": the device kind as people write it; devices of one kind are compared only with each other.
std::string kindLabel(const std::string& kind) {
    if (kind.empty()) return "device";
    std::string out = kind;
    for (char& ch : out) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return out;
}

// Every like-with-like comparison the rule makes (docs/device-time.md, "Load imbalance").
std::vector<Dimension> dimensionsOf(const DiagnosisContext& ctx, const RuleConfig& rule) {
    const auto minSlices = static_cast<std::int64_t>(rule.number("min_slices", 10));
    struct StreamTimes {
        const BubbleSummary* summary;
        std::int64_t processId;
        std::string processName;
        ClassTimes times;
    };
    struct DeviceTimes {
        std::string kind;
        SortedRuns computeRuns, communicationRuns; // each stream's runs, merged in pairs once all are in
        std::vector<StreamTimes> tracks;
    };
    std::map<std::int64_t, DeviceTimes> devices;
    for (const BubbleSummary& t : ctx.bubbles.tracks) {
        const int index = ctx.snapshot.slices.indexOfTrack(t.trackId);
        const TrackRecord* track = ctx.snapshot.catalog.find(t.trackId);
        if (index < 0 || !track) continue;
        DeviceTimes& d = devices[t.deviceKey];
        auto kind = ctx.deviceKinds.find(track->deviceId);
        d.kind = kind == ctx.deviceKinds.end() ? std::string() : kind->second;
        ClassTimes c = classTimesOf(ctx, static_cast<std::size_t>(index));
        d.computeRuns.add(c.compute);
        d.communicationRuns.add(c.communication);
        d.tracks.push_back({&t, track->processId, track->processName, std::move(c)});
    }
    std::vector<Dimension> out;
    if (rule.flag("compare_devices", true)) {
        std::map<std::string, Dimension> compute, communication; // by device kind
        bool anyCommunication = false;
        for (const BubbleSummary& b : ctx.bubbles.devices) {
            auto it = devices.find(b.deviceKey);
            if (it == devices.end() || b.spanEndNs <= b.spanStartNs) continue;
            DeviceTimes& d = it->second;
            std::vector<Interval> deviceCompute = d.computeRuns.take();
            std::vector<Interval> deviceCommunication = d.communicationRuns.take();
            mergeIntervals(deviceCompute);
            mergeIntervals(deviceCommunication);
            const TimeNs commNs = totalLengthNs(deviceCommunication);
            anyCommunication = anyCommunication || commNs > 0;
            for (auto* group : {&compute, &communication}) {
                Dimension& dim = (*group)[d.kind];
                dim.window = dim.units.empty() ? TimeRange{b.spanStartNs, b.spanEndNs}
                                               : TimeRange{std::min(dim.window.startNs, b.spanStartNs),
                                                           std::max(dim.window.endNs, b.spanEndNs)};
                dim.units.push_back({b.label, 0, group == &compute ? totalLengthNs(deviceCompute) : commNs});
            }
        }
        for (auto& [kind, dim] : compute) {
            dim.name = "compute time across " + kindLabel(kind) + " devices";
            dim.measure = "compute";
            out.push_back(std::move(dim));
        }
        for (auto& [kind, dim] : communication) {
            if (!anyCommunication) break;
            dim.name = "communication time across " + kindLabel(kind) + " devices";
            dim.measure = "communication";
            out.push_back(std::move(dim));
        }
    }
    if (rule.flag("compare_streams", true)) {
        for (const BubbleSummary& b : ctx.bubbles.devices) {
            auto it = devices.find(b.deviceKey);
            if (it == devices.end()) continue;
            // Streams of one process only: on Ascend the HCCL process's operator lanes span their own
            // tasks on the hardware stream, and are no stream to hold against it.
            std::map<std::int64_t, std::pair<Dimension, Dimension>> byProcess;
            for (const StreamTimes& st : it->second.tracks) {
                if (st.times.computeSlices + st.times.communicationSlices + st.times.otherSlices < minSlices) continue;
                auto [entry, added] = byProcess.try_emplace(st.processId);
                auto& [compute, communication] = entry->second;
                if (added) {
                    const bool sayProcess = !st.processName.empty() && st.processName != b.label;
                    const std::string where = b.label + (sayProcess ? " (" + st.processName + ")" : "");
                    compute = {"compute streams of " + where, "compute", {}, {b.spanStartNs, b.spanEndNs}};
                    communication = {"communication streams of " + where, "communication", {}, {b.spanStartNs, b.spanEndNs}};
                }
                const StreamKind kind = streamKindOf(st.times);
                if (kind == StreamKind::Compute)
                    compute.units.push_back({st.summary->label, st.summary->trackId, totalLengthNs(st.times.compute)});
                if (kind == StreamKind::Communication)
                    communication.units.push_back({st.summary->label, st.summary->trackId, totalLengthNs(st.times.communication)});
            }
            for (auto& [process, pair] : byProcess) {
                out.push_back(std::move(pair.first));
                out.push_back(std::move(pair.second));
            }
        }
    }
    return out;
}

} // namespace

// Devices and streams are compared like with like (docs/device-time.md): compute time across the devices
// of one kind, communication time across them, compute streams of a device with each other, communication
// streams with each other. The widest spread decides; the finding names its dimension.
Finding ruleLoadImbalance(DiagnosisContext& ctx, const RuleConfig& rule) {
    Finding f;
    f.unit = "points";
    f.threshold = rule.threshold();
    f.comparison = ">";
    const std::vector<Dimension> dimensions = dimensionsOf(ctx, rule);
    Spread best;
    std::vector<std::string> alsoFired;
    for (const Dimension& d : dimensions) {
        Spread s = spreadOf(d);
        if (s.points < 0) continue;
        if (s.points > f.threshold) alsoFired.push_back(d.name);
        if (s.points > best.points) best = s;
    }
    if (!best.dimension) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    const Dimension& dim = *best.dimension;
    f.measured = best.points;
    f.timeAtStakeNs = best.gapNs;
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    f.ranges.push_back({dim.window.startNs, dim.window.endNs, best.high.trackId, best.high.label + " (most " + dim.measure + ")"});
    f.ranges.push_back({dim.window.startNs, dim.window.endNs, best.low.trackId, best.low.label + " (least " + dim.measure + ")"});
    const double window = static_cast<double>(dim.window.durationNs());
    f.detail = dim.name + ": " + best.high.label + " " + dim.measure + " " + percentText(static_cast<double>(best.high.ns) / window) +
               ", " + best.low.label + " " + dim.measure + " " + percentText(static_cast<double>(best.low.ns) / window) + " of " +
               humanDurationText(dim.window.durationNs());
    alsoFired.erase(std::remove(alsoFired.begin(), alsoFired.end(), dim.name), alsoFired.end());
    for (std::size_t i = 0; i < alsoFired.size(); ++i) f.detail += (i == 0 ? "; also over the threshold: " : ", ") + alsoFired[i];
    return f;
}

} // namespace opscope
