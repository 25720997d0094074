// gallopPartitionPoint (core/model/gallop.h) finds what std::partition_point finds over [from, n), from
// every start, for partitions whose point lies anywhere (first, last, none true, all true), with runs of
// equal values; and it probes few places when the answer is near its start.
#include "core/model/gallop.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

using namespace opscope;

TEST_CASE("gallop: the partition point std::partition_point finds, from every start", "[gallop]") {
    std::mt19937 rng(11);
    for (int round = 0; round < 50; ++round) {
        std::vector<int> values(static_cast<std::size_t>(rng() % 300));
        int v = 0;
        for (int& x : values) x = (v += static_cast<int>(rng() % 3)); // sorted, with runs of equal values
        for (int limit : {-1, 0, v / 3, v / 2, v, v + 1}) {
            auto below = [&](std::size_t k) { return values[k] < limit; };
            for (std::size_t from = 0; from <= values.size() + 2; ++from) {
                const std::size_t start = std::min(from, values.size());
                const auto expected = std::partition_point(values.begin() + static_cast<std::ptrdiff_t>(start), values.end(),
                                                           [&](int x) { return x < limit; });
                INFO("round " << round << ", limit " << limit << ", from " << from);
                REQUIRE(gallopPartitionPoint(from, values.size(), below) == static_cast<std::size_t>(expected - values.begin()));
            }
        }
    }
}

TEST_CASE("gallop: an answer a few places on takes a few probes", "[gallop]") {
    std::vector<int> values(1'000'000);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<int>(i);
    int probes = 0;
    const std::size_t at = gallopPartitionPoint(500'000, values.size(), [&](std::size_t k) {
        ++probes;
        return values[k] < 500'003;
    });
    CHECK(at == 500'003);
    CHECK(probes <= 6); // a binary search of the rest would take 19
}
