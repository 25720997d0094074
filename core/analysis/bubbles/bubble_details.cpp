// The largest-bubble table: for each of the longest bubbles, the compute operators at its edges and
// the host work overlapping it (one pass over the host slices for all rows).
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

// The host slices overlapping each row's bubble, in host-slice order, from one pass over them: a slice
// finds its rows by a binary search among the rows' starts and a walk back while the latest end so far
// reaches it. A pass per row read every host slice of the trace again for each of the rows (20 passes
// over some 20 M slices on a 10 GB trace).
std::vector<std::vector<HostSliceRef>> overlappingHostWork(const HostActivity& host,
                                                                  const std::vector<BubbleDetail>& rows) {
    std::vector<std::size_t> byStart(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) byStart[i] = i;
    std::sort(byStart.begin(), byStart.end(),
              [&](std::size_t x, std::size_t y) { return rows[x].bubble.startNs < rows[y].bubble.startNs; });
    std::vector<TimeNs> starts(rows.size()), latestEnd(rows.size());
    for (std::size_t k = 0; k < byStart.size(); ++k) {
        starts[k] = rows[byStart[k]].bubble.startNs;
        latestEnd[k] = std::max(k > 0 ? latestEnd[k - 1] : rows[byStart[k]].bubble.endNs(), rows[byStart[k]].bubble.endNs());
    }
    std::vector<std::vector<HostSliceRef>> found(rows.size());
    host.forEachSlice([&](const HostSliceRef& s) {
        // Rows starting before the slice ends, latest first, while one of them may still end after it starts.
        std::size_t k = static_cast<std::size_t>(std::lower_bound(starts.begin(), starts.end(), s.endNs) - starts.begin());
        while (k > 0 && latestEnd[k - 1] > s.tsNs) {
            --k;
            if (rows[byStart[k]].bubble.endNs() > s.tsNs) found[byStart[k]].push_back(s);
        }
    });
    return found;
}

void fillHostWork(const StoreSnapshot& snap, const HostActivity& host, int limit,
                  const std::vector<HostSliceRef>& overlapping, BubbleDetail* d) {
    TimeNs a = d->bubble.startNs, b = d->bubble.endNs();
    for (std::size_t c = 0; c < kHostWorkClassCount; ++c)
        d->classCoveredNs[c] = host.coveredNs(static_cast<HostWorkClass>(c), a, b);
    d->hostBusyNs = host.hostBusyNs(a, b);
    struct Candidate {
        HostWorkOverlap o;
        std::uint32_t nameId;
    };
    std::vector<Candidate> overlaps;
    overlaps.reserve(overlapping.size());
    for (const HostSliceRef& s : overlapping) {
        HostWorkOverlap o;
        o.sliceId = s.sliceId;
        o.trackId = s.trackId;
        o.workClass = s.workClass;
        o.overlapNs = std::min(b, s.endNs) - std::max(a, s.tsNs);
        overlaps.push_back({std::move(o), s.nameId});
    }
    // Classified work first, by overlap; on a tie the more specific class, then the inner (later) slice.
    std::sort(overlaps.begin(), overlaps.end(), [](const Candidate& cx, const Candidate& cy) {
        const HostWorkOverlap& x = cx.o;
        const HostWorkOverlap& y = cy.o;
        bool xo = x.workClass == HostWorkClass::Other, yo = y.workClass == HostWorkClass::Other;
        if (xo != yo) return !xo;
        if (x.overlapNs != y.overlapNs) return x.overlapNs > y.overlapNs;
        if (x.workClass != y.workClass) return x.workClass < y.workClass;
        return x.sliceId > y.sliceId;
    });
    if (overlaps.size() > static_cast<std::size_t>(std::max(0, limit))) overlaps.resize(static_cast<std::size_t>(std::max(0, limit)));
    d->hostWork.clear();
    for (Candidate& c : overlaps) {
        c.o.name = std::string(snap.strings.at(c.nameId)); // named once kept: a long bubble overlaps thousands
        c.o.trackLabel = snap.catalog.label(c.o.trackId);
        d->hostWork.push_back(std::move(c.o));
    }
}

} // namespace

void fillBubbleDetails(const StoreSnapshot& snap, const HostActivity& host, const BubbleOptions& options,
                       const std::vector<std::int64_t>& computeIds, BubbleReport* out) {
    // The largest few are picked through pointers: a copy of every bubble (hundreds of thousands) only
    // to sort it cost more than the rest of the details.
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
    std::vector<BubbleDetail> rows(n);
    for (std::size_t i = 0; i < n; ++i) {
        rows[i].bubble = *pool[i];
        rows[i].waitName = out->waitName(*pool[i]);
    }
    const std::vector<std::vector<HostSliceRef>> overlapping = overlappingHostWork(host, rows);
    for (std::size_t i = 0; i < n; ++i) {
        fillNeighbours(snap, computeIds, &rows[i]);
        fillHostWork(snap, host, options.hostWorkPerBubble, overlapping[i], &rows[i]);
        out->largest.push_back(std::move(rows[i]));
    }
}

} // namespace opscope
