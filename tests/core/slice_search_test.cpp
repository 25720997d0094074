#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

TEST_CASE("substring search is case-insensitive by default and sorted by time", "[slice_search]") {
    FixtureStore store("slice-search");
    SmallTimeline fx(store);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    SliceSearchResult r = searchSlices(*data, {"KERNEL", false, false});
    REQUIRE(r.matches.size() == 3); // cudaLaunchKernel, gemm_kernel, relu_kernel
    CHECK(r.matches[0].sliceId == fx.kernelMatmul);
    CHECK(r.matches[1].sliceId == fx.launch);
    CHECK(r.matches[2].sliceId == fx.kernelRelu);
    CHECK(r.matches[0].tsNs <= r.matches[1].tsNs);
    CHECK(static_cast<int>(r.matches[1].trackIndex) == data->trackIndexOf(fx.mainTrack));
    CHECK(r.matches[1].depth == 1);

    CHECK(searchSlices(*data, {"KERNEL", false, true}).matches.empty());
    CHECK(searchSlices(*data, {"", false, false}).matches.empty());
}

TEST_CASE("regex search and invalid patterns", "[slice_search]") {
    FixtureStore store("slice-search-regex");
    SmallTimeline fx(store);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    SliceSearchResult r = searchSlices(*data, {"^aten::(matmul|relu)$", true, false});
    REQUIRE(r.matches.size() == 2);
    CHECK(r.matches[0].sliceId == fx.matmul);
    CHECK(r.matches[1].sliceId == fx.relu);
    SliceSearchResult bad = searchSlices(*data, {"([", true, false});
    CHECK(bad.invalidPattern);
    CHECK(bad.matches.empty());
}

TEST_CASE("stepping through matches wraps around", "[slice_search]") {
    std::vector<SliceMatch> m = {{1, 10, 1, 0, 0}, {2, 20, 1, 0, 0}, {3, 30, 1, 0, 0}};
    CHECK(stepMatch(m, -1, true, 15) == 1);
    CHECK(stepMatch(m, -1, false, 15) == 0);
    CHECK(stepMatch(m, -1, true, 99) == 0);
    CHECK(stepMatch(m, 2, true, 0) == 0);
    CHECK(stepMatch(m, 0, false, 0) == 2);
    CHECK(stepMatch({}, -1, true, 0) == -1);
}
