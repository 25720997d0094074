// Slices millions of seconds away from the rest are left out of the first view, and counted.
#include "core/analysis/first_view/outlier_window.h"

#include <catch2/catch.hpp>

#include <limits>
#include <vector>

using namespace opscope;

namespace {
// n slices 1 µs apart from 0, each 500 ns long, then the extra starts.
std::vector<TimelineSlice> evenSlices(int n, const std::vector<TimeNs>& extra = {}) {
    std::vector<TimelineSlice> out;
    for (int i = 0; i < n; ++i) out.push_back(TimelineSlice{static_cast<TimeNs>(i) * 1000, 500, i + 1});
    for (TimeNs ts : extra) out.push_back(TimelineSlice{ts, 100, static_cast<std::int64_t>(out.size()) + 1});
    return out;
}
TimeRange rangeOf(const std::vector<TimelineSlice>& slices) {
    TimeRange r{std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min()};
    for (const TimelineSlice& s : slices) {
        r.startNs = std::min(r.startNs, s.tsNs);
        r.endNs = std::max(r.endNs, s.tsNs + s.durNs);
    }
    return r;
}
} // namespace

TEST_CASE("a few slices far from the rest are outliers; the window holds the rest", "[outlier_window]") {
    // 1000 slices at 0, 1, ..., 999 µs and 4 more, one below and three above: of 1004 starts the 10th from
    // each end (1 %) are 9 µs and 992 µs, so the central span is 983 µs.
    const TimeNs span = 992'000 - 9'000;
    const TimeNs highBound = 992'000 + kOutlierSpans * span;
    auto slices = evenSlices(1000, {highBound, highBound + 1, 5'000'000'000'000'000LL, -4'000'000'000'000'000LL});
    const OutlierWindow w = findOutlierWindow(slices, rangeOf(slices));
    CHECK(w.outliers == 3); // exactly kOutlierSpans spans away is kept; one more ns is not
    CHECK(w.window.startNs == 0);
    CHECK(w.window.endNs == highBound + 100);
    CHECK(w.farthestNs == 5'000'000'000'000'000LL - (highBound + 100));

    // Two below: the quantiles are 8 µs and 989 µs.
    const TimeNs lowBound = 8'000 - kOutlierSpans * (989'000 - 8'000);
    slices = evenSlices(1000, {lowBound, lowBound - 1});
    const OutlierWindow low = findOutlierWindow(slices, rangeOf(slices));
    CHECK(low.outliers == 1);
    CHECK(low.window.startNs == lowBound);
}

TEST_CASE("without outliers, or with too few slices, the window is the trace range", "[outlier_window]") {
    auto slices = evenSlices(1000);
    const TimeRange trace = rangeOf(slices);
    OutlierWindow w = findOutlierWindow(slices, trace);
    CHECK(w.outliers == 0);
    CHECK(w.window.startNs == trace.startNs);
    CHECK(w.window.endNs == trace.endNs);
    slices = evenSlices(static_cast<int>(kMinSlices) - 2, {9'000'000'000'000'000LL});
    w = findOutlierWindow(slices, rangeOf(slices));
    CHECK(w.outliers == 0);
    slices = evenSlices(static_cast<int>(kMinSlices) - 1, {9'000'000'000'000'000LL}); // kMinSlices in all
    w = findOutlierWindow(slices, rangeOf(slices));
    CHECK(w.outliers == 1);
    CHECK(findOutlierWindow({}, TimeRange{}).outliers == 0);
}
