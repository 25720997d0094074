// opscope-cli import of several ranks, run as the real binary: --jobs 1 and --jobs 2 write stores with
// the same rows, --progress prints one line per rank on stderr, and --jobs refuses what is not a count.
#include "cli_runner.h"
#include "tests/cluster_fixtures.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace opscope::test;

namespace {

std::string rowCounts(const std::string& store) {
    CliResult r = runCli({"query", store,
                          "SELECT (SELECT count(*) FROM slice) || '/' || (SELECT count(*) FROM track) || '/' || "
                          "(SELECT count(*) FROM device) || '/' || (SELECT count(*) FROM device_slice_class)",
                          "--no-header"});
    REQUIRE(r.exitCode == 0);
    std::string counts = r.out;
    while (!counts.empty() && (counts.back() == '\n' || counts.back() == '\r')) counts.pop_back();
    return counts;
}

} // namespace

TEST_CASE("cli: import --jobs 1 and --jobs 2 of a job folder give the same rows; --progress shows each rank",
          "[cli][ranks][parallel-import]") {
    namespace fs = std::filesystem;
    const fs::path job = fs::path(cliTempDir()) / "parallel_job";
    fs::remove_all(job);
    fs::create_directories(job / "ranks");
    for (int rank = 0; rank < 3; ++rank)
        std::ofstream(job / "ranks" / ("rank-" + std::to_string(rank) + ".json")) << kinetoRankTrace(rank, 1000 + rank);
    const std::string one = (job / "one.sqlite").string(), two = (job / "two.sqlite").string();
    CliResult sequential = runCli({"import", (job / "ranks").string(), "-o", one, "--jobs", "1", "--progress"});
    INFO(sequential.err);
    REQUIRE(sequential.exitCode == 0);
    CliResult parallel = runCli({"import", (job / "ranks").string(), "-o", two, "--jobs", "2", "--progress"});
    INFO(parallel.err);
    REQUIRE(parallel.exitCode == 0);
    CHECK(rowCounts(one) == "18/9/3/12"); // 3 ranks × 2 steps × (step + gemm + all-reduce)
    CHECK(rowCounts(two) == rowCounts(one));
    for (int rank = 0; rank < 3; ++rank) {
        const std::string prefix = "input " + std::to_string(rank + 1) + "/3 rank-" + std::to_string(rank) + ".json: ";
        CHECK(parallel.err.find(prefix + "parsing") != std::string::npos);
        CHECK(parallel.err.find(prefix + "parsed\n") != std::string::npos);
        CHECK(parallel.err.find(prefix + "merging\n") != std::string::npos);
        CHECK(parallel.err.find(prefix + "done\n") != std::string::npos);
        CHECK(sequential.err.find(prefix + "done\n") != std::string::npos);
    }
    // No part or temporary store is left beside the outputs.
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(job)) left.push_back(entry.path().filename().string());
    std::sort(left.begin(), left.end());
    CHECK(left == std::vector<std::string>{"one.sqlite", "ranks", "two.sqlite"});
    // Without --progress and on a pipe: nothing on stderr.
    CliResult quiet = runCli({"import", (job / "ranks").string(), "-o", two, "--force"});
    REQUIRE(quiet.exitCode == 0);
    CHECK(quiet.err.empty());
}

TEST_CASE("cli: import --jobs wants a count from 1", "[cli][ranks][parallel-import]") {
    for (const char* bad : {"0", "-2", "two", ""}) {
        CliResult r = runCli({"import", bundledSample(), "-o", cliTempDir() + "/jobs.sqlite", "--jobs", bad});
        INFO(bad);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("--jobs wants an integer from 1 to 1024") != std::string::npos);
    }
}
