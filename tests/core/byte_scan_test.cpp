// The sixteen-bytes-a-step scans (core/model/byte_scan.h) and the readers built on them must give the
// byte-at-a-time answer wherever the byte sits relative to a 16-byte block and to the end.
#include "core/importers/chrome_json/chrome_event.h"
#include "core/importers/chrome_json/json_scan.h"
#include "core/importers/launch/launch_keys.h"
#include "core/model/byte_scan.h"
#include "core/model/json_depth.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

using namespace opscope;

namespace {

const char* slowStop(const char* p, const char* end) {
    while (p < end && !isJsonStringStop(*p)) ++p;
    return p;
}

RawValue number(std::string_view text) {
    RawValue v;
    v.kind = RawValue::Kind::Number;
    v.text = text;
    return v;
}

RawValue string(std::string_view text) {
    RawValue v;
    v.kind = RawValue::Kind::String;
    v.text = text;
    return v;
}

} // namespace

TEST_CASE("a JSON string's stop byte is found at every offset, the same as byte by byte", "[byte_scan]") {
    // 0x20 and the high bytes are plain text; 0x1F is the last control byte.
    const char plain[] = {' ', 'a', '\x7f', '\x80', '\xff', '\x20'};
    const char stops[] = {'"', '\\', '\x00', '\x01', '\x1f', '\n'};
    for (char filler : plain) {
        for (std::size_t length = 0; length <= 40; ++length) {
            std::string text(length, filler);
            const char* none = findJsonStringStop(text.data(), text.data() + text.size());
            CHECK(none == text.data() + text.size());
            for (std::size_t at = 0; at < length; ++at) {
                for (char stop : stops) {
                    std::string t = text;
                    t[at] = stop;
                    const char* end = t.data() + t.size();
                    const char* found = findJsonStringStop(t.data(), end);
                    REQUIRE(found == slowStop(t.data(), end));
                    REQUIRE(found == t.data() + at);
                }
            }
        }
    }
}

TEST_CASE("the scan stops at the end it is given, not at a stop byte past it", "[byte_scan]") {
    const std::string text = std::string(20, 'x') + "\"";
    const char* end = text.data() + 20;
    CHECK(findJsonStringStop(text.data(), end) == end);
    CHECK(findJsonStringStop(text.data() + 5, end) == end);
}

TEST_CASE("a quote before one of two letters is found at every offset, not one before another letter", "[byte_scan]") {
    for (std::size_t length = 0; length <= 40; ++length) {
        for (std::size_t at = 0; at + 1 < length; ++at) {
            std::string text(length, 'c'); // letters without a quote
            text[at] = '"';
            const char* end = text.data() + text.size();
            CHECK(findQuoteBefore(text.data(), end, 'c', 'E') == text.data() + at);
            text[at + 1] = 'x'; // a quote before another letter
            CHECK(findQuoteBefore(text.data(), end, 'c', 'E') == end);
            text[at + 1] = 'E';
            CHECK(findQuoteBefore(text.data(), end, 'c', 'E') == text.data() + at);
        }
        std::string last(length, 'c');
        if (length > 0) last.back() = '"'; // a quote with nothing after it
        CHECK(findQuoteBefore(last.data(), last.data() + last.size(), 'c', 'E') == last.data() + last.size());
    }
}

TEST_CASE("opening brackets are counted at every offset, strings included", "[byte_scan]") {
    for (std::size_t length = 0; length <= 40; ++length) {
        std::string text;
        for (std::size_t i = 0; i < length; ++i) text.push_back("{[x]}\"a"[i % 7]);
        const auto expected = static_cast<std::size_t>(std::count_if(text.begin(), text.end(),
                                                                     [](char c) { return c == '{' || c == '['; }));
        CHECK(countOpeningBrackets(text) == expected);
    }
}

