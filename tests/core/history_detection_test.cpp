// Step and drift detection over generated series: a planted step found at the run where it began, a slow
// drift found, noise alone silent, a known change not reported, and each threshold at its value.
#include "core/history/drift_detection.h"

#include <catch2/catch.hpp>

#include <random>

using namespace opscope::history;

namespace {

// Values around `level` with uniform noise of ±noise (relative), from a fixed seed.
std::vector<SeriesPoint> noisy(std::size_t count, double level, double noise, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-noise, noise);
    std::vector<SeriesPoint> out(count);
    for (auto& p : out) p.value = level * (1.0 + u(rng));
    return out;
}

} // namespace

TEST_CASE("history: 100 runs of ±2% noise raise nothing", "[history]") {
    for (unsigned seed = 1; seed <= 20; ++seed) {
        const auto points = noisy(100, 1000.0, 0.02, seed);
        const SeriesAnalysis a = analyzeSeries(points, Thresholds{});
        INFO("seed " << seed);
        CHECK(a.changes.empty());
        CHECK_FALSE(checkLatest(points, Thresholds{}).has_value());
    }
}

TEST_CASE("history: an 8% step after 20 noisy runs is found at the run where it began", "[history]") {
    for (unsigned seed = 1; seed <= 20; ++seed) {
        auto points = noisy(40, 1000.0, 0.02, seed);
        for (std::size_t i = 20; i < points.size(); ++i) points[i].value *= 1.08;
        const SeriesAnalysis a = analyzeSeries(points, Thresholds{});
        INFO("seed " << seed);
        REQUIRE(a.changes.size() == 1);
        CHECK(a.changes[0].kind == ChangeKind::Step);
        CHECK(a.changes[0].firstIndex == 20);
        CHECK(a.changes[0].confirmed);
        CHECK(a.changes[0].relative() == Approx(0.08).margin(0.02));
        // Checked as it arrived, the first run of the step is already a regression.
        std::vector<SeriesPoint> upToStep(points.begin(), points.begin() + 21);
        const auto latest = checkLatest(upToStep, Thresholds{});
        REQUIRE(latest.has_value());
        CHECK(latest->firstIndex == 20);
        CHECK_FALSE(latest->confirmed);
        // Two runs later, the check names the run where the step began.
        std::vector<SeriesPoint> later(points.begin(), points.begin() + 23);
        REQUIRE(checkLatest(later, Thresholds{}).has_value());
        CHECK(checkLatest(later, Thresholds{})->firstIndex == 20);
    }
}

TEST_CASE("history: a slow drift of 1% per run is found", "[history]") {
    auto points = noisy(60, 1000.0, 0.01, 7);
    for (std::size_t i = 30; i < points.size(); ++i) points[i].value *= 1.0 + 0.01 * static_cast<double>(i - 29);
    const SeriesAnalysis a = analyzeSeries(points, Thresholds{});
    REQUIRE_FALSE(a.changes.empty());
    CHECK(a.changes.front().firstIndex >= 20);
    CHECK(a.changes.front().firstIndex <= 40);
    CHECK(checkLatest(points, Thresholds{}).has_value());
}

TEST_CASE("history: a run marked as a known change starts a new baseline", "[history]") {
    auto points = noisy(40, 1000.0, 0.02, 3);
    for (std::size_t i = 20; i < points.size(); ++i) points[i].value *= 1.08;
    points[20].knownChange = true;
    const SeriesAnalysis a = analyzeSeries(points, Thresholds{});
    CHECK(a.changes.empty());
    CHECK_FALSE(checkLatest(points, Thresholds{}).has_value());
    // Right after the mark there are too few reference runs to judge anything.
    CHECK_FALSE(a.bands[29].judged);
    CHECK(a.bands[30].judged);
}

TEST_CASE("history: a time that falls is no regression, a count that falls is", "[history]") {
    auto points = noisy(30, 1000.0, 0.01, 5);
    for (std::size_t i = 20; i < points.size(); ++i) points[i].value *= 0.9;
    Thresholds up;
    CHECK(analyzeSeries(points, up).changes.empty());
    Thresholds both;
    both.direction = Direction::Both;
    REQUIRE(analyzeSeries(points, both).changes.size() == 1);
    CHECK(analyzeSeries(points, both).changes[0].firstIndex == 20);
}

TEST_CASE("history: the band is the larger of MAD × k, the relative floor and the absolute floor", "[history]") {
    Thresholds t;
    t.minRuns = 5;
    t.minRelative = 0.02;
    // MAD 0: the relative floor (2% of 100) decides.
    std::vector<double> flat(10, 100.0);
    Band b = referenceBand(flat, t);
    REQUIRE(b.judged);
    CHECK(b.halfWidth == Approx(2.0));
    // Exactly at the band's edge is inside; just beyond is out.
    std::vector<SeriesPoint> atEdge(10, SeriesPoint{100.0, false});
    atEdge.push_back({102.0, false});
    CHECK_FALSE(checkLatest(atEdge, t).has_value());
    atEdge.back().value = 102.0001;
    CHECK(checkLatest(atEdge, t).has_value());
    // The absolute floor wins when it is larger.
    t.minAbsolute = 5.0;
    CHECK(referenceBand(flat, t).halfWidth == Approx(5.0));
    // MAD × 1.4826 × k wins when the noise is large: values 90, 110 alternate, MAD 10.
    std::vector<double> wide;
    for (int i = 0; i < 10; ++i) wide.push_back(i % 2 ? 110.0 : 90.0);
    CHECK(referenceBand(wide, Thresholds{}).halfWidth == Approx(3.0 * 1.4826 * 10.0));
}

TEST_CASE("history: min_runs is the fewest reference runs that are judged", "[history]") {
    Thresholds t;
    t.minRuns = 5;
    CHECK_FALSE(referenceBand(std::vector<double>(4, 1.0), t).judged);
    CHECK(referenceBand(std::vector<double>(5, 1.0), t).judged);
}

TEST_CASE("history: confirm_runs separates an outlier from a step", "[history]") {
    std::vector<SeriesPoint> points(30, SeriesPoint{100.0, false});
    // Two runs high in the middle: shorter than confirm_runs (3), an outlier.
    points[12].value = points[13].value = 120.0;
    CHECK(analyzeSeries(points, Thresholds{}).changes.empty());
    // Three runs high: a step.
    points[14].value = 120.0;
    const auto changes = analyzeSeries(points, Thresholds{}).changes;
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].firstIndex == 12);
    CHECK(changes[0].lastIndex == 14);
}
