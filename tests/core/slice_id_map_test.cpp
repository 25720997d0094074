// The slice id -> index map of the metric sums: slice ids are a store's values, so an array is sized by
// their span only while the span is within reach of the slice count; past it, lookups search.
#include "core/analysis/snapshot/metric_access.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace opscope;

namespace {

SliceSet sliceSetOf(const std::vector<std::int64_t>& ids) {
    std::vector<SliceRecord> records;
    for (std::int64_t id : ids) {
        SliceRecord r;
        r.id = id;
        records.push_back(r);
    }
    SliceSet set;
    set.slices = SpillableArray<SliceRecord>(std::move(records));
    return set;
}

} // namespace

TEST_CASE("slice id map: dense below the span limit, searched at it", "[analysis][metrics]") {
    const std::int64_t limit = SliceIdMap::denseSpanLimit(3); // 3 slices: 1030
    SECTION("a span of limit - 1: an array") {
        SliceIdMap map(sliceSetOf({10, 10 + limit - 1, 12}));
        CHECK(map.dense());
        CHECK(map.indexOf(10) == 0);
        CHECK(map.indexOf(10 + limit - 1) == 1);
        CHECK(map.indexOf(12) == 2);
        CHECK(map.indexOf(11) == -1);
        CHECK(map.indexOf(9) == -1);
        CHECK(map.indexOf(10 + limit) == -1);
    }
    SECTION("a span of exactly the limit: searched") {
        SliceIdMap map(sliceSetOf({10, 10 + limit, 12}));
        CHECK_FALSE(map.dense());
        CHECK(map.indexOf(10) == 0);
        CHECK(map.indexOf(10 + limit) == 1);
        CHECK(map.indexOf(12) == 2);
        CHECK(map.indexOf(11) == -1);
        CHECK(map.indexOf(10 + limit + 1) == -1);
    }
    SECTION("ids 1 and 4,000,000,000 (a crafted store): no 16 GB array") {
        SliceIdMap map(sliceSetOf({4000000000LL, 1}));
        CHECK_FALSE(map.dense());
        CHECK(map.indexOf(4000000000LL) == 0);
        CHECK(map.indexOf(1) == 1);
        CHECK(map.indexOf(2) == -1);
    }
    SECTION("negative ids and the ends of int64: no overflow, searched") {
        SliceIdMap map(sliceSetOf({-5, INT64_MAX, INT64_MIN}));
        CHECK_FALSE(map.dense());
        CHECK(map.indexOf(-5) == 0);
        CHECK(map.indexOf(INT64_MAX) == 1);
        CHECK(map.indexOf(INT64_MIN) == 2);
        CHECK(map.indexOf(0) == -1);
    }
    SECTION("no slices") {
        SliceIdMap map(sliceSetOf({}));
        CHECK(map.indexOf(1) == -1);
    }
}
