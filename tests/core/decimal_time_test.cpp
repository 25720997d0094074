#include "core/importers/chrome_json/decimal_time.h"

#include <catch2/catch.hpp>

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
