// The tokenizer parses each event in place and, when its buffer ends inside one, reads on and parses
// again. That is only right if every cut-off event fails at the very end of the bytes at hand, and
// never succeeds or fails earlier. These tests cut real-looking events at every byte.
#include "core/importers/chrome_json/chrome_event.h"

#include <catch2/catch.hpp>

#include <string>

using namespace opscope;

namespace {
const char* kEvents[] = {
    R"({"ph":"X","name":"aten::mm","pid":1,"tid":"2","ts":1700000000123456.789,"dur":-1.5e3,"cat":"cpu_op"})",
    R"({"name":"k\"q\\u00e9\u4e2d","ph":"i","s":"t","ts":"12","args":{"a":[1,true,false,null,{"b":-0.5E-2}],"c":""}})",
    R"({ "ph" : "C" , "name" : "mem" , "pid" : 7 , "ts" : 0 , "args" : { "used" : 1 , "free" : 20 } })",
    R"({"ph":"f","bp":"e","id":"0x1f","id2":{"local":"7"},"pid":1,"tid":1,"ts":5,"flag":true,"n":null})",
    R"({})",
};
} // namespace

TEST_CASE("an event cut at any byte fails exactly at the cut, and parses whole", "[chrome][tokenizer]") {
    for (const char* text : kEvents) {
        const std::string event(text);
        for (std::size_t cut = 1; cut < event.size(); ++cut) {
            const std::string head = event.substr(0, cut);
            ChromeEvent parsed;
            json::ScanError error;
            int controlChars = 0;
            const char* end = nullptr;
            INFO(event << " cut after " << cut << " bytes");
            REQUIRE_FALSE(parseChromeEvent(head.data(), head.data() + head.size(), &parsed, &error, &controlChars, &end));
            CHECK(error.at == head.data() + head.size());
        }
        ChromeEvent parsed;
        json::ScanError error;
        int controlChars = 0;
        const char* end = nullptr;
        const std::string padded = event + ",{\"ph\":\"X\"}";
        REQUIRE(parseChromeEvent(padded.data(), padded.data() + padded.size(), &parsed, &error, &controlChars, &end));
        CHECK(end == padded.data() + event.size());
    }
}

TEST_CASE("a real syntax error inside an event is reported where it is, not as a cut", "[chrome][tokenizer]") {
    const std::string event = R"({"ph":"X","ts":12,,"dur":3})";
    ChromeEvent parsed;
    json::ScanError error;
    int controlChars = 0;
    REQUIRE_FALSE(parseChromeEvent(event.data(), event.data() + event.size(), &parsed, &error, &controlChars));
    CHECK(error.at == event.data() + event.find(",,") + 1);
}

TEST_CASE("args nested deeper than the scanner's inline stack still parse", "[chrome][tokenizer]") {
    std::string args;
    for (int i = 0; i < 100; ++i) args += i % 2 ? "{\"k\":" : "[";
    args += "1";
    for (int i = 99; i >= 0; --i) args += i % 2 ? "}" : "]";
    const std::string event = R"({"ph":"X","args":)" + args + R"(,"ts":1})";
    ChromeEvent parsed;
    json::ScanError error;
    int controlChars = 0;
    const char* end = nullptr;
    REQUIRE(parseChromeEvent(event.data(), event.data() + event.size(), &parsed, &error, &controlChars, &end));
    CHECK(end == event.data() + event.size());
    CHECK(parsed.args.text == args);
}
