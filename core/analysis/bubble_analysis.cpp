#include "core/analysis/bubble_analysis.h"

#include "core/analysis/bubble_details.h"
#include "core/analysis/interval_union.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

const char* bubbleCauseId(BubbleCause cause) {
    switch (cause) {
    case BubbleCause::HostBoundLaunch: return "host_bound_launch";
    case BubbleCause::SyncWait: return "sync_wait";
    case BubbleCause::CommunicationWait: return "communication_wait";
    case BubbleCause::DataTransfer: return "data_transfer";
    case BubbleCause::Unknown: return "unknown";
    }
    return "unknown";
}

const char* bubbleCauseText(BubbleCause cause) {
    switch (cause) {
    case BubbleCause::HostBoundLaunch: return "host-bound launch gap";
    case BubbleCause::SyncWait: return "synchronisation wait";
    case BubbleCause::CommunicationWait: return "communication wait";
    case BubbleCause::DataTransfer: return "data transfer";
    case BubbleCause::Unknown: return "unknown";
    }
    return "unknown";
}

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

struct Context {
    const StoreSnapshot& snap;
    const BubbleOptions& options;
    const HostActivity& host;
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

std::vector<Interval> trackIntervals(const SliceSet& set, std::size_t t, const std::optional<TimeRange>& range) {
    std::vector<Interval> out;
    out.reserve(set.end(t) - set.begin(t));
    for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
        const SliceRecord& s = set.slices[i];
        TimeNs a = s.tsNs, b = s.endNs();
        if (range) {
            a = std::max(a, range->startNs);
            b = std::min(b, range->endNs);
        }
        if (b > a) out.push_back({a, b});
    }
    mergeIntervals(out);
    return out;
}

// Summary and bubbles of one busy union (a track's or a device's).
BubbleSummary summarize(const Context& ctx, const std::vector<Interval>& busy, std::int64_t trackId,
                        std::int64_t deviceKey, std::vector<Bubble>* bubbles) {
    BubbleSummary s;
    s.trackId = trackId;
    s.deviceKey = deviceKey;
    if (busy.empty()) return s;
    s.spanStartNs = busy.front().startNs;
    s.spanEndNs = busy.back().endNs;
    s.busyNs = totalLengthNs(busy);
    s.idleNs = (s.spanEndNs - s.spanStartNs) - s.busyNs;
    double span = static_cast<double>(s.spanEndNs - s.spanStartNs);
    s.busyShare = span > 0 ? static_cast<double>(s.busyNs) / span : 0;
    s.idleShare = span > 0 ? static_cast<double>(s.idleNs) / span : 0;
    HostActivity::Hints hints;
    for (const Interval& gap : gapsBetween(busy, std::max<TimeNs>(1, ctx.options.minBubbleNs))) {
        Bubble b{gap.startNs, gap.durationNs(), trackId, deviceKey, causeOf(ctx, gap.startNs, gap.endNs, &hints)};
        ++s.bubbleCount;
        s.bubbleTotalNs += b.durNs;
        s.largestBubbleNs = std::max(s.largestBubbleNs, b.durNs);
        s.causeNs[static_cast<std::size_t>(b.cause)] += b.durNs;
        ++s.causeCount[static_cast<std::size_t>(b.cause)];
        bubbles->push_back(b);
    }
    return s;
}

void analyseTracks(const Context& ctx, const std::vector<std::int64_t>& computeIds, BubbleReport* out) {
    const SliceSet& set = ctx.snap.slices;
    std::map<std::int64_t, std::vector<Interval>> perDevice;
    for (std::int64_t id : computeIds) {
        int t = set.indexOfTrack(id);
        if (t < 0) continue;
        const TrackRecord* track = ctx.snap.catalog.find(id);
        std::int64_t deviceKey = track ? track->deviceKey() : 0;
        std::vector<Interval> busy = trackIntervals(set, static_cast<std::size_t>(t), ctx.options.range);
        BubbleSummary s = summarize(ctx, busy, id, deviceKey, &out->trackBubbles);
        s.label = ctx.snap.catalog.label(id);
        out->tracks.push_back(std::move(s));
        appendSortedRun(perDevice[deviceKey], busy);
    }
    for (auto& [deviceKey, intervals] : perDevice) {
        mergeIntervals(intervals);
        BubbleSummary s = summarize(ctx, intervals, 0, deviceKey, &out->deviceBubbles);
        s.label = ctx.snap.catalog.deviceLabel(deviceKey);
        out->devices.push_back(std::move(s));
    }
}

} // namespace

BubbleReport computeBubbles(const StoreSnapshot& snapshot, const BubbleOptions& options) {
    SelectedTracks selected = selectTracks(snapshot.catalog, options.tracks);
    HostActivity host;
    host.build(snapshot, selected.logicalIds, options.patterns);
    return computeBubbles(snapshot, options, host);
}

BubbleReport computeBubbles(const StoreSnapshot& snapshot, const BubbleOptions& options, const HostActivity& host) {
    BubbleReport out;
    SelectedTracks selected = selectTracks(snapshot.catalog, options.tracks);
    out.computeTracks = selected.logicalIds;
    out.fellBackToAll = selected.fellBackToAll;
    out.range = options.range;
    out.minBubbleNs = options.minBubbleNs;
    Context ctx{snapshot, options, host};
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
