// Slices millions of seconds away from the rest are left out of the first view, and counted.
#include "core/analysis/first_view/outlier_window.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

using namespace opscope;

namespace {
// n slices 1 µs apart from 0, each 500 ns long, then the extra starts.
std::vector<TimelineSlice> evenSlices(int n, const std::vector<TimeNs>& extra = {}) {
    std::vector<TimelineSlice> out;
    for (int i = 0; i < n; ++i) out.push_back(TimelineSlice{static_cast<TimeNs>(i) * 1000, 500, i + 1, 0, 0, 0});
    for (TimeNs ts : extra) out.push_back(TimelineSlice{ts, 100, static_cast<std::int64_t>(out.size()) + 1, 0, 0, 0});
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

namespace {
// The slices cut into runs sorted by start, as the timeline's depth runs are.
std::vector<std::vector<TimelineSlice>> sortedRuns(std::vector<TimelineSlice> slices, std::size_t runCount) {
    std::sort(slices.begin(), slices.end(), [](const TimelineSlice& a, const TimelineSlice& b) { return a.tsNs < b.tsNs; });
    std::vector<std::vector<TimelineSlice>> runs(runCount);
    for (std::size_t i = 0; i < slices.size(); ++i) runs[(i * 7 + i / 3) % runCount].push_back(slices[i]);
    return runs;
}
// giveMaxDur: each run's longest duration is passed (as the timeline's runs do), which lets the search
// for the latest end stop early; without it every slice of a run with unsorted ends is read.
OutlierWindow inRuns(const std::vector<std::vector<TimelineSlice>>& runs, TimeRange trace, bool giveMaxDur = true) {
    std::vector<SortedSliceRun> spans;
    for (const auto& r : runs) {
        bool endsSorted = true;
        TimeNs maxDur = 0;
        for (std::size_t i = 1; i < r.size(); ++i) endsSorted = endsSorted && r[i].endNs() >= r[i - 1].endNs();
        for (const TimelineSlice& s : r) maxDur = std::max(maxDur, s.durNs);
        spans.push_back({r, endsSorted});
        if (giveMaxDur) spans.back().maxDurNs = maxDur;
    }
    return findOutlierWindowInRuns(spans, trace);
}
void checkSame(const OutlierWindow& a, const OutlierWindow& b) {
    CHECK(a.outliers == b.outliers);
    CHECK(a.window.startNs == b.window.startNs);
    CHECK(a.window.endNs == b.window.endNs);
    CHECK(a.farthestNs == b.farthestNs);
}
} // namespace

TEST_CASE("the window from sorted runs is the window from all slices", "[outlier_window]") {
    SECTION("the cases above, at their thresholds") {
        const TimeNs span = 992'000 - 9'000;
        const TimeNs highBound = 992'000 + kOutlierSpans * span;
        for (const auto& slices : {evenSlices(1000, {highBound, highBound + 1, 5'000'000'000'000'000LL, -4'000'000'000'000'000LL}),
                                   evenSlices(1000, {8'000 - kOutlierSpans * (989'000 - 8'000) - 1}), evenSlices(1000),
                                   evenSlices(static_cast<int>(kMinSlices) - 2, {9'000'000'000'000'000LL}),
                                   evenSlices(static_cast<int>(kMinSlices) - 1, {9'000'000'000'000'000LL})}) {
            const OutlierWindow flat = findOutlierWindow(slices, rangeOf(slices));
            for (std::size_t runs : {1, 3, 16}) checkSame(inRuns(sortedRuns(slices, runs), rangeOf(slices)), flat);
        }
        // The first: exactly kOutlierSpans spans away is kept, one ns more is not, as above.
        const auto threshold = evenSlices(1000, {highBound, highBound + 1, 5'000'000'000'000'000LL, -4'000'000'000'000'000LL});
        CHECK(inRuns(sortedRuns(threshold, 5), rangeOf(threshold)).outliers == 3);
    }
    SECTION("random runs: overlapping, repeated starts, long slices, outliers on both sides") {
        std::mt19937_64 rng(11);
        for (int round = 0; round < 200; ++round) {
            std::vector<TimelineSlice> slices;
            const int n = 10 + static_cast<int>(rng() % 3000);
            for (int i = 0; i < n; ++i) {
                const TimeNs ts = static_cast<TimeNs>(rng() % 1'000'000) * (round % 3 == 0 ? 1 : 1000);
                const TimeNs dur = rng() % 10 == 0 ? static_cast<TimeNs>(rng() % 50'000'000) : static_cast<TimeNs>(rng() % 2000);
                slices.push_back(TimelineSlice{ts, dur, i + 1, 0, 0, 0});
            }
            const int far = static_cast<int>(rng() % 6);
            for (int i = 0; i < far; ++i) {
                const TimeNs away = static_cast<TimeNs>(rng() % 4'000'000'000'000'000ULL);
                slices.push_back(TimelineSlice{rng() % 2 ? away : -away, static_cast<TimeNs>(rng() % 100), n + i + 1, 0, 0, 0});
            }
            INFO("round " << round);
            const TimeRange trace = rangeOf(slices);
            const auto runs = sortedRuns(slices, 1 + rng() % 40);
            checkSame(inRuns(runs, trace), findOutlierWindow(slices, trace));
            checkSame(inRuns(runs, trace, false), findOutlierWindow(slices, trace));
        }
    }
}
