#include "core/importers/chrome_json/decimal_time.h"

#include <catch2/catch.hpp>

using opscope::parseDecimalScaled;
using opscope::parseMicrosToNs;

TEST_CASE("microsecond text converts to exact nanoseconds", "[decimal_time]") {
    CHECK(parseMicrosToNs("1700000000123456.789") == 1700000000123456789LL);
    CHECK(parseMicrosToNs("1712195495519689.047") == 1712195495519689047LL);
    CHECK(parseMicrosToNs("0") == 0);
    CHECK(parseMicrosToNs("12") == 12000);
    CHECK(parseMicrosToNs("-3") == -3000);
    CHECK(parseMicrosToNs("-0.5") == -500);
    CHECK(parseMicrosToNs("1.5e3") == 1500000);
    CHECK(parseMicrosToNs("2E-3") == 2);
}

TEST_CASE("digits beyond the nanosecond round half away from zero", "[decimal_time]") {
    CHECK(parseMicrosToNs("53.7410625") == 53741);
    CHECK(parseMicrosToNs("0.0005") == 1);
    CHECK(parseMicrosToNs("0.0004999") == 0);
    CHECK(parseMicrosToNs("12.76999") == 12770);
}

TEST_CASE("Ascend CSV spellings with a trailing tab are accepted", "[decimal_time]") {
    CHECK(parseMicrosToNs("1736413971558972.912\t") == 1736413971558972912LL);
    CHECK(parseMicrosToNs(" 7 ") == 7000);
}

TEST_CASE("text that is not a number is rejected", "[decimal_time]") {
    CHECK_FALSE(parseMicrosToNs(""));
    CHECK_FALSE(parseMicrosToNs("abc"));
    CHECK_FALSE(parseMicrosToNs("1.5e"));
    CHECK_FALSE(parseMicrosToNs("."));
    CHECK_FALSE(parseMicrosToNs("12x"));
    CHECK_FALSE(parseMicrosToNs("N/A"));
    CHECK_FALSE(parseMicrosToNs("99999999999999999999999"));
}

// parseMicrosToNs reads the common spelling (at most 15 digits before the point, 3 after) in a short
// loop and everything else the general way: both must agree on each side of those two limits.
TEST_CASE("the short spelling and the general way agree at the 15-digit and 3-decimal limits", "[decimal_time]") {
    const char* texts[] = {"999999999999999.999", "1000000000000000.999", "123456789012345", "1234567890123456",
                           "1.999", "1.9995", "1.9994", "-1.999", "-1.9995", "0.001", "0.0005", "-0", "12", "12.",
                           ".5", "-.5", "5.5", "1736408883704643.212", "9223372036854775.807", "9223372036854775.808",
                           "-9223372036854775.808", "1e3", " 12.5", "12.5\t", "+3", "0x10", "", "-", "."};
    for (const char* text : texts) {
        INFO(text);
        CHECK(parseMicrosToNs(text) == parseDecimalScaled(text, 3));
    }
    CHECK(parseMicrosToNs("999999999999999.999") == 999'999'999'999'999'999);
    CHECK(parseMicrosToNs("1000000000000000.999") == 1'000'000'000'000'000'999);
    CHECK(parseMicrosToNs("-1.999") == -1'999);
    CHECK(parseMicrosToNs("1.9995") == 2'000);
}
