// Timestamps far from the rest of a trace (a few events millions of seconds away, as real msprof databases
// hold) found, so that the first view can leave them out and say so, instead of squeezing the whole trace
// into one pixel column. Fit All still shows everything.
#pragma once
#include "core/model/time.h"
#include "core/store/timeline_data.h"

#include <cstdint>
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

} // namespace opscope
