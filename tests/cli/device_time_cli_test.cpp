// opscope-cli run as the real binary on the words of device time (docs/device-time.md): the profiling
// window's edges named "profiler start" / "profiler stop" in every bubbles table (the summary's columns
// appended), heatmap cells named by the row's class (its last CSV column), waits never a heatmap row, and
// slice --json saying what a wait waits for.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>

using namespace opscope::test;

namespace {

std::string task(const std::string& name, int tsUs, int durUs, const std::string& type, int stream = 2) {
    return R"({"ph":"X","pid":1024,"tid":)" + std::to_string(stream) + R"(,"name":")" + name + R"(","ts":)" +
           std::to_string(tsUs) + R"(,"dur":)" + std::to_string(durUs) + R"(,"args":{"Task Type":")" + type + R"("}},)";
}

std::string windowTrace(bool markers) {
    std::string t = R"([{"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)";
    t += task(markers ? "PROFILING_ENABLE" : "EVENT_RECORD", 0, 1, markers ? "PLACE_HOLDER_SQE" : "EVENT_RECORD_SQE");
    t += task("MatMul", 100, 10, "AI_CORE") + task("Add", 120, 10, "AI_VECTOR_CORE");
    t += task(markers ? "PROFILING_DISABLE" : "EVENT_RECORD", 199, 1, markers ? "PLACE_HOLDER_SQE" : "EVENT_RECORD_SQE");
    t.back() = ']';
    std::string path = cliTempDir() + (markers ? "/window_markers.json" : "/window_plain.json");
    std::ofstream(path) << t;
    return path;
}

// Stream 2: MatMul, an EVENT_WAIT, Add, a second EVENT_WAIT under an HCCL Notify Wait on stream 4, Cast.
std::string waitsTrace() {
    std::string t = R"([{"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)";
    t += task("MatMul", 100, 10, "AI_CORE") + task("EVENT_WAIT", 110, 40, "EVENT_WAIT_SQE") +
         task("Add", 150, 10, "AI_VECTOR_CORE") + task("EVENT_WAIT", 170, 60, "EVENT_WAIT_SQE") +
         task("Cast", 230, 10, "AI_CORE") + task("Notify Wait", 165, 70, "Notify Wait", 4);
    t.back() = ']';
    std::string path = cliTempDir() + "/words_waits.json";
    std::ofstream(path) << t;
    return path;
}

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out;
    std::stringstream in(line);
    for (std::string field; std::getline(in, field, ',');) out.push_back(field);
    if (!line.empty() && line.back() == ',') out.emplace_back();
    return out;
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back(); // CSV rows end in CRLF (RFC 4180)
        out.push_back(line);
    }
    return out;
}

} // namespace

TEST_CASE("cli heatmap: cells are the row's own time, its class in the last column; waits have no row", "[cli][devicetime]") {
    const std::string trace = waitsTrace();
    CliResult r = runCli({"heatmap", trace, "--all-tracks", "--buckets", "4", "--csv"});
    REQUIRE(r.exitCode == 0);
    auto rows = lines(r.out);
    REQUIRE(rows.size() == 5); // header, Notify Wait, MatMul, Add, Cast
    auto header = split(rows[0]);
    REQUIRE(header.size() == 3 + 4 + 1);
    CHECK(header[1] == "total time (us)");
    CHECK(header[3].rfind("time (us) @ +", 0) == 0);
    CHECK(header.back() == "class");
    std::map<std::string, std::string> classOf;
    for (std::size_t i = 1; i < rows.size(); ++i) {
        auto f = split(rows[i]);
        classOf[f[0]] = f.back();
    }
    CHECK(classOf.count("EVENT_WAIT") == 0);
    CHECK(classOf["MatMul"] == "compute");
    CHECK(classOf["Add"] == "compute");
    CHECK(classOf["Notify Wait"] == "communication");
    // "busy" is the old name of the same value.
    CHECK(runCli({"heatmap", trace, "--all-tracks", "--buckets", "4", "--metric", "busy", "--csv"}).out == r.out);
    CliResult text = runCli({"heatmap", trace, "--all-tracks", "--buckets", "4"});
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.rfind("time (us) from ", 0) == 0);
    CHECK(text.out.find("communication") != std::string::npos);
}

TEST_CASE("cli slice: a wait's device class and what it waits for", "[cli][devicetime]") {
    const std::string trace = waitsTrace();
    // Find the two waits' ids through query (the CLI's own read-only SQL).
    CliResult ids = runCli({"query", trace, "SELECT s.id FROM slice s JOIN string n ON n.id = s.name_id "
                                            "WHERE n.value = 'EVENT_WAIT' ORDER BY s.ts"});
    REQUIRE(ids.exitCode == 0);
    auto idRows = lines(ids.out);
    REQUIRE(idRows.size() == 3); // header and two ids
    CliResult first = runCli({"slice", trace, idRows[1], "--json"});
    REQUIRE(first.exitCode == 0);
    nlohmann::json a = nlohmann::json::parse(first.out);
    CHECK(a["device_class"] == "wait");
    CHECK(a["waits_for"] == "event");
    CHECK(a["wait_collective"].is_null());
    nlohmann::json b = nlohmann::json::parse(runCli({"slice", trace, idRows[2], "--json"}).out);
    CHECK(b["waits_for"] == "collective");
    CHECK(b["wait_collective"] == "Notify Wait");
}

TEST_CASE("cli bubbles: the profiler's start and stop gaps have their own cause", "[cli][devicetime]") {
    const std::string trace = windowTrace(true);
    CliResult all = runCli({"bubbles", trace, "--min-us", "0", "--csv", "--table", "all"});
    REQUIRE(all.exitCode == 0);
    auto rows = lines(all.out);
    REQUIRE(rows.size() == 7); // header, 3 device bubbles, 3 track bubbles
    CHECK(rows[1] == "device,0,100.000,0,profiler start,,");
    CHECK(rows[2].find("unknown") != std::string::npos);
    CHECK(rows[3] == "device,130000,70.000,0,profiler stop,,");

    CliResult summary = runCli({"bubbles", trace, "--min-us", "0", "--csv"});
    REQUIRE(summary.exitCode == 0);
    auto table = lines(summary.out);
    REQUIRE(table.size() >= 2);
    // The older columns keep their place; the two causes are appended at the end.
    CHECK(table[0].find("unknown (us),compute (us),compute (%),wait (us),profiler start (us),profiler stop (us)") !=
          std::string::npos);
    CHECK(table[1].find(",10.000,20.000,10.00,0.000,100.000,70.000") != std::string::npos);

    CliResult text = runCli({"bubbles", trace, "--min-us", "0"});
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("100us at 0 ns: profiler start") != std::string::npos); // the GUI's time format
    CHECK(text.out.find("profiler stop") != std::string::npos);
}

TEST_CASE("cli bubbles: without the profiler's markers the edge gaps are not the profiler's", "[cli][devicetime]") {
    CliResult all = runCli({"bubbles", windowTrace(false), "--min-us", "0", "--csv", "--table", "all"});
    REQUIRE(all.exitCode == 0);
    CHECK(all.out.find("profiler") == std::string::npos);
    CHECK(lines(all.out)[1] == "device,0,100.000,0,unknown,,");
}
