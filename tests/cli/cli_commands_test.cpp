// Every opscope-cli command run as the real binary on the bundled sample: exit codes, the shape of
// stdout, and --json parsed. Feature tests of each command's numbers live beside their analyses.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>

using namespace opscope::test;
namespace fs = std::filesystem;

namespace {

// One store of the bundled sample per test process, imported through the CLI itself.
const std::string& sampleStore() {
    static std::string store = [] {
        std::string path = cliTempDir() + "/sample.opscope.sqlite";
        CliResult r = runCli({"import", bundledSample(), "-o", path, "--quiet"});
        REQUIRE(r.exitCode == 0);
        return path;
    }();
    return store;
}

} // namespace

TEST_CASE("cli: no command prints usage and exits 2; --help exits 0", "[cli]") {
    CHECK(runCli({}).exitCode == 2);
    CliResult help = runCli({"--help"});
    CHECK(help.exitCode == 0);
    CHECK(help.out.find("Commands:") != std::string::npos);
    CliResult unknown = runCli({"no-such-command"});
    CHECK(unknown.exitCode == 2);
    CHECK(unknown.err.find("unknown command") != std::string::npos);
}

TEST_CASE("cli: import writes a store and prints its summary", "[cli]") {
    std::string dir = cliTempDir();
    CliResult r = runCli({"import", bundledSample(), "-o", dir + "/s.opscope.sqlite"});
    CHECK(r.exitCode == 0);
    CHECK(fs::exists(dir + "/s.opscope.sqlite"));
    CHECK(r.out.find("slices") != std::string::npos);
    CliResult missing = runCli({"import", dir + "/does-not-exist.json", "-o", dir + "/x.sqlite"});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.find("does-not-exist.json") != std::string::npos);
}

TEST_CASE("cli: info and query read the store", "[cli]") {
    CliResult info = runCli({"info", sampleStore()});
    CHECK(info.exitCode == 0);
    CHECK(info.out.find("slices") != std::string::npos);
    CliResult q = runCli({"query", sampleStore(), "SELECT count(*) AS n FROM slice"});
    CHECK(q.exitCode == 0);
    // RFC 4180 CSV: CRLF line ends.
    REQUIRE(q.out.rfind("n\r\n", 0) == 0);
    CHECK(std::stoll(q.out.substr(3)) > 0);
    CHECK(runCli({"query", sampleStore(), "SELECT * FROM no_such_table"}).exitCode == 2);
}

TEST_CASE("cli: stats, heatmap and bubbles print CSV with a header", "[cli]") {
    CliResult stats = runCli({"stats", sampleStore(), "--csv"});
    CHECK(stats.exitCode == 0);
    CHECK(stats.out.find("count") != std::string::npos);
    CliResult heat = runCli({"heatmap", sampleStore(), "--csv"});
    CHECK(heat.exitCode == 0);
    CHECK_FALSE(heat.out.empty());
    CliResult bubbles = runCli({"bubbles", sampleStore(), "--csv"});
    CHECK(bubbles.exitCode == 0);
    CHECK_FALSE(bubbles.out.empty());
}

TEST_CASE("cli: diagnose --json parses", "[cli]") {
    CliResult r = runCli({"diagnose", sampleStore(), "--json"});
    CHECK(r.exitCode == 0);
    nlohmann::json doc = nlohmann::json::parse(r.out);
    CHECK(doc.is_object());
}

TEST_CASE("cli: baseline save and compare against itself find no regression", "[cli]") {
    std::string dir = cliTempDir();
    CliResult save = runCli({"baseline", "save", sampleStore(), "-o", dir + "/base.json"});
    CHECK(save.exitCode == 0);
    REQUIRE(fs::exists(dir + "/base.json"));
    CHECK(runCli({"baseline", "show", dir + "/base.json"}).exitCode == 0);
    CHECK(runCli({"compare", dir + "/base.json", sampleStore()}).exitCode == 0);
    CHECK(runCli({"compare", sampleStore(), sampleStore(), "--csv"}).exitCode == 0);
}

TEST_CASE("cli: graph, report and screenshot write their outputs", "[cli]") {
    std::string dir = cliTempDir();
    std::string store = dir + "/g.opscope.sqlite";
    REQUIRE(runCli({"import", bundledSample(), "-o", store, "--quiet"}).exitCode == 0);
    CHECK(runCli({"graph", "import", store, "--derive"}).exitCode == 0);
    CHECK(runCli({"graph", "info", store}).exitCode == 0);
    CliResult report = runCli({"report", store, "-o", dir + "/r.html"});
    if (!OPSCOPE_CLI_RENDERS) { // a build without the GUI: report and screenshot say so and exit 3
        CHECK(report.exitCode == 3);
        CHECK(runCli({"screenshot", store, "--view", "timeline", "-o", dir + "/t.png"}).exitCode == 3);
        return;
    }
    CHECK(report.exitCode == 0);
    CHECK(fs::file_size(dir + "/r.html") > 1000);
    INFO("report stderr: " << report.err);
    CHECK(report.err.empty()); // no Qt platform notes on a batch run's stderr
    CliResult shot = runCli({"screenshot", store, "--view", "timeline", "--size", "400x300", "-o", dir + "/t.png"});
    CHECK(shot.exitCode == 0);
    INFO("screenshot stderr: " << shot.err);
    CHECK(shot.err.empty());
    CHECK(fs::file_size(dir + "/t.png") > 100);
    CHECK(runCli({"screenshot", store, "--view", "no-such-view", "-o", dir + "/x.png"}).exitCode == 2);
}
