#include "core/analysis/first_view/outlier_window.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace opscope {

namespace {
// a - b and a + b clamped to the int64 range: bounds far outside the data are as good as infinite.
TimeNs minusSaturated(TimeNs a, TimeNs b) {
    TimeNs r = 0;
    if (!__builtin_sub_overflow(a, b, &r)) return r;
    return b > 0 ? std::numeric_limits<TimeNs>::min() : std::numeric_limits<TimeNs>::max();
}
TimeNs plusSaturated(TimeNs a, TimeNs b) {
    TimeNs r = 0;
    if (!__builtin_add_overflow(a, b, &r)) return r;
    return b > 0 ? std::numeric_limits<TimeNs>::max() : std::numeric_limits<TimeNs>::min();
}
// Starts below the first or above the second are outliers: kOutlierSpans central spans (at least 1 µs)
// from the quantiles low and high.
std::pair<TimeNs, TimeNs> outlierBounds(TimeNs low, TimeNs high) {
    // The span as unsigned: two int64 far apart may not subtract within int64.
    const auto spanU = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
    const TimeNs span = std::max<TimeNs>(1000, spanU > static_cast<std::uint64_t>(std::numeric_limits<TimeNs>::max() / kOutlierSpans)
                                                     ? std::numeric_limits<TimeNs>::max() / kOutlierSpans
                                                     : static_cast<TimeNs>(spanU));
    return {minusSaturated(low, span * kOutlierSpans), plusSaturated(high, span * kOutlierSpans)};
}
} // namespace

OutlierWindow findOutlierWindow(std::span<const TimelineSlice> slices, TimeRange trace) {
    OutlierWindow out;
    out.window = trace;
    const std::size_t n = slices.size();
    if (n < kMinSlices) return out;
    std::vector<TimeNs> starts;
    starts.reserve(n);
    for (const TimelineSlice& s : slices) starts.push_back(s.tsNs);
    const std::size_t k = std::max<std::size_t>(1, n / 100); // 1 % on each side, so a few outliers never set it
    std::nth_element(starts.begin(), starts.begin() + static_cast<std::ptrdiff_t>(k), starts.end());
    const TimeNs low = starts[k];
    std::nth_element(starts.begin(), starts.begin() + static_cast<std::ptrdiff_t>(n - 1 - k), starts.end());
    const TimeNs high = starts[n - 1 - k];
    const auto [lowBound, highBound] = outlierBounds(low, high);
    TimeNs windowStart = std::numeric_limits<TimeNs>::max(), windowEnd = std::numeric_limits<TimeNs>::min();
    for (const TimelineSlice& s : slices) {
        if (s.tsNs < lowBound || s.tsNs > highBound) {
            ++out.outliers;
            continue;
        }
        windowStart = std::min(windowStart, s.tsNs);
        windowEnd = std::max(windowEnd, plusSaturated(s.tsNs, std::max<TimeNs>(0, s.durNs)));
    }
    if (out.outliers == 0 || windowStart >= windowEnd) return OutlierWindow{trace, 0, 0};
    out.window = {windowStart, windowEnd};
    out.farthestNs = 0;
    for (const TimelineSlice& s : slices) {
        if (s.tsNs < windowStart) out.farthestNs = std::max(out.farthestNs, minusSaturated(windowStart, s.tsNs));
        else if (s.tsNs > windowEnd) out.farthestNs = std::max(out.farthestNs, minusSaturated(s.tsNs, windowEnd));
    }
    return out;
}

