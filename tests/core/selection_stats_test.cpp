#include "core/analysis/selection/selection_stats.h"
#include "tests/timeline_fixture.h"

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

namespace {
const SliceNameStats* find(const SelectionStats& stats, const std::string& name) {
    for (const SliceNameStats& r : stats.rows) if (r.name == name) return &r;
    return nullptr;
}
} // namespace

TEST_CASE("selection stats aggregate overlapping slices by name", "[selection_stats]") {
    FixtureStore store("selection-stats");
    SmallTimeline fx(store);
    SelectionStats stats;
    Error error;
    // 1'025'000 .. 1'055'000 on the main thread: step, forward, matmul (ends 1'026'000), relu, backward.
    REQUIRE(computeSelectionStats(store.db(), {1'025'000, 1'055'000}, {{fx.mainTrack, -1}},
                                  SelectionMode::Overlapping, &stats, &error));
    CHECK(stats.sliceCount == 5);
    REQUIRE(stats.rows.size() == 5);
    CHECK(stats.rows[0].name == "ProfilerStep#1"); // longest total first
    const SliceNameStats* matmul = find(stats, "aten::matmul");
    REQUIRE(matmul);
    CHECK(matmul->count == 1);
    CHECK(matmul->totalNs == 20'000);
    CHECK(find(stats, "cudaLaunchKernel") == nullptr);
}

TEST_CASE("selection stats over several tracks with count, self, min, max, avg", "[selection_stats]") {
    FixtureStore store("selection-stats-multi");
    std::int64_t p = store.process("1", "p");
    std::int64_t a = store.track(p, 0, "async", "a");
    std::int64_t b = store.track(p, 0, "async", "b");
    store.slice(a, 100, 10, 0, "k", {}, {}, 4);
    store.slice(a, 200, 30, 0, "k", {}, {}, 30);
    store.slice(a, 300, 5, 0, "other");
    store.slice(b, 150, 20, 0, "k", {}, {}, 20);
    store.slice(b, 1000, 20, 0, "k");
    store.finish(0, 2000);
    SelectionStats stats;
    Error error;
    REQUIRE(computeSelectionStats(store.db(), {0, 500}, {{a, 30}, {b, -1}}, SelectionMode::Overlapping, &stats, &error));
    const SliceNameStats* k = find(stats, "k");
    REQUIRE(k);
    CHECK(k->count == 3);
    CHECK(k->totalNs == 60);
    CHECK(k->selfNs == 54);
    CHECK(k->minNs == 10);
    CHECK(k->maxNs == 30);
    CHECK(k->avgNs() == Approx(20.0));
    CHECK(find(stats, "other")->count == 1);

    // Contained: the slice 200..230 is cut by a range ending at 210.
    REQUIRE(computeSelectionStats(store.db(), {0, 210}, {{a, 30}, {b, 20}}, SelectionMode::Contained, &stats, &error));
    CHECK(find(stats, "k")->count == 2);
    // An empty track list gives no rows.
    REQUIRE(computeSelectionStats(store.db(), {0, 210}, {}, SelectionMode::Overlapping, &stats, &error));
    CHECK(stats.rows.empty());
}
