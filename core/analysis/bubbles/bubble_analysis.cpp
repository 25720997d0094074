#include "core/analysis/bubbles/bubble_analysis.h"

#include "core/analysis/bubbles/bubble_details.h"
#include "core/analysis/breakdown/device_busy.h"
#include "core/analysis/breakdown/interval_union.h"
#include "core/model/spillable_array.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <unordered_map>

namespace opscope {

const char* bubbleCauseId(BubbleCause cause) {
    switch (cause) {
    case BubbleCause::HostBoundLaunch: return "host_bound_launch";
    case BubbleCause::SyncWait: return "sync_wait";
    case BubbleCause::CommunicationWait: return "communication_wait";
    case BubbleCause::DataTransfer: return "data_transfer";
    case BubbleCause::Unknown: return "unknown";
    case BubbleCause::ProfilerStart: return "profiler_start";
    case BubbleCause::ProfilerStop: return "profiler_stop";
    }
    return "unknown";
}

const char* waitForText(WaitFor waitFor) {
    switch (waitFor) {
    case WaitFor::Nothing: return "";
    case WaitFor::Event: return "event";
    case WaitFor::Notify: return "notify";
    case WaitFor::Stream: return "stream";
    case WaitFor::Collective: return "collective";
    }
    return "";
}

const std::string& BubbleReport::waitName(const Bubble& b) const {
    static const std::string kNone;
    return b.waitNameIndex < waitNames.size() ? waitNames[b.waitNameIndex] : kNone;
}

const char* bubbleCauseText(BubbleCause cause) {
    switch (cause) {
    case BubbleCause::HostBoundLaunch: return "host-bound launch gap";
    case BubbleCause::SyncWait: return "synchronisation wait";
    case BubbleCause::CommunicationWait: return "communication wait";
    case BubbleCause::DataTransfer: return "data transfer";
    case BubbleCause::Unknown: return "unknown";
    case BubbleCause::ProfilerStart: return "profiler start";
    case BubbleCause::ProfilerStop: return "profiler stop";
    }
    return "unknown";
}

bool isProfilerWindowCause(BubbleCause cause) {
    return cause == BubbleCause::ProfilerStart || cause == BubbleCause::ProfilerStop;
}

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

// The marker tasks msprof writes on a device stream when profiling is switched on and off.
bool isProfilerStartMarker(std::string_view name) { return equalsIgnoringCase(name, "PROFILING_ENABLE"); }
bool isProfilerStopMarker(std::string_view name) { return equalsIgnoringCase(name, "PROFILING_DISABLE"); }

std::vector<HistogramBin> makeBubbleBins(int binsPerDecade) {
    binsPerDecade = std::clamp(binsPerDecade, 1, 20);
    std::vector<HistogramBin> bins;
    bins.push_back({0, 1000, 0, 0});
    int steps = 7 * binsPerDecade; // 1 us .. 10 s
    for (int k = 0; k < steps; ++k) {
        // Bin edges are durations, not timestamps: pow is fine here; rounding keeps them exact ns.
        auto lo = static_cast<TimeNs>(std::llround(1000.0 * std::pow(10.0, static_cast<double>(k) / binsPerDecade)));
        auto hi = static_cast<TimeNs>(std::llround(1000.0 * std::pow(10.0, static_cast<double>(k + 1) / binsPerDecade)));
        bins.push_back({lo, hi, 0, 0});
    }
    bins.push_back({bins.back().highNs, -1, 0, 0});
    return bins;
}

namespace {

void addToHistogram(std::vector<HistogramBin>& bins, TimeNs durNs) {
    auto it = std::upper_bound(bins.begin(), bins.end(), durNs,
                               [](TimeNs d, const HistogramBin& b) { return d < b.lowNs; });
    HistogramBin& bin = *(it - 1);
    ++bin.count;
    bin.totalNs += durNs;
}

// The report's wait names, each snapshot name stored once however many gaps point at it, with what a
// wait task of that name waits for (read from the name once, not at every gap).
class WaitNameTable {
public:
    WaitNameTable(const StoreSnapshot& snap, std::vector<std::string>* names) : snap_(snap), names_(names) {}
    std::uint32_t indexOf(std::uint32_t nameId) {
        auto [it, added] = bySnapshotId_.try_emplace(nameId, static_cast<std::uint32_t>(names_->size()));
        if (added) {
            names_->emplace_back(snap_.strings.at(nameId));
            const std::string target = waitTarget(names_->back());
            targets_.resize(names_->size(), WaitFor::Event);
            targets_.back() = target == "notify" ? WaitFor::Notify : target == "stream" ? WaitFor::Stream : WaitFor::Event;
        }
        return it->second;
    }
    // A wait task's target by its name; a name that says nothing waits for an event.
    WaitFor targetOf(std::uint32_t index) const { return index < targets_.size() ? targets_[index] : WaitFor::Event; }

private:
    const StoreSnapshot& snap_;
    std::vector<std::string>* names_;
    std::unordered_map<std::uint32_t, std::uint32_t> bySnapshotId_;
    std::vector<WaitFor> targets_;
};

struct Context {
    const StoreSnapshot& snap;
    const BubbleOptions& options;
    const HostActivity& host;
    WaitNameTable* waitNames;
};

// Gaps of one busy union are visited in start order: the hints make the coverage lookups linear.
BubbleCause causeOf(const Context& ctx, TimeNs startNs, TimeNs endNs, HostActivity::Hints* hints) {
    if (ctx.host.empty()) return BubbleCause::Unknown;
    double dur = static_cast<double>(endNs - startNs);
    auto covers = [&](TimeNs covered) { return static_cast<double>(covered) >= ctx.options.causeCoverage * dur; };
    auto cls = [&](HostWorkClass c) { return ctx.host.coveredNs(c, startNs, endNs, hints); };
    // Most specific first: a sync inside a host operator is a sync wait, not a launch gap.
    if (covers(cls(HostWorkClass::Sync))) return BubbleCause::SyncWait;
    if (covers(cls(HostWorkClass::Communication))) return BubbleCause::CommunicationWait;
    if (covers(cls(HostWorkClass::DataTransfer))) return BubbleCause::DataTransfer;
    if (covers(ctx.host.hostBusyNs(startNs, endNs, hints))) return BubbleCause::HostBoundLaunch;
    return BubbleCause::Unknown;
}

Interval clipped(TimeNs a, TimeNs b, const std::optional<TimeRange>& range) {
    if (range) {
        a = std::max(a, range->startNs);
        b = std::min(b, range->endNs);
    }
    return {a, b};
}

// One track's (or device's) device time: busy (compute ∪ communication ∪ memory), compute alone, and the
// extent of every device slice including waits and markers, as device_busy.h defines them.
struct BusyRun {
    std::vector<Interval> busy, compute;
    TimeNs extentStartNs = 0, extentEndNs = 0;
    bool hasExtent = false;
    void extend(Interval iv) {
        if (iv.endNs < iv.startNs) return;
        extentStartNs = hasExtent ? std::min(extentStartNs, iv.startNs) : iv.startNs;
        extentEndNs = hasExtent ? std::max(extentEndNs, iv.endNs) : iv.endNs;
        hasExtent = true;
    }
    // A device's run, from its tracks' (added, then taken once): merged in pairs, not one track at a time.
    SortedRuns busyOfTracks, computeOfTracks;
    void add(const BusyRun& other) {
        busyOfTracks.add(other.busy);
        computeOfTracks.add(other.compute);
        if (other.hasExtent) {
            extend({other.extentStartNs, other.extentEndNs});
        }
    }
};

// The waits of a track or device, by start, with the longest one's length: the candidates for a gap
// are found by binary search.
struct WaitList {
    std::vector<const DeviceWaitRef*> items;
    TimeNs longestNs = 0;
};

BusyRun trackRun(const Context& ctx, std::size_t t, const TrackRecord* track, const WaitList& waits) {
    const SliceSet& set = ctx.snap.slices;
    BusyRun run;
    const bool byClass = hasDeviceClasses(ctx.snap) && track && track->deviceId > 0;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
        const SliceRecord& s = walk[i];
        Interval iv = clipped(s.tsNs, s.endNs(), ctx.options.range);
        if (iv.endNs < iv.startNs || (ctx.options.range && iv.endNs == iv.startNs && s.durNs > 0)) continue;
        std::optional<DeviceClass> c;
        if (byClass) c = ctx.snap.deviceClasses.classOf(s.id);
        if (byClass && !c) continue; // not device work, nor a wait: an annotation or a repeated lane
        // Without classes the span is the busy union's, as before classes existed.
        if (byClass || iv.endNs > iv.startNs) run.extend(iv);
        if (iv.endNs == iv.startNs || (c && !isDeviceWork(*c))) continue;
        // The track's slices come by start (SliceSet) and clipping keeps that order.
        appendToUnion(run.busy, iv);
        if (!c || *c == DeviceClass::Compute) appendToUnion(run.compute, iv);
    }
    for (const DeviceWaitRef* w : waits.items) run.extend(clipped(w->tsNs, w->endNs, ctx.options.range));
    return run;
}

// Per device, the communication slices (name, interval), by start: a track's gap during one waits for a collective.
struct CommIndex {
    struct Item { TimeNs tsNs, endNs; std::uint32_t nameId; std::int64_t sliceId; };
    std::vector<Item> items;
    TimeNs longestNs = 0;
    const Item* longestOverlap(TimeNs a, TimeNs b) const {
        auto it = std::lower_bound(items.begin(), items.end(), a - longestNs,
                                   [](const Item& x, TimeNs v) { return x.tsNs < v; });
        const Item* best = nullptr;
        TimeNs bestNs = 0;
        for (; it != items.end() && it->tsNs < b; ++it) {
            TimeNs o = overlapNs(a, b, it->tsNs, it->endNs);
            if (o > bestNs) best = &*it, bestNs = o;
        }
        return best;
    }
};

// Fills what a gap waits for: the wait tasks inside it, else (a stream's gap) the collective running meanwhile.
void explainWait(const Context& ctx, const WaitList& waits, const CommIndex* comm, Bubble* b) {
    std::vector<Interval> covered;
    const DeviceWaitRef* best = nullptr;
    TimeNs bestNs = 0;
    auto first = std::lower_bound(waits.items.begin(), waits.items.end(), b->startNs - waits.longestNs,
                                  [](const DeviceWaitRef* w, TimeNs v) { return w->tsNs < v; });
    for (auto it = first; it != waits.items.end() && (*it)->tsNs < b->endNs(); ++it) {
        const DeviceWaitRef* w = *it;
        if (w->deviceClass != DeviceClass::Wait) continue;
        TimeNs o = overlapNs(b->startNs, b->endNs(), w->tsNs, w->endNs);
        if (o <= 0) continue;
        covered.push_back({std::max(b->startNs, w->tsNs), std::min(b->endNs(), w->endNs)});
        if (o > bestNs) best = w, bestNs = o;
    }
    mergeIntervals(covered);
    b->waitNs = totalLengthNs(covered);
    if (comm) {
        if (const CommIndex::Item* c = comm->longestOverlap(b->startNs, b->endNs())) {
            if (2 * overlapNs(b->startNs, b->endNs(), c->tsNs, c->endNs) >= b->durNs) {
                b->waitFor = WaitFor::Collective;
                b->waitNameIndex = ctx.waitNames->indexOf(c->nameId);
                b->waitSliceId = c->sliceId;
                return;
            }
        }
    }
    if (!best) return;
    b->waitNameIndex = ctx.waitNames->indexOf(best->nameId);
    b->waitSliceId = best->sliceId;
    b->waitFor = ctx.waitNames->targetOf(b->waitNameIndex);
}

// True when a marker task that opens (start) or closes the profiling window lies inside the hole.
bool profilerMarkerInside(const Context& ctx, const WaitList& waits, Interval hole, bool start) {
    auto first = std::lower_bound(waits.items.begin(), waits.items.end(), hole.startNs - waits.longestNs,
                                  [](const DeviceWaitRef* w, TimeNs v) { return w->tsNs < v; });
    for (auto it = first; it != waits.items.end() && (*it)->tsNs <= hole.endNs; ++it) {
        const DeviceWaitRef* w = *it;
        if (w->deviceClass != DeviceClass::Other || w->tsNs < hole.startNs || w->endNs > hole.endNs) continue;
        const std::string_view name = ctx.snap.strings.at(w->nameId);
        if (start ? isProfilerStartMarker(name) : isProfilerStopMarker(name)) return true;
    }
    return false;
}

// Summary and bubbles of one run (a track's or a device's). Gaps are the holes of busy inside the extent,
// the edges included: a wait before the first work or after the last is a gap too.
BubbleSummary summarize(const Context& ctx, const BusyRun& run, std::int64_t trackId, std::int64_t deviceKey,
                        const WaitList& waits, const CommIndex* comm, std::vector<Bubble>* bubbles) {
    BubbleSummary s;
    s.trackId = trackId;
    s.deviceKey = deviceKey;
    if (!run.hasExtent) return s;
    s.spanStartNs = run.extentStartNs;
    s.spanEndNs = run.extentEndNs;
    s.busyNs = totalLengthNs(run.busy);
    s.computeNs = totalLengthNs(run.compute);
    s.idleNs = (s.spanEndNs - s.spanStartNs) - s.busyNs;
    double span = static_cast<double>(s.spanEndNs - s.spanStartNs);
    s.busyShare = span > 0 ? static_cast<double>(s.busyNs) / span : 0;
    s.idleShare = span > 0 ? static_cast<double>(s.idleNs) / span : 0;
    s.computeShare = span > 0 ? static_cast<double>(s.computeNs) / span : 0;
    std::vector<Interval> holes;
    TimeNs minGapNs = std::max<TimeNs>(1, ctx.options.minBubbleNs);
    TimeNs firstBusy = run.busy.empty() ? s.spanEndNs : run.busy.front().startNs;
    TimeNs lastBusy = run.busy.empty() ? s.spanEndNs : run.busy.back().endNs;
    const std::vector<Interval> between = gapsBetween(run.busy, minGapNs);
    holes.reserve(between.size() + 2);
    if (firstBusy - s.spanStartNs >= minGapNs) holes.push_back({s.spanStartNs, firstBusy});
    holes.insert(holes.end(), between.begin(), between.end());
    if (!run.busy.empty() && s.spanEndNs - lastBusy >= minGapNs) holes.push_back({lastBusy, s.spanEndNs});
    // A track holds up to a bubble per slice: room for this run's at once, still doubling across runs.
    if (bubbles->capacity() < bubbles->size() + holes.size())
        bubbles->reserve(std::max(bubbles->size() + holes.size(), 2 * bubbles->capacity()));
    HostActivity::Hints hints;
    for (const Interval& gap : holes) {
        // The edges of the span are the profiling window's when its marker tasks lie there (docs/device-time.md).
        const bool leading = gap.startNs == s.spanStartNs && gap.endNs == firstBusy;
        const bool trailing = !run.busy.empty() && gap.startNs == lastBusy && gap.endNs == s.spanEndNs;
        BubbleCause cause = leading && profilerMarkerInside(ctx, waits, gap, true)    ? BubbleCause::ProfilerStart
                            : trailing && profilerMarkerInside(ctx, waits, gap, false) ? BubbleCause::ProfilerStop
                                                                                       : causeOf(ctx, gap.startNs, gap.endNs, &hints);
        Bubble b;
        b.startNs = gap.startNs;
        b.durNs = gap.durationNs();
        b.trackId = trackId;
        b.deviceKey = deviceKey;
        b.cause = cause;
        explainWait(ctx, waits, comm, &b);
        ++s.bubbleCount;
        s.bubbleTotalNs += b.durNs;
        s.waitNs += b.waitNs;
        s.largestBubbleNs = std::max(s.largestBubbleNs, b.durNs);
        s.causeNs[static_cast<std::size_t>(b.cause)] += b.durNs;
        ++s.causeCount[static_cast<std::size_t>(b.cause)];
        bubbles->push_back(std::move(b));
    }
    return s;
}

void analyseTracks(const Context& ctx, const std::vector<std::int64_t>& computeIds, BubbleReport* out) {
    const SliceSet& set = ctx.snap.slices;
    // Waits and markers of every device track of the snapshot (not only the busy ones): a stream that only
    // waits still widens its device's span, as in the breakdown.
    std::vector<std::int64_t> waitTracks = computeIds;
    if (hasDeviceClasses(ctx.snap))
        for (std::int64_t id : set.trackIds) {
            const TrackRecord* track = ctx.snap.catalog.find(id);
            if (track && track->deviceId > 0) waitTracks.push_back(id);
        }
    std::sort(waitTracks.begin(), waitTracks.end());
    waitTracks.erase(std::unique(waitTracks.begin(), waitTracks.end()), waitTracks.end());
    std::vector<DeviceWaitRef> waits = deviceNotWork(ctx.snap, waitTracks);
    std::map<std::int64_t, BusyRun> perDevice;
    std::map<std::int64_t, WaitList> waitsOfDevice, waitsOfTrack;
    for (const DeviceWaitRef& w : waits)
        for (WaitList* list : {&waitsOfDevice[w.deviceKey], &waitsOfTrack[w.trackId]}) {
            list->items.push_back(&w);
            list->longestNs = std::max(list->longestNs, w.endNs - w.tsNs);
        }
    std::map<std::int64_t, CommIndex> commOfDevice;
    if (hasDeviceClasses(ctx.snap)) {
        PageReleasingWalk<SliceRecord> walk(set.slices);
        for (std::int64_t id : computeIds) {
            int t = set.indexOfTrack(id);
            const TrackRecord* track = ctx.snap.catalog.find(id);
            if (t < 0 || !track) continue;
            CommIndex& index = commOfDevice[track->deviceKey()];
            for (std::uint32_t i = set.begin(static_cast<std::size_t>(t)); i < set.end(static_cast<std::size_t>(t)); ++i) {
                const SliceRecord& s = walk[i];
                if (ctx.snap.deviceClasses.classOf(s.id) != DeviceClass::Communication) continue;
                index.items.push_back({s.tsNs, s.endNs(), s.nameId, s.id});
                index.longestNs = std::max(index.longestNs, s.durNs);
            }
        }
    }
    for (auto& [key, index] : commOfDevice)
        std::sort(index.items.begin(), index.items.end(),
                  [](const CommIndex::Item& a, const CommIndex::Item& b) { return a.tsNs < b.tsNs; });
    static const WaitList kNone;
    for (std::int64_t id : computeIds) {
        int t = set.indexOfTrack(id);
        if (t < 0) continue;
        const TrackRecord* track = ctx.snap.catalog.find(id);
        std::int64_t deviceKey = track ? track->deviceKey() : 0;
        auto tw = waitsOfTrack.find(id);
        BusyRun run = trackRun(ctx, static_cast<std::size_t>(t), track, tw == waitsOfTrack.end() ? kNone : tw->second);
        auto comm = commOfDevice.find(deviceKey);
        BubbleSummary s = summarize(ctx, run, id, deviceKey, tw == waitsOfTrack.end() ? kNone : tw->second,
                                    comm == commOfDevice.end() ? nullptr : &comm->second, &out->trackBubbles);
        s.label = ctx.snap.catalog.label(id);
        out->tracks.push_back(std::move(s));
        perDevice[deviceKey].add(run);
    }
    for (auto& [deviceKey, run] : perDevice) {
        run.busy = run.busyOfTracks.take();
        run.compute = run.computeOfTracks.take();
        mergeIntervals(run.busy);
        mergeIntervals(run.compute);
        auto dw = waitsOfDevice.find(deviceKey);
        if (dw != waitsOfDevice.end())
            for (const DeviceWaitRef* w : dw->second.items) run.extend(clipped(w->tsNs, w->endNs, ctx.options.range));
        BubbleSummary s = summarize(ctx, run, 0, deviceKey, dw == waitsOfDevice.end() ? kNone : dw->second, nullptr,
                                    &out->deviceBubbles);
        s.label = ctx.snap.catalog.deviceLabel(deviceKey);
        out->devices.push_back(std::move(s));
    }
}

} // namespace