namespace {

// Starts at or below v over all runs.
std::size_t countStartsUpTo(std::span<const SortedSliceRun> runs, TimeNs v) {
    std::size_t count = 0;
    for (const SortedSliceRun& r : runs)
        count += static_cast<std::size_t>(std::upper_bound(r.slices.begin(), r.slices.end(), v,
                                                           [](TimeNs t, const TimelineSlice& s) { return t < s.tsNs; }) -
                                          r.slices.begin());
    return count;
}

// The k-th smallest start (from 0) of the runs together: the least v with more than k starts at or below it.
TimeNs kthStart(std::span<const SortedSliceRun> runs, std::size_t k, TimeNs lo, TimeNs hi) {
    while (lo < hi) {
        // Midpoint in unsigned arithmetic: lo and hi may lie further apart than int64 reaches.
        const auto half = (static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo)) / 2;
        const auto mid = static_cast<TimeNs>(static_cast<std::uint64_t>(lo) + half);
        if (countStartsUpTo(runs, mid) > k) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

// The latest end (ts + max(0, dur), saturated) of a run's slices [a, b).
TimeNs latestEnd(const SortedSliceRun& r, std::size_t a, std::size_t b) {
    // With sorted ends the last slice reaches furthest: an earlier one ends no later and starts no later.
    if (r.endsSorted) a = b - 1;
    // Otherwise from the last back: once a start plus the longest duration cannot pass the latest end
    // found, no earlier slice can (it starts no later), so only the tail is read (the slices may be
    // pages of a file: a 10 GB trace's first view read 640 MB of them here).
    TimeNs latest = std::numeric_limits<TimeNs>::min();
    for (std::size_t i = b; i-- > a;) {
        const TimelineSlice& s = r.slices[i];
        if (plusSaturated(s.tsNs, std::max<TimeNs>(0, r.maxDurNs)) <= latest) break;
        latest = std::max(latest, plusSaturated(s.tsNs, std::max<TimeNs>(0, s.durNs)));
    }
    return latest;
}

} // namespace

OutlierWindow findOutlierWindowInRuns(std::span<const SortedSliceRun> runs, TimeRange trace) {
    OutlierWindow out;
    out.window = trace;
    std::size_t n = 0;
    TimeNs minStart = std::numeric_limits<TimeNs>::max(), maxStart = std::numeric_limits<TimeNs>::min();
    for (const SortedSliceRun& r : runs) {
        if (r.slices.empty()) continue;
        n += r.slices.size();
        minStart = std::min(minStart, r.slices.front().tsNs);
        maxStart = std::max(maxStart, r.slices.back().tsNs);
    }
    if (n < kMinSlices) return out;
    const std::size_t k = std::max<std::size_t>(1, n / 100); // as the function above
    const TimeNs low = kthStart(runs, k, minStart, maxStart), high = kthStart(runs, n - 1 - k, minStart, maxStart);
    const auto [lowBound, highBound] = outlierBounds(low, high);
    TimeNs windowStart = std::numeric_limits<TimeNs>::max(), windowEnd = std::numeric_limits<TimeNs>::min();
    for (const SortedSliceRun& r : runs) {
        auto byStart = [](const TimelineSlice& s, TimeNs t) { return s.tsNs < t; };
        const auto a = static_cast<std::size_t>(std::lower_bound(r.slices.begin(), r.slices.end(), lowBound, byStart) - r.slices.begin());
        const auto b = static_cast<std::size_t>(std::upper_bound(r.slices.begin(), r.slices.end(), highBound,
                                                                 [](TimeNs t, const TimelineSlice& s) { return t < s.tsNs; }) -
                                                r.slices.begin());
        out.outliers += static_cast<std::int64_t>(a + (r.slices.size() - b));
        if (a >= b) continue;
        windowStart = std::min(windowStart, r.slices[a].tsNs);
        windowEnd = std::max(windowEnd, latestEnd(r, a, b));
    }
    if (out.outliers == 0 || windowStart >= windowEnd) return OutlierWindow{trace, 0, 0};
    out.window = {windowStart, windowEnd};
    // The farthest outlier is the earliest or the latest start of all.
    out.farthestNs = 0;
    if (minStart < windowStart) out.farthestNs = std::max(out.farthestNs, minusSaturated(windowStart, minStart));
    if (maxStart > windowEnd) out.farthestNs = std::max(out.farthestNs, minusSaturated(maxStart, windowEnd));
    return out;
}

OutlierWindow findOutlierWindow(const TimelineData& data) {
    std::vector<SortedSliceRun> runs;
    for (const TimelineTrack& t : data.tracks())
        for (int d = 0; d < t.depthCount; ++d)
            runs.push_back({data.depthSlices(t, d), t.depths[static_cast<std::size_t>(d)].endsSorted,
                            t.depths[static_cast<std::size_t>(d)].maxDurNs});
    // Each step of the search costs a binary search per run: with many short runs (thousands of
    // threads of a few slices) one pass over the slices is cheaper. The runs hold every slice.
    if (runs.size() * 256 > data.slices().size()) return findOutlierWindow(data.slices(), data.traceRange());
    return findOutlierWindowInRuns(runs, data.traceRange());
}

} // namespace opscope
