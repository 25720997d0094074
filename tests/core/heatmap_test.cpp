#include "analysis_fixture.h"

#include "core/analysis/heatmap/heatmap_bins.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace opscope;
using opscope::test::AnalysisStore;

namespace {

HeatmapResult heatmapOf(Database& db, HeatmapOptions options) {
    HeatmapResult result;
    Error error;
    REQUIRE(computeHeatmap(db, options, &result, &error));
    return result;
}

double rowSum(const HeatmapResult& h, std::size_t row) {
    double sum = 0;
    for (int b = 0; b < h.bucketCount; ++b) sum += h.cell(row, static_cast<std::size_t>(b));
    return sum;
}

// Three operators on two streams; a slice crossing bucket edges; nothing overlaps on a track.
void fill(AnalysisStore& store) {
    TrackId s0 = store.computeTrack(0, "Stream 0");
    TrackId s1 = store.computeTrack(0, "Stream 1");
    PendingSliceIndex a = store.slice(s0, 0, 250, "MatMul");   // buckets 0..2 of 100 ns
    PendingSliceIndex b = store.slice(s0, 300, 100, "MatMul"); // bucket 3
    store.slice(s0, 450, 30, "Add");
    store.slice(s0, 490, 20, "Add");                           // crosses 500
    store.slice(s1, 100, 400, "Conv");
    store.slice(s1, 900, 100, "Cast");
    store.metric(a, "aic_mac_ratio", 0.2);
    store.metric(b, "aic_mac_ratio", 0.8);
    store.finish();
}

} // namespace

TEST_CASE("bucket edges split a range exactly with integers", "[heatmap]") {
    CHECK(bucketEdges({0, 10}, 3) == std::vector<TimeNs>{0, 3, 6, 10});
    CHECK(bucketEdges({5, 5}, 2) == std::vector<TimeNs>{5, 5, 5});
    TimeNs big = 4'000'000'000'000'000'000; // near the int64 limit: no overflow
    std::vector<TimeNs> e = bucketEdges({0, big}, 400);
    CHECK(e.back() == big);
    CHECK(e[200] == big / 2);
}

TEST_CASE("busy-time heatmap: bucket sums equal total busy time", "[heatmap]") {
    AnalysisStore store;
    fill(store);
    HeatmapOptions options;
    options.bucketCount = 10;
    options.range = TimeRange{0, 1000};
    HeatmapResult h = heatmapOf(store.db(), options);
    REQUIRE(h.rows.size() == 4);
    CHECK(h.bucketEdgesNs.size() == 11);
    CHECK(h.rows[0].label == "Conv");
    CHECK(h.rows[1].label == "MatMul");
    double all = 0;
    for (std::size_t r = 0; r < h.rows.size(); ++r) {
        CHECK(rowSum(h, r) == Approx(static_cast<double>(h.rows[r].totalNs)));
        all += rowSum(h, r);
    }
    CHECK(all == Approx(350 + 50 + 400 + 100)); // busy time of both streams
    // MatMul 0..250: 100, 100, 50 in the first buckets, then 300..400 fully in bucket 3.
    CHECK(h.cell(1, 0) == 100);
    CHECK(h.cell(1, 2) == 50);
    CHECK(h.cell(1, 3) == 100);
    CHECK(h.cell(1, 5) == 0);
    CHECK(h.rows[3].label == "Add");
    CHECK(h.cell(3, 4) == 40); // Add: 30 + 10 in [400, 500)
    CHECK(h.cell(3, 5) == 10);
    CHECK(h.maxValue == 100);
}

TEST_CASE("busy-time heatmap keeps the top rows and an (other) row", "[heatmap]") {
    AnalysisStore store;
    fill(store);
    HeatmapOptions options;
    options.bucketCount = 5;
    options.topN = 2;
    options.includeOther = true;
    HeatmapResult h = heatmapOf(store.db(), options);
    REQUIRE(h.rows.size() == 3);
    CHECK(h.range.startNs == 0);
    CHECK(h.range.endNs == 1000); // first to last activity
    CHECK(h.rows[2].label == kOtherRowLabel);
    CHECK(h.rows[2].totalNs == 150);
    double all = 0;
    for (std::size_t r = 0; r < h.rows.size(); ++r) all += rowSum(h, r);
    CHECK(all == Approx(900));
}

TEST_CASE("count and mean-duration heatmaps bin executions by start", "[heatmap]") {
    AnalysisStore store;
    fill(store);
    HeatmapOptions options;
    options.bucketCount = 2;
    options.range = TimeRange{0, 1000};
    options.value = HeatmapValue::Count;
    HeatmapResult count = heatmapOf(store.db(), options);
    CHECK(count.rows[1].label == "MatMul");
    CHECK(count.cell(1, 0) == 2);
    CHECK(count.cell(1, 1) == 0);
    options.value = HeatmapValue::MeanDuration;
    HeatmapResult mean = heatmapOf(store.db(), options);
    CHECK(mean.cell(1, 0) == Approx(175.0));
    CHECK(std::isnan(mean.cell(1, 1)));
    CHECK(mean.valueUnit == "ns");
}

TEST_CASE("metric heatmap weights each execution by its time in the bucket", "[heatmap]") {
    AnalysisStore store;
    fill(store);
    HeatmapOptions options;
    options.bucketCount = 1;
    options.range = TimeRange{0, 1000};
    options.value = HeatmapValue::Metric;
    options.metricName = "AIC_MAC_RATIO"; // names match case-insensitively
    HeatmapResult h = heatmapOf(store.db(), options);
    CHECK(h.valueName == "aic_mac_ratio");
    CHECK(h.cell(1, 0) == Approx((0.2 * 250 + 0.8 * 100) / 350));
    CHECK(std::isnan(h.cell(0, 0))); // Conv has no value

    options.metricName = "no_such_metric";
    HeatmapResult none;
    Error error;
    CHECK_FALSE(computeHeatmap(store.db(), options, &none, &error));
    CHECK(error.detail == "no_such_metric");
}

TEST_CASE("heatmap rows by type", "[heatmap]") {
    AnalysisStore store;
    TrackId s0 = store.computeTrack(0, "Stream 0");
    store.slice(s0, 0, 10, "mm_1", {}, "MatMul");
    store.slice(s0, 10, 10, "mm_2", {}, "MatMul");
    store.slice(s0, 20, 5, "add_1", {}, "Add");
    store.finish();
    HeatmapOptions options;
    options.grouping.by = GroupBy::Type;
    options.bucketCount = 4;
    HeatmapResult h = heatmapOf(store.db(), options);
    REQUIRE(h.rows.size() == 2);
    CHECK(h.rows[0].label == "MatMul");
    CHECK(h.rows[0].totalNs == 20);
    CHECK(h.rows[0].count == 2);
}
