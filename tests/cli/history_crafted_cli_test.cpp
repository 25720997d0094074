// opscope-cli history on history files opscope did not write (the history_db fuzz corpus: damaged,
// foreign, crafted): every command ends with exit 0 or 2 and a message, never an abort or exit 3; JSON
// output stays valid UTF-8; a run holding a value no history keeps is refused with exit 2.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

using namespace opscope::test;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string corpusFile(const std::string& name) {
    return std::string(OPSCOPE_SOURCE_DIR) + "/tests/fuzz/corpus/history_db/" + name;
}

// A scratch copy: `check --add` and `mark` write into the history they are given.
std::string copyOf(const std::string& name) {
    const std::string path = cliTempDir() + "/" + name;
    fs::copy_file(corpusFile(name), path, fs::copy_options::overwrite_existing);
    return path;
}

} // namespace

TEST_CASE("cli history crafted: every corpus history ends with exit 0 or 2, never an abort", "[cli][history][hardening]") {
    for (const auto& entry : fs::directory_iterator(std::string(OPSCOPE_SOURCE_DIR) + "/tests/fuzz/corpus/history_db")) {
        const std::string name = entry.path().filename().string();
        CAPTURE(name);
        const std::string db = copyOf(name);
        const CliResult list = runCli({"history", "list", "--db", db, "--json"});
        CHECK((list.exitCode == 0 || list.exitCode == 2));
        if (list.exitCode == 0) CHECK_NOTHROW(json::parse(list.out).dump());
        const CliResult metrics = runCli({"history", "metrics", "--db", db});
        CHECK((metrics.exitCode == 0 || metrics.exitCode == 2));
        const CliResult trend = runCli({"history", "trend", "--db", db, "busy_ns", "--json"});
        CHECK((trend.exitCode == 0 || trend.exitCode == 2));
        if (trend.exitCode == 0) CHECK_NOTHROW(json::parse(trend.out).dump());
        if (trend.exitCode == 2) CHECK(trend.err.find(db) != std::string::npos);
        const CliResult check = runCli({"history", "check", bundledSample(), "--db", db, "--json", "--add"});
        CHECK((check.exitCode == 0 || check.exitCode == 1 || check.exitCode == 2));
        if (check.exitCode != 2) CHECK_NOTHROW(json::parse(check.out.substr(0, check.out.find("\nrun "))).dump());
    }
}

TEST_CASE("cli history crafted: invalid UTF-8 labels list as U+FFFD in valid JSON", "[cli][history][hardening]") {
    const CliResult list = runCli({"history", "list", "--db", copyOf("s5_invalid_utf8_texts.sqlite"), "--json"});
    REQUIRE(list.exitCode == 0);
    const json runs = json::parse(list.out)["runs"];
    REQUIRE(runs.size() == 12);
    CHECK(runs[1]["label"] == "b\xEF\xBF\xBD\xEF\xBF\xBD");
    CHECK(runs[1]["host"] == "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("cli history crafted: a stored infinite value is an error naming the run", "[cli][history][hardening]") {
    const std::string db = copyOf("s5_value_inf.sqlite");
    const CliResult trend = runCli({"history", "trend", "--db", db, "busy_ns"});
    CHECK(trend.exitCode == 2);
    CHECK(trend.err.find("busy_ns") != std::string::npos);
    CHECK(trend.err.find("run 5 holds another value") != std::string::npos);
}

TEST_CASE("cli history crafted: a baseline with a value beyond 2^63 is refused with exit 2", "[cli][history][hardening]") {
    const std::string dir = cliTempDir();
    const std::string base = dir + "/huge.json";
    std::ofstream(base) << json{{"format", "opscope-baseline"}, {"version", 1}, {"source", "x"}, {"busy_ns", 5},
                                {"findings", json::array({{{"rule", "r"}, {"title", "t"}, {"measured", 1e300}}})}}
                               .dump();
    const std::string db = dir + "/h.sqlite";
    const CliResult add = runCli({"history", "import-baselines", "--db", db, base});
    CHECK(add.exitCode == 2);
    CHECK(add.err.find("finding.measured [r]") != std::string::npos);
    const CliResult list = runCli({"history", "list", "--db", db, "--json"});
    REQUIRE(list.exitCode == 0);
    CHECK(json::parse(list.out)["runs"].empty());
}

TEST_CASE("fuzz corpus: the store and history seeds are files of the current version", "[cli][hardening]") {
    // A schema bump makes these seeds foreign files, refused before any reader runs: the fuzzing of the
    // store and history readers would then explore only the refusal. Rewrite them with make_corpus.py.
    fs::path store = cliTempDir() + "/seed.opscope.sqlite";
    fs::copy_file(std::string(OPSCOPE_SOURCE_DIR) + "/tests/fuzz/corpus/store_open/seed_store.sqlite", store,
                  fs::copy_options::overwrite_existing);
    const CliResult info = runCli({"info", store.string()});
    CHECK(info.exitCode == 0);
    CHECK(info.err.empty());
    for (const char* seed : {"seed_history.sqlite", "seed_history_drift.sqlite"}) {
        const CliResult list = runCli({"history", "list", "--db", copyOf(seed), "--json"});
        REQUIRE(list.exitCode == 0);
        CHECK(json::parse(list.out)["runs"].size() == 12);
    }
}
