// Timestamps far from the rest of a trace (a few events millions of seconds away, as real msprof databases
// hold) found, so that the first view can leave them out and say so, instead of squeezing the whole trace
// into one pixel column. Fit All still shows everything.
#pragma once
#include "core/model/time.h"
#include "core/store/timeline_data.h"

#include <cstdint>
#include <limits>
#include <span>

namespace opscope {

struct OutlierWindow {
    TimeRange window;               // what the first view shows: the slices that are not outliers
    std::int64_t outliers = 0;      // slices left out of it
    TimeNs farthestNs = 0;          // how far the farthest outlier starts outside the window
};

// The central span is where the middle 98 % of slice starts lie (from the 1 % to the 99 % quantile, at
// least the second and the second last, and at least 1 µs long). A slice starting more than kOutlierSpans central spans before or after it is an outlier;
// exactly kOutlierSpans away is not. Fewer than kMinSlices slices: no outliers (too few for quantiles).
inline constexpr std::int64_t kOutlierSpans = 10;
inline constexpr std::size_t kMinSlices = 20;
// With no outlier, window is `trace` unchanged.
OutlierWindow findOutlierWindow(std::span<const TimelineSlice> slices, TimeRange trace);

// One run of slices sorted by start, as a depth run of the timeline is.
struct SortedSliceRun {
    std::span<const TimelineSlice> slices;
    bool endsSorted = false; // ends never decrease either (DepthRun::endsSorted)
    // The longest duration in the run (DepthRun::maxDurNs), or at least that: where ends are not
    // sorted, it stops the search for the latest end after a few slices instead of every one.
    TimeNs maxDurNs = std::numeric_limits<TimeNs>::max();
};

// The same window from runs sorted by start, without copying or sorting the starts: the quantiles are
// found by a search on the time value, counting starts per run by binary search, so it reads a few
// slices per run instead of every slice (the first view of a 10M-slice store). Same result as the
// function above over the runs' slices together.
OutlierWindow findOutlierWindowInRuns(std::span<const SortedSliceRun> runs, TimeRange trace);

// The timeline's first window, over its depth runs (and its trace range).
OutlierWindow findOutlierWindow(const TimelineData& data);

} // namespace opscope
