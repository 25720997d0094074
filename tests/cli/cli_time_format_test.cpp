// The CLI's sentences write times as the GUI does ("1ms 235us 461ns", core/model/time_format.h); its
// CSV and JSON keep plain numbers with the unit in the column name.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

using namespace opscope::test;

TEST_CASE("cli: text output writes durations in the GUI's format, CSV and JSON stay plain numbers", "[cli][cli_time_format]") {
    const std::string dir = cliTempDir();
    const std::string trace = dir + "/t.json";
    std::ofstream(trace) << R"([{"name":"step","ph":"X","ts":0,"dur":1235.461,"pid":1,"tid":1}])";
    const std::string store = dir + "/t.opscope.sqlite";
    const CliResult imported = runCli({"import", trace, "-o", store});
    REQUIRE(imported.exitCode == 0);
    CHECK(imported.out.find("time span:    1ms 235us 461ns (0 .. 1235461 ns)\n") != std::string::npos);

    const CliResult slice = runCli({"slice", store, "1"});
    REQUIRE(slice.exitCode == 0);
    CHECK(slice.out.find("duration:  1ms 235us 461ns\n") != std::string::npos);
    CHECK(slice.out.find("self:      1ms 235us 461ns\n") != std::string::npos);

    const CliResult json = runCli({"slice", store, "1", "--json"});
    REQUIRE(json.exitCode == 0);
    const nlohmann::json doc = nlohmann::json::parse(json.out);
    CHECK(doc.dump().find("1235461") != std::string::npos); // ns as a number, no human text
    CHECK(json.out.find("1ms") == std::string::npos);
}