TEST_CASE("readString: long strings, escapes and control bytes across 16-byte blocks", "[byte_scan][json]") {
    for (std::size_t before = 0; before <= 34; ++before) {
        const std::string body = std::string(before, 'a') + "\\\"" + std::string(17, 'b') + "\\u00e9" +
                                 std::string(3, 'c') + "\t" + std::string(before, 'd');
        const std::string text = "\"" + body + "\",";
        const char* p = text.data();
        std::string_view raw;
        bool escapes = false;
        int control = 0;
        json::ScanError error{};
        REQUIRE(json::readString(p, text.data() + text.size(), &raw, &escapes, &error, &control));
        CHECK(raw == body);
        CHECK(escapes);
        CHECK(control == 1);
        CHECK(*p == ',');
    }
    // Without a closing quote the error points at the end.
    const std::string open = "\"" + std::string(40, 'z');
    const char* p = open.data();
    json::ScanError error{};
    CHECK_FALSE(json::readString(p, open.data() + open.size(), nullptr, nullptr, &error, nullptr));
    CHECK(error.at == open.data() + open.size());
}

TEST_CASE("nesting: more brackets than the limit, but not that deep, is not too deep", "[byte_scan][hardening]") {
    std::string siblings = "{\"a\":[";
    for (int i = 0; i < kMaxArgsDepth + 1; ++i) siblings += (i ? ",[]" : "[]");
    siblings += "]}";
    CHECK_FALSE(jsonNestingExceeds(siblings, kMaxArgsDepth));
    const std::string quoted = "{\"k\":\"" + std::string(kMaxArgsDepth * 2, '[') + "\"}";
    CHECK_FALSE(jsonNestingExceeds(quoted, kMaxArgsDepth));
}

TEST_CASE("canonical id keys: integral spellings share one key", "[chrome][ids]") {
    CHECK(canonicalIdKey(number("25738")) == "25738");
    CHECK(canonicalIdKey(string("25738")) == "25738");
    CHECK(canonicalIdKey(number("25738.0")) == "25738");
    CHECK(canonicalIdKey(number("0")) == "0");
    CHECK(canonicalIdKey(number("007")) == "7");
    CHECK(canonicalIdKey(number("-5")) == "-5");
    CHECK(canonicalIdKey(number("999999999999999999")) == "999999999999999999");  // 18 digits
    CHECK(canonicalIdKey(number("1000000000000000000")) == "1000000000000000000"); // 19 digits
    CHECK(canonicalIdKey(number("1738808253595015502")) == "1738808253595015502");
    CHECK(canonicalIdKey(string("1234567890123456789012345")) == "1234567890123456789012345");
    CHECK(canonicalIdKey(number("12.5")) == "12.5");
    CHECK(canonicalIdKey(string("0x1f")) == "0x1f");
}

TEST_CASE("launch keys: each key decided by its first occurrence that a ':' follows", "[launch]") {
    // The keys in any order, one scan.
    LaunchKeys k = scanLaunchKeys(R"({"connection_id": 5, "External id": 6, "correlation": 7})");
    CHECK(k.correlation == 7);
    CHECK(k.externalId == 6);
    CHECK(k.connectionId == 5);
    // A key's text as a value first, the key after it.
    k = scanLaunchKeys(R"({"a": "External id", "b": "correlation", "External id": 8, "correlation": "9"})");
    CHECK(k.externalId == 8);
    CHECK(k.correlation == 9);
    // The first key occurrence decides, even when it holds no integer.
    k = scanLaunchKeys(R"({"correlation": "x", "n": {"correlation": 10}})");
    CHECK_FALSE(k.correlation);
    // A nested occurrence counts when it is the first.
    k = scanLaunchKeys(R"({"n": {"correlation": 11}, "correlation": 12})");
    CHECK(k.correlation == 11);
    // The quote that closes one text may open the key (the scan looks at every quote).
    k = scanLaunchKeys(R"({"x":"correlation"correlation": 13})");
    CHECK(k.correlation == 13);
}
