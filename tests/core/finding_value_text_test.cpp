// A finding's value reads the same in diagnose, the findings panel and the report: the digits come
// from one core function; these are its rules, at each boundary.
#include "core/analysis/diagnosis/finding_value_text.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace opscope;

TEST_CASE("Shares and hit rates read as percentages with one decimal", "[finding_value]") {
    CHECK(findingValueText(0.1234, "share") == "12.3%");
    CHECK(findingValueText(0.5, "hit rate") == "50.0%");
    CHECK(findingNumberText(0.5, "hit rate") == "50.0");
}

TEST_CASE("Points and FLOP per byte keep one and two decimals", "[finding_value]") {
    CHECK(findingValueText(95.1234, "points") == "95.1 points");
    CHECK(findingValueText(3.254, "ops/byte") == "3.25 FLOP/byte");
}

TEST_CASE("Times in us, ns and ms read in the one human format", "[finding_value]") {
    CHECK(findingValueText(1234.5, "us") == "1ms 234us 500ns");
    CHECK(findingValueText(20'000, "ns") == "20us");
    CHECK(findingValueText(28.28268, "ms") == "28ms 282us 680ns");
    CHECK(findingDurationNs(1.5, "us") == 1500);
    CHECK_FALSE(findingDurationNs(1.5, "calls"));
    // Beyond int64 nanoseconds: no wrap-around.
    CHECK(findingValueText(1e13, "ms") == "-");
    CHECK_FALSE(findingDurationNs(1e13, "ms"));
}

TEST_CASE("Ratios and unitless values keep three decimals", "[finding_value]") {
    CHECK(findingValueText(0.87549, "ratio") == "0.875");
    CHECK(findingValueText(2, "") == "2.000");
}

TEST_CASE("Counts read in whole digits, never in exponent notation", "[finding_value]") {
    CHECK(findingValueText(83600, "sequences") == "83600 sequences");
    CHECK(findingValueText(200, "calls") == "200 calls");
    CHECK(findingValueText(9007199254740992.0, "tasks") == "9007199254740992 tasks"); // 2^53: still whole digits
    CHECK(findingValueText(9007199254740994.0, "tasks") == "9007199254740994.0 tasks");  // past 2^53: one decimal
}

TEST_CASE("Other fractional values keep three decimals below 100 and one from 100", "[finding_value]") {
    CHECK(findingValueText(23.4567, "GB/s") == "23.457 GB/s");
    CHECK(findingValueText(99.9996, "GB/s") == "100.000 GB/s"); // below 100 before rounding
    CHECK(findingValueText(100.04, "GB/s") == "100.0 GB/s");
}

TEST_CASE("Not a number reads as a dash", "[finding_value]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(findingValueText(nan, "share") == "-");
    CHECK(findingValueText(nan, "us") == "-");
    CHECK(findingValueText(nan, "calls") == "-");
}

TEST_CASE("What follows a finding's figure is decided once, for the English text and the panel's", "[finding_value]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(findingSuffix(0.5, "share") == FindingSuffix::Percent);
    CHECK(findingSuffix(0.5, "hit rate") == FindingSuffix::Percent);
    CHECK(findingSuffix(95, "points") == FindingSuffix::Points);
    CHECK(findingSuffix(3, "ops/byte") == FindingSuffix::FlopPerByte);
    CHECK(findingSuffix(3, "calls") == FindingSuffix::Unit);
    CHECK(findingSuffix(3, "us") == FindingSuffix::None);
    CHECK(findingSuffix(3, "ratio") == FindingSuffix::None);
    CHECK(findingSuffix(3, "") == FindingSuffix::None);
    CHECK(findingSuffix(nan, "calls") == FindingSuffix::None);
}
