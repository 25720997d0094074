// opscope-cli history as the real binary: runs added from traces and from baselines, a trend read back,
// and `check` exiting 1 on a planted step and 0 on noise or after a known change.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sys/wait.h>
#include <fstream>
#include <random>

using namespace opscope::test;
using nlohmann::json;

namespace {

// A baseline as `baseline save` writes it, with one operator "MatMul" of the given total time.
std::string writeBaseline(const std::string& dir, int index, double matmulTotalNs) {
    json b = {{"format", "opscope-baseline"},
              {"version", 1},
              {"source", "run" + std::to_string(index) + ".json"},
              {"trace_duration_ns", 1000000},
              {"busy_ns", 500000},
              {"executions", 10},
              {"imbalance", 0.0},
              {"bubbles", {{"min_bubble_ns", 0}, {"count", 3}, {"total_ns", 1000}, {"largest_ns", 500}}},
              {"devices", json::array({{{"label", "NPU 0"}, {"busy_ns", 500000}, {"span_ns", 1000000}, {"bubble_ns", 1000}}})},
              {"operators", json::array({{{"name", "MatMul"}, {"count", 10}, {"total_ns", static_cast<long long>(matmulTotalNs)},
                                          {"mean_ns", matmulTotalNs / 10}}})}};
    const std::string path = dir + "/base" + std::to_string(index) + ".json";
    std::ofstream(path) << b.dump();
    return path;
}

std::string isoDay(int day) {
    char text[32];
    std::snprintf(text, sizeof text, "2026-%02d-%02dT12:00:00Z", 1 + day / 28, 1 + day % 28);
    return text;
}

// Imports `count` baselines whose MatMul total is 1 ms ± 2% noise, times `stepFactor` from run `stepAt`.
void fillHistory(const std::string& dir, const std::string& db, int count, int stepAt, double stepFactor) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> noise(-0.02, 0.02);
    for (int i = 0; i < count; ++i) {
        const double factor = (i >= stepAt ? stepFactor : 1.0) * (1.0 + noise(rng));
        const std::string path = writeBaseline(dir, i, 1e6 * factor);
        REQUIRE(runCli({"history", "import-baselines", "--db", db, path, "--time", isoDay(i)}).exitCode == 0);
    }
}

} // namespace

TEST_CASE("cli history: a step after 20 noisy runs is found at its first run", "[cli][history]") {
    const std::string dir = cliTempDir(), db = dir + "/h.sqlite";
    fillHistory(dir, db, 26, 20, 1.08);
    CliResult list = runCli({"history", "list", "--db", db, "--json"});
    REQUIRE(list.exitCode == 0);
    const json runs = json::parse(list.out)["runs"];
    REQUIRE(runs.size() == 26);
    CliResult trend = runCli({"history", "trend", "--db", db, "op.total_ns", "--op", "MatMul", "--json"});
    REQUIRE(trend.exitCode == 0);
    const json t = json::parse(trend.out);
    CHECK(t["unit"] == "ns");
    REQUIRE(t["points"].size() == 26);
    REQUIRE(t["changes"].size() == 1);
    CHECK(t["changes"][0]["kind"] == "step");
    CHECK(t["changes"][0]["first_run_id"] == runs[20]["id"]);
    CHECK(t["points"][25]["band_high"].is_number());
    CliResult csv = runCli({"history", "trend", "--db", db, "op.total_ns", "--op", "MatMul", "--csv"});
    CHECK(csv.exitCode == 0);
    CHECK(csv.out.rfind("run_id,label,run_time,commit,value,smoothed,band_low,band_high,beyond", 0) == 0);

    // A new run at the stepped level is checked: exit 1, naming the metric and the run where it began.
    const std::string next = writeBaseline(dir, 99, 1.08e6);
    CliResult check = runCli({"history", "check", next, "--db", db, "--json"});
    CHECK(check.exitCode == 1);
    const json c = json::parse(check.out);
    CHECK(c["regressed"] == true);
    bool named = false;
    for (const json& r : c["regressions"]) {
        if (r["metric"] == "op.total_ns" && r["scope"] == "MatMul") {
            named = true;
            CHECK(r["first_run"]["id"] == runs[20]["id"]);
            CHECK(r["relative"].get<double>() == Approx(0.08).margin(0.025));
        }
    }
    CHECK(named);
    CliResult text = runCli({"history", "check", next, "--db", db});
    CHECK(text.exitCode == 1);
    CHECK(text.out.find("REGRESSION: op.total_ns [MatMul] step") != std::string::npos);
}

TEST_CASE("cli history: a trace is added once, then checked against its own runs without a regression", "[cli][history]") {
    const std::string dir = cliTempDir(), db = dir + "/h.sqlite";
    // Eleven runs of the bundled sample's MatMul time, then the sample itself checked against them.
    CliResult add = runCli({"history", "add", bundledSample(), "--db", db, "--label", "sample"});
    REQUIRE(add.exitCode == 0);
    CliResult again = runCli({"history", "add", bundledSample(), "--db", db});
    CHECK(again.exitCode == 0);
    CHECK(again.out.find("skipped") != std::string::npos);
    for (int i = 0; i < 10; ++i)
        REQUIRE(runCli({"history", "add", bundledSample(), "--db", db, "--again", "--time", isoDay(i)}).exitCode == 0);
    CliResult same = runCli({"history", "check", bundledSample(), "--db", db, "--json"});
    CHECK(same.exitCode == 0);
    const json ok = json::parse(same.out);
    CHECK(ok["regressed"] == false);
    CHECK(ok["metrics_checked"].get<int>() > 10);
}

