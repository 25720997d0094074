// A value per store id: a table while the ids' span is within reach of their count, searched pairs past
// it (core/model/id_index.h), behind the metric sums, the timeline's flow ends and the args-field groups.
#include "core/model/id_index.h"

#include <catch2/catch.hpp>

#include <cstdint>

using namespace opscope;

TEST_CASE("id index: a table below the span limit, searched pairs at it, the same answers", "[model][idindex]") {
    const std::int64_t limit = IdIndex<int>::denseSpanLimit(2); // 2 ids: 1028
    CHECK(limit == 1028);
    for (const std::int64_t span : {limit - 1, limit}) {
        IdIndex<int> index(100, 100 + span, 2, -1);
        CHECK(index.dense() == (span < limit));
        index.set(100 + span, 7);
        index.set(100, 3);
        index.seal();
        CHECK(index.get(100) == 3);
        CHECK(index.get(100 + span) == 7);
        CHECK(index.get(101) == -1);
        CHECK(index.get(99) == -1);
        CHECK(index.get(100 + span + 1) == -1);
        CHECK(index.get(INT64_MIN) == -1);
        CHECK(index.get(INT64_MAX) == -1);
    }
}

TEST_CASE("id index: ids 1 and 4e9, negative ids, no ids", "[model][idindex]") {
    IdIndex<std::uint32_t> far(1, 4000000000LL, 2, 0xffffffffu); // no 16 GB table
    CHECK_FALSE(far.dense());
    far.set(4000000000LL, 1);
    far.set(1, 0);
    far.seal();
    CHECK(far.get(1) == 0);
    CHECK(far.get(4000000000LL) == 1);
    CHECK(far.get(2) == 0xffffffffu);

    IdIndex<int> negative(INT64_MIN, INT64_MAX, 2, -1); // a span that would overflow: searched
    CHECK_FALSE(negative.dense());
    negative.set(INT64_MIN, 1);
    negative.set(INT64_MAX, 2);
    negative.seal();
    CHECK(negative.get(INT64_MIN) == 1);
    CHECK(negative.get(INT64_MAX) == 2);
    CHECK(negative.get(0) == -1);

    IdIndex<int> none(0, -1, 0, -1);
    CHECK(none.get(0) == -1);
    CHECK(none.get(1) == -1);
}
