// The blocks of counter values (counter_value_blocks.h) give the lowest and highest value of any range as
// reading every value does: ranges inside one block, across many, exactly on block edges and one off
// them, with NaN passed over and infinities kept; a block of NaNs changes nothing.
#include "core/store/counter_value_blocks.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace opscope;

namespace {

void readEvery(const std::vector<double>& v, std::size_t from, std::size_t to, double& lowest, double& highest) {
    lowest = std::numeric_limits<double>::infinity();
    highest = -lowest;
    for (std::size_t i = from; i < to; ++i) {
        if (std::isnan(v[i])) continue;
        lowest = std::min(lowest, v[i]);
        highest = std::max(highest, v[i]);
    }
}

} // namespace

TEST_CASE("counter value blocks: a range's extremes as reading every value", "[counter_blocks]") {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<double> values(64 * 40 + 17);
    for (double& v : values) {
        const double r = unit(rng);
        v = r < 0.02 ? std::numeric_limits<double>::quiet_NaN() : r < 0.025 ? std::numeric_limits<double>::infinity() : unit(rng) * 100 - 50;
    }
    for (std::size_t i = 64 * 5; i < 64 * 6; ++i) values[i] = std::numeric_limits<double>::quiet_NaN(); // a block of NaNs
    std::vector<double> mins, maxs;
    buildCounterValueBlocks(values, mins, maxs);
    REQUIRE(mins.size() == 40); // whole blocks only: the last 17 values have none
    REQUIRE(maxs.size() == 40);
    CHECK(mins[5] == std::numeric_limits<double>::infinity());
    CHECK(maxs[5] == -std::numeric_limits<double>::infinity());
    std::vector<std::size_t> edges;
    for (std::size_t k = 0; k <= values.size() / 64; ++k)
        for (int d : {-1, 0, 1})
            if (static_cast<std::int64_t>(k * 64) + d >= 0 && k * 64 + d <= values.size()) edges.push_back(k * 64 + d);
    edges.push_back(values.size());
    int checked = 0;
    for (std::size_t from : edges)
        for (std::size_t to : edges) {
            double lo = 0, hi = 0, expectedLo = 0, expectedHi = 0;
            counterValueRange(values.data(), mins.data(), maxs.data(), from, to, lo, hi);
            readEvery(values, from, to, expectedLo, expectedHi);
            INFO("[" << from << ", " << to << ")");
            REQUIRE(lo == expectedLo);
            REQUIRE(hi == expectedHi);
            ++checked;
        }
    CHECK(checked > 10000);
    // Without blocks, the same.
    double lo = 0, hi = 0, expectedLo = 0, expectedHi = 0;
    counterValueRange(values.data(), nullptr, nullptr, 3, values.size() - 3, lo, hi);
    readEvery(values, 3, values.size() - 3, expectedLo, expectedHi);
    CHECK(lo == expectedLo);
    CHECK(hi == expectedHi);
    // All NaN: nothing.
    counterValueRange(values.data(), mins.data(), maxs.data(), 64 * 5, 64 * 6, lo, hi);
    CHECK(lo == std::numeric_limits<double>::infinity());
    CHECK(hi == -std::numeric_limits<double>::infinity());
}