TEST_CASE("cli history: check names the regressed metric; a known change silences it", "[cli][history]") {
    const std::string dir = cliTempDir(), db = dir + "/h.sqlite";
    fillHistory(dir, db, 20, 100, 1.0);
    // The candidate: 10% slower than twenty runs of ±2% noise.
    const std::string slow = writeBaseline(dir, 50, 1.10e6);
    CliResult check = runCli({"history", "check", slow, "--db", db, "--json"});
    CHECK(check.exitCode == 1);
    const json c = json::parse(check.out);
    REQUIRE(c["regressions"].size() >= 1);
    CHECK(c["regressions"][0]["metric"] == "op.total_ns");
    CHECK(c["regressions"][0]["first_run"].is_null()); // it began with the checked run itself
    CHECK(c["regressions"][0]["confirmed"] == false);
    // A run declared a known change is no regression.
    CHECK(runCli({"history", "check", slow, "--db", db, "--known-change"}).exitCode == 0);
    // Added, it shows as an unconfirmed step until marked.
    REQUIRE(runCli({"history", "check", slow, "--db", db, "--add", "--time", isoDay(20)}).exitCode == 1);
    json t = json::parse(runCli({"history", "trend", "--db", db, "op.total_ns", "--op", "MatMul", "--json"}).out);
    REQUIRE(t["changes"].size() == 1);
    CHECK(t["changes"][0]["confirmed"] == false);
    const auto lastId = t["points"][20]["id"].get<long long>();
    CHECK(t["changes"][0]["first_run_id"] == lastId);
    REQUIRE(runCli({"history", "mark", "--db", db, std::to_string(lastId)}).exitCode == 0);
    t = json::parse(runCli({"history", "trend", "--db", db, "op.total_ns", "--op", "MatMul", "--json"}).out);
    CHECK(t["changes"].empty());
    CHECK(runCli({"history", "mark", "--db", db, "999999"}).exitCode == 2);
}

TEST_CASE("cli history: bad input is refused with exit 2", "[cli][history]") {
    const std::string dir = cliTempDir();
    CHECK(runCli({"history"}).exitCode == 2);
    CHECK(runCli({"history", "list", "--db", dir + "/missing.sqlite"}).exitCode == 2);
    CHECK(runCli({"history", "add", bundledSample(), "--db", dir + "/h.sqlite", "--time", "yesterday"}).exitCode == 2);
    // A file that is not a history is never turned into one.
    std::ofstream(dir + "/other.sqlite") << "not a database";
    CliResult other = runCli({"history", "add", bundledSample(), "--db", dir + "/other.sqlite"});
    CHECK(other.exitCode == 2);
    CHECK(other.err.find("other.sqlite") != std::string::npos);
    std::ofstream(dir + "/t.json") << R"({"default": {"windw": 3}})";
    CliResult thresholds = runCli({"history", "trend", "--db", dir + "/h.sqlite", "busy_ns", "--thresholds", dir + "/t.json"});
    CHECK(thresholds.exitCode == 2);
}

namespace {

int runWatchScript(const std::string& folder, const std::string& db) {
    const std::string command = std::string("OPSCOPE_CLI='") + OPSCOPE_CLI_PATH + "' bash '" + OPSCOPE_SOURCE_DIR +
                                "/scripts/history_watch.sh' '" + folder + "' --db '" + db + "' > '" + folder +
                                "/../watch.log' 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

} // namespace

TEST_CASE("scripts/history_watch.sh checks the new traces of a folder and fails on a regression", "[cli][history]") {
    const std::string dir = cliTempDir(), folder = dir + "/traces", db = dir + "/h.sqlite";
    std::filesystem::create_directories(folder);
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> noise(-0.02, 0.02);
    auto place = [&](int index, double total) {
        const std::string path = writeBaseline(folder, index, total);
        // Oldest first is the order the script takes them in.
        std::filesystem::last_write_time(path, std::filesystem::file_time_type::clock::now() -
                                                   std::chrono::hours(1000 - index));
    };
    for (int i = 0; i < 20; ++i) place(i, 1e6 * (1.0 + noise(rng)));
    CHECK(runWatchScript(folder, db) == 0);
    CHECK(json::parse(runCli({"history", "list", "--db", db, "--json"}).out)["runs"].size() == 20);
    // Nothing new: nothing checked, nothing added.
    CHECK(runWatchScript(folder, db) == 0);
    CHECK(json::parse(runCli({"history", "list", "--db", db, "--json"}).out)["runs"].size() == 20);
    place(20, 1.12e6);
    CHECK(runWatchScript(folder, db) == 1);
    CHECK(json::parse(runCli({"history", "list", "--db", db, "--json"}).out)["runs"].size() == 21);
}

TEST_CASE("cli history: report --history adds a Trends section", "[cli][history]") {
    const std::string dir = cliTempDir(), db = dir + "/h.sqlite";
    for (int i = 0; i < 3; ++i)
        REQUIRE(runCli({"history", "add", bundledSample(), "--db", db, "--again", "--time", isoDay(i)}).exitCode == 0);
    CliResult report = runCli({"report", bundledSample(), "--history", db, "-o", dir + "/r.html"});
    if (!OPSCOPE_CLI_RENDERS) { // a build without the GUI has no report renderer: it says so, exit 3
        CHECK(report.exitCode == 3);
        return;
    }
    REQUIRE(report.exitCode == 0);
    std::ifstream in(dir + "/r.html");
    const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(html.find("<section id=\"trends\"") != std::string::npos);
    CHECK(html.find("<code>busy_ns</code>") != std::string::npos);
    CHECK(html.find("<code>op.total_ns</code>") != std::string::npos);
    CHECK(runCli({"report", bundledSample(), "--history", dir + "/missing.sqlite", "-o", dir + "/x.html"}).exitCode == 2);
}
