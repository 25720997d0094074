// core/model/time_format: the one formatter of durations, exact (integer arithmetic) at every unit edge.
#include "core/model/time_format.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace opscope;

TEST_CASE("time format: microsText is exact, negative values included", "[time_format]") {
    CHECK(microsText(TimeNs{0}) == "0.000");
    CHECK(microsText(TimeNs{1234567}) == "1234.567");
    CHECK(microsText(TimeNs{-1500}) == "-1.500");
    CHECK(microsText(std::numeric_limits<TimeNs>::max()) == "9223372036854775.807");
    CHECK(microsText(std::numeric_limits<TimeNs>::min()) == "-9223372036854775.808");
    CHECK(microsText(2500.0) == "2.500");
    CHECK(microsText(std::nan("")).empty());
}

TEST_CASE("time format: durationText switches unit exactly at 1 us, 1 ms and 1 s", "[time_format]") {
    CHECK(durationText(999) == "999 ns");
    CHECK(durationText(1000) == "1.000 us");
    CHECK(durationText(999'999) == "999.999 us");
    CHECK(durationText(1'000'000) == "1.000 ms");
    CHECK(durationText(999'999'999) == "1000.000 ms"); // rounds up within the unit, as printf did
    CHECK(durationText(1'000'000'000) == "1.000 s");
    CHECK(durationText(1'234'567) == "1.235 ms");
    CHECK(durationText(-2'500'000) == "-2.500 ms");
    CHECK(durationText(0) == "0 ns");
}

TEST_CASE("time format: compact durations keep about three digits", "[time_format]") {
    CHECK(compactDurationText(999) == "999 ns");
    CHECK(compactDurationText(1000) == "1.00 us");
    CHECK(compactDurationText(9'999) == "10.00 us"); // 2 decimals below 10 units, rounded
    CHECK(compactDurationText(10'000) == "10.0 us");
    CHECK(compactDurationText(99'999) == "100.0 us");
    CHECK(compactDurationText(100'000) == "100 us");
    CHECK(compactDurationText(123'900) == "123 us"); // no decimals: the whole part, as the GUI always showed
    CHECK(compactDurationText(250'000'000) == "250 ms");
    CHECK(compactDurationText(2'000'000'000) == "2.000 s");
    const DurationParts parts = compactDuration(-1'500);
    CHECK(parts.number == "-1.50");
    CHECK(parts.unitNs == 1000);
}

TEST_CASE("time format: fixedDecimalText rounds half up without a double", "[time_format]") {
    CHECK(fixedDecimalText(12'345, 1000, 2) == "12.35");
    CHECK(fixedDecimalText(12'344, 1000, 2) == "12.34");
    CHECK(fixedDecimalText(9'995, 1000, 2) == "10.00");
    CHECK(fixedDecimalText(1'700'000'000'123'456'789, 1'000'000'000, 9) == "1700000000.123456789");
}

TEST_CASE("time format: the human format splits like Perfetto, each unit edge on both sides", "[time_format]") {
    CHECK(humanDurationText(0) == "0s");
    CHECK(humanDurationText(1) == "1ns");
    CHECK(humanDurationText(999) == "999ns");
    CHECK(humanDurationText(1'000) == "1us");
    CHECK(humanDurationText(1'001) == "1us 1ns");
    CHECK(humanDurationText(999'999) == "999us 999ns");
    CHECK(humanDurationText(1'000'000) == "1ms");
    CHECK(humanDurationText(999'999'999) == "999ms 999us 999ns");
    CHECK(humanDurationText(1'000'000'000) == "1s");
    CHECK(humanDurationText(59'999'999'999) == "59s 999ms 999us 999ns");
    CHECK(humanDurationText(60'000'000'000) == "1m");
    CHECK(humanDurationText(125'000'000'000) == "2m 5s");
    CHECK(humanDurationText(1'231'461'000) == "1s 231ms 461us");
    CHECK(humanDurationText(379'773) == "379us 773ns"); // never cut to "379 us"
    CHECK(humanDurationText(-2'500'000) == "-2ms 500us");
    CHECK(humanDurationText(std::numeric_limits<TimeNs>::min()).rfind("-153722867m", 0) == 0);
    CHECK(humanDurationText(std::numeric_limits<TimeNs>::max()) == "153722867m 16s 854ms 775us 807ns");
}

TEST_CASE("time format: a resolution rounds half up and drops the finer pieces", "[time_format]") {
    CHECK(humanDurationText(1'231'461'499, 1'000) == "1s 231ms 461us");
    CHECK(humanDurationText(1'231'461'500, 1'000) == "1s 231ms 462us");
    CHECK(humanDurationText(999'499, 1'000) == "999us");
    CHECK(humanDurationText(999'500, 1'000) == "1ms"); // the carry reaches the next unit
    CHECK(humanDurationText(499, 1'000) == "0s");
    CHECK(humanDurationText(-499, 1'000) == "0s"); // no "-0s"
    CHECK(humanDurationText(-1'500'000, 1'000'000) == "-2ms");
    CHECK(humanDurationText(89'999'999'999, 60'000'000'000) == "1m");
    CHECK(humanDurationText(90'000'000'000, 60'000'000'000) == "2m");
    CHECK(humanDurationText(std::numeric_limits<TimeNs>::min(), 1'000'000'000) == "-153722867m 17s");
}

TEST_CASE("time format: the resolution for a label step is the largest unit dividing it", "[time_format]") {
    CHECK(humanResolutionFor(0) == 1);
    CHECK(humanResolutionFor(1) == 1);
    CHECK(humanResolutionFor(999) == 1);
    CHECK(humanResolutionFor(1'000) == 1'000);
    CHECK(humanResolutionFor(2'500'000) == 1'000);
    CHECK(humanResolutionFor(1'000'000) == 1'000'000);
    CHECK(humanResolutionFor(999'999'999) == 1);
    CHECK(humanResolutionFor(1'000'000'000) == 1'000'000'000);
    CHECK(humanResolutionFor(59'000'000'000) == 1'000'000'000);
    CHECK(humanResolutionFor(60'000'000'000) == 60'000'000'000);
    CHECK(humanResolutionFor(90'000'000'000) == 1'000'000'000);
}
