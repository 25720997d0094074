// opscope-cli slice: one slice's details through the session, as text and JSON.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace opscope::test;

namespace {
const std::string& sliceStore() {
    static std::string store = [] {
        std::string path = cliTempDir() + "/slice.opscope.sqlite";
        REQUIRE(runCli({"import", bundledSample(), "-o", path, "--quiet"}).exitCode == 0);
        return path;
    }();
    return store;
}
} // namespace

TEST_CASE("cli slice: --json gives the slice's fields, args and flows", "[cli][slice]") {
    CliResult r = runCli({"slice", sliceStore(), "1", "--json"});
    REQUIRE(r.exitCode == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j.at("id") == 1);
    CHECK(j.at("dur_ns").get<long long>() >= 0);
    CHECK(j.at("self_ns").get<long long>() <= j.at("dur_ns").get<long long>());
    CHECK(j.at("args").is_array());
    CHECK(j.at("flows").is_array());
    CHECK(j.at("metrics").is_array());
    CHECK_FALSE(j.at("name").get<std::string>().empty());
}

TEST_CASE("cli slice: text output, and exit 2 for a missing or malformed id", "[cli][slice]") {
    CliResult text = runCli({"slice", sliceStore(), "1"});
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.rfind("slice 1: ", 0) == 0);
    CliResult missing = runCli({"slice", sliceStore(), "999999999"});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.find("no slice with id 999999999") != std::string::npos);
    CHECK(runCli({"slice", sliceStore(), "0"}).exitCode == 2);
    CHECK(runCli({"slice", sliceStore(), "12x"}).exitCode == 2);
    CHECK(runCli({"slice", sliceStore()}).exitCode == 2);
}
