// `screenshot --view compare --compare NEW`: the Compare window rendered headless, as the GUI shows it.
#include "cli_runner.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace opscope::test;
namespace fs = std::filesystem;

TEST_CASE("cli: screenshot --view compare renders the Compare window of two traces", "[cli][cli_compare_screenshot]") {
    const std::string dir = cliTempDir();
    const std::string base = dir + "/base.opscope.sqlite", other = dir + "/new.opscope.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", base, "--quiet"}).exitCode == 0);
    REQUIRE(runCli({"import", bundledSample(), "-o", other, "--quiet"}).exitCode == 0);
    const CliResult r = runCli({"screenshot", base, "--view", "compare", "--compare", other, "-o", dir + "/c.png"});
    if (!OPSCOPE_CLI_RENDERS) {
        CHECK(r.exitCode == 3);
        return;
    }
    INFO(r.err);
    CHECK(r.exitCode == 0);
    CHECK(fs::file_size(dir + "/c.png") > 10'000);
    // Each half alone is a usage error.
    CHECK(runCli({"screenshot", base, "--view", "compare", "-o", dir + "/d.png"}).exitCode == 2);
    CHECK(runCli({"screenshot", base, "--compare", other, "-o", dir + "/e.png"}).exitCode == 2);
}