BubbleReport computeBubbles(const StoreSnapshot& snapshot, const BubbleOptions& options) {
    SelectedTracks selected = selectBusyTracks(snapshot, options.tracks);
    HostActivity host;
    host.build(snapshot, selected.logicalIds, options.patterns);
    return computeBubbles(snapshot, options, host);
}

BubbleReport computeBubbles(const StoreSnapshot& snapshot, const BubbleOptions& options, const HostActivity& host) {
    BubbleReport out;
    SelectedTracks selected = selectBusyTracks(snapshot, options.tracks);
    out.computeTracks = selected.logicalIds;
    out.fellBackToAll = selected.fellBackToAll;
    out.range = options.range;
    out.minBubbleNs = options.minBubbleNs;
    WaitNameTable waitNames(snapshot, &out.waitNames);
    Context ctx{snapshot, options, host, &waitNames};
    out.hasHostTracks = !ctx.host.empty();
    analyseTracks(ctx, selected.logicalIds, &out);
    out.trackHistogram = makeBubbleBins(options.binsPerDecade);
    out.deviceHistogram = out.trackHistogram;
    for (const Bubble& b : out.trackBubbles) addToHistogram(out.trackHistogram, b.durNs);
    for (const Bubble& b : out.deviceBubbles) addToHistogram(out.deviceHistogram, b.durNs);
    fillBubbleDetails(snapshot, ctx.host, options, selected.logicalIds, &out);
    return out;
}

bool computeBubbles(Database& db, const BubbleOptions& options, BubbleReport* out, Error* error) {
    StoreSnapshot snapshot;
    TrackSelection all;
    all.scope = TrackScope::All;
    if (!loadSnapshot(db, all, &snapshot, error)) return false;
    *out = computeBubbles(snapshot, options);
    return true;
}

} // namespace opscope
