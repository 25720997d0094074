// The largest-bubble table: for each of the longest bubbles, the compute operators at its edges and
// the host work overlapping it (a linear pass per row; the table is short).
#include "core/analysis/bubbles/bubble_details.h"

#include <algorithm>

namespace opscope {

namespace {

// The slice of track t ending exactly at t0 that started last (the innermost), or -1.
std::int64_t sliceEndingAt(const SliceSet& set, std::size_t t, TimeNs t0) {
    auto first = set.slices.begin() + set.begin(t);
    auto last = set.slices.begin() + set.end(t);
    auto it = std::lower_bound(first, last, t0, [](const SliceRecord& s, TimeNs v) { return s.tsNs < v; });
    // Nested children may sit between the enclosing slice and the gap: look back a bounded way.
    for (int steps = 0; it != first && steps < 4096; ++steps) {
        --it;
        if (it->endNs() == t0) return it - set.slices.begin();
    }
    return -1;
}

std::int64_t sliceStartingAt(const SliceSet& set, std::size_t t, TimeNs t0) {
    auto first = set.slices.begin() + set.begin(t);
    auto last = set.slices.begin() + set.end(t);
    auto it = std::lower_bound(first, last, t0, [](const SliceRecord& s, TimeNs v) { return s.tsNs < v; });
    return it != last && it->tsNs == t0 ? it - set.slices.begin() : -1;
}

void fillNeighbours(const StoreSnapshot& snap, const std::vector<std::int64_t>& computeIds, BubbleDetail* d) {
    const SliceSet& set = snap.slices;
    for (std::int64_t id : computeIds) {
        if (d->bubble.trackId != 0 && id != d->bubble.trackId) continue;
        const TrackRecord* track = snap.catalog.find(id);
        if (d->bubble.trackId == 0 && (!track || track->deviceKey() != d->bubble.deviceKey)) continue;
        int t = set.indexOfTrack(id);
        if (t < 0) continue;
        std::int64_t before = sliceEndingAt(set, static_cast<std::size_t>(t), d->bubble.startNs);
        std::int64_t after = sliceStartingAt(set, static_cast<std::size_t>(t), d->bubble.endNs());
        if (before >= 0 && !d->sliceBefore) {
            d->sliceBefore = set.slices[static_cast<std::size_t>(before)].id;
            d->opBefore = std::string(snap.strings.at(set.slices[static_cast<std::size_t>(before)].nameId));
        }
        if (after >= 0 && !d->sliceAfter) {
            d->sliceAfter = set.slices[static_cast<std::size_t>(after)].id;
            d->opAfter = std::string(snap.strings.at(set.slices[static_cast<std::size_t>(after)].nameId));
        }
    }
}

void fillHostWork(const StoreSnapshot& snap, const HostActivity& host, int limit, BubbleDetail* d) {
    TimeNs a = d->bubble.startNs, b = d->bubble.endNs();
    for (std::size_t c = 0; c < kHostWorkClassCount; ++c)
        d->classCoveredNs[c] = host.coveredNs(static_cast<HostWorkClass>(c), a, b);
    d->hostBusyNs = host.hostBusyNs(a, b);
    std::vector<HostWorkOverlap> overlaps;
    for (const HostSliceRef& s : host.slices()) {
        if (s.tsNs >= b || s.endNs <= a) continue;
        HostWorkOverlap o;
        o.sliceId = s.sliceId;
        o.trackId = s.trackId;
        o.workClass = s.workClass;
        o.overlapNs = std::min(b, s.endNs) - std::max(a, s.tsNs);
        o.name = std::string(snap.strings.at(s.nameId));
        overlaps.push_back(std::move(o));
    }
    // Classified work first, by overlap; on a tie the more specific class, then the inner (later) slice.
    std::sort(overlaps.begin(), overlaps.end(), [](const HostWorkOverlap& x, const HostWorkOverlap& y) {
        bool xo = x.workClass == HostWorkClass::Other, yo = y.workClass == HostWorkClass::Other;
        if (xo != yo) return !xo;
        if (x.overlapNs != y.overlapNs) return x.overlapNs > y.overlapNs;
        if (x.workClass != y.workClass) return x.workClass < y.workClass;
        return x.sliceId > y.sliceId;
    });
    if (overlaps.size() > static_cast<std::size_t>(std::max(0, limit))) overlaps.resize(static_cast<std::size_t>(std::max(0, limit)));
    for (HostWorkOverlap& o : overlaps) o.trackLabel = snap.catalog.label(o.trackId);
    d->hostWork = std::move(overlaps);
}

} // namespace

void fillBubbleDetails(const StoreSnapshot& snap, const HostActivity& host, const BubbleOptions& options,
                       const std::vector<std::int64_t>& computeIds, BubbleReport* out) {
    // The largest few are picked through pointers: a copy of every bubble (hundreds of thousands, with
    // their strings) only to sort it cost more than the rest of the details.
    const std::vector<Bubble>& all = options.largestFromDevices ? out->deviceBubbles : out->trackBubbles;
    std::vector<const Bubble*> pool;
    pool.reserve(all.size());
    for (const Bubble& b : all) pool.push_back(&b);
    std::size_t n = std::min(pool.size(), static_cast<std::size_t>(std::max(0, options.largestCount)));
    auto longer = [](const Bubble* a, const Bubble* b) {
        if (a->durNs != b->durNs) return a->durNs > b->durNs;
        return a->startNs != b->startNs ? a->startNs < b->startNs : a->trackId < b->trackId;
    };
    std::partial_sort(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(n), pool.end(), longer);
    for (std::size_t i = 0; i < n; ++i) {
        BubbleDetail d;
        d.bubble = *pool[i];
        fillNeighbours(snap, computeIds, &d);
        fillHostWork(snap, host, options.hostWorkPerBubble, &d);
        out->largest.push_back(std::move(d));
    }
}

} // namespace opscope
