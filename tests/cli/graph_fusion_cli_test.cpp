// opscope-cli diagnose --fusion-patterns as the real binary: a GE graph dump imported into a trace's
// store, a pattern file, the rule ascend_graph_fusion in --json; a bad pattern file is an error naming
// the file and the line, with exit code 2.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace opscope::test;

namespace {

// Ops named as the compute tasks of tests/data/graphs/npu_trace.json: two steps, conv1 100 and 105 us,
// Conv_52 60 us each (the host thread's conv1 is not a compute task).
const char* kGraph = R"(graph {
  name: "g"
  op { name: "input_copy" type: "Identity" }
  op { name: "conv1" type: "Conv2D" input: "input_copy:0" }
  op { name: "Conv_52" type: "BiasAdd" input: "conv1:0" }
}
)";

const char* kPatterns = "GraphFusion:\n  - ConvBiasPass:\n      struct: [Conv2D, BiasAdd]\n";

std::string write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

nlohmann::json graphFusionFinding(const std::string& out) {
    const nlohmann::json report = nlohmann::json::parse(out);
    for (const auto& f : report["findings"])
        if (f["rule_id"] == "ascend_graph_fusion") return f;
    FAIL("no ascend_graph_fusion finding");
    return {};
}

} // namespace

TEST_CASE("cli: diagnose --fusion-patterns finds a pattern in an imported GE dump", "[cli][fusion]") {
    const std::string dir = cliTempDir();
    const std::string store = dir + "/npu.opscope.sqlite";
    REQUIRE(runCli({"import", std::string(OPSCOPE_TEST_DATA) + "/graphs/npu_trace.json", "-o", store, "--quiet"}).exitCode == 0);
    const std::string graph = write(dir + "/ge_proto_00000001_graph_1_Build.txt", kGraph);
    CliResult imported = runCli({"graph", "import", store, graph});
    INFO(imported.err);
    REQUIRE(imported.exitCode == 0);
    CHECK(imported.out.find("(ge-proto)") != std::string::npos);

    const std::string patterns = write(dir + "/op_fusion_pass.yaml", kPatterns);
    CliResult r = runCli({"diagnose", store, "--fusion-patterns", patterns, "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json f = graphFusionFinding(r.out);
    CHECK(f["status"] == "fired");
    CHECK(f["measured"] == 1);
    CHECK(f["unit"] == "matches");
    CHECK(f["time_at_stake_ns"] == 325'000);
    REQUIRE(f["evidence"]["operators"].size() == 1);
    CHECK(f["evidence"]["operators"][0]["name"] == "ConvBiasPass: Conv2D + BiasAdd");
    CHECK(f["evidence"]["operators"][0]["slice_ids"].size() == 4);
    CHECK(f["evidence"]["operators"][0]["count"] == 4); // its tasks; value: its matches
    CHECK(f["evidence"]["operators"][0]["value"] == 1);

    // Text output names the rule too.
    CliResult text = runCli({"diagnose", store, "--fusion-patterns", patterns});
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("ascend_graph_fusion") != std::string::npos);

    // Without the pattern file the rule says what it needs.
    CliResult without = runCli({"diagnose", store, "--json"});
    REQUIRE(without.exitCode == 0);
    const nlohmann::json m = graphFusionFinding(without.out);
    CHECK(m["status"] == "missing_input");
    CHECK(m["detail"] == "no fusion pattern file given");
    CHECK(m["needs"]["en"].get<std::string>().find("--fusion-patterns") != std::string::npos);
}

TEST_CASE("cli: a bad fusion pattern file is an error naming the file and the line", "[cli][fusion]") {
    const std::string dir = cliTempDir();
    const std::string store = dir + "/npu.opscope.sqlite";
    REQUIRE(runCli({"import", std::string(OPSCOPE_TEST_DATA) + "/graphs/npu_trace.json", "-o", store, "--quiet"}).exitCode == 0);
    const std::string bad = write(dir + "/bad.yaml", "GraphFusion:\n  - P:\n      struct: [Conv2D, BiasAdd\n");
    CliResult r = runCli({"diagnose", store, "--fusion-patterns", bad, "--json"});
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find(bad + ":3:") != std::string::npos);
    CHECK(r.err.find("text-syntax") != std::string::npos);

    const std::string layout = write(dir + "/layout.yaml", "GraphFusion:\n  - P:\n      version: 7\n");
    CliResult l = runCli({"diagnose", store, "--fusion-patterns", layout});
    CHECK(l.exitCode == 2);
    CHECK(l.err.find(layout + ":3") != std::string::npos);
    CHECK(l.err.find("version 0 or 1") != std::string::npos);

    CliResult missing = runCli({"diagnose", store, "--fusion-patterns", dir + "/none.yaml"});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.find("none.yaml") != std::string::npos);
}

TEST_CASE("cli: report --fusion-patterns shows the graph fusion finding that diagnose shows", "[cli][fusion][report]") {
    if (!OPSCOPE_CLI_RENDERS) return; // the report command is absent from a GUI-less build
    const std::string dir = cliTempDir();
    const std::string store = dir + "/npu.opscope.sqlite";
    REQUIRE(runCli({"import", std::string(OPSCOPE_TEST_DATA) + "/graphs/npu_trace.json", "-o", store, "--quiet"}).exitCode == 0);
    const std::string graph = write(dir + "/ge_proto_00000001_graph_1_Build.txt", kGraph);
    const std::string patterns = write(dir + "/op_fusion_pass.yaml", kPatterns);
    const std::string html = dir + "/fusion-report.html";
    auto readHtml = [&] {
        std::ifstream in(html);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    const std::string fired = "ConvBiasPass: Conv2D + BiasAdd";
    CliResult plain = runCli({"report", store, "--graph", graph, "-o", html, "--lang", "en"});
    INFO(plain.err);
    REQUIRE(plain.exitCode == 0);
    CHECK(readHtml().find(fired) == std::string::npos); // without the file: the rule needs it

    CliResult r = runCli({"report", store, "--fusion-patterns", patterns, "-o", html, "--lang", "en"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    CHECK(readHtml().find(fired) != std::string::npos);

    const std::string bad = write(dir + "/bad.yaml", "GraphFusion:\n  - P:\n      struct: [Conv2D, BiasAdd\n");
    CliResult b = runCli({"report", store, "--fusion-patterns", bad, "-o", dir + "/bad.html"});
    CHECK(b.exitCode == 2);
    CHECK(b.err.find(bad + ":3:") != std::string::npos);

    // --rules and --device as diagnose takes them: a rule switched off is not in the report.
    const std::string starvation = "Compute starvation";
    CHECK(readHtml().find(starvation) != std::string::npos);
    const std::string rules = write(dir + "/rules.json", R"({"rules":[{"id":"compute_starvation","enabled":false}]})");
    CliResult off = runCli({"report", store, "--rules", rules, "--device", "ascend-910b2", "-o", html, "--lang", "en"});
    INFO(off.err);
    REQUIRE(off.exitCode == 0);
    CHECK(readHtml().find(starvation) == std::string::npos);
    CliResult noDevice = runCli({"report", store, "--device", "no-such-chip", "-o", dir + "/x.html"});
    CHECK(noDevice.exitCode == 2);
    CHECK(noDevice.err.find("opscope-cli report: --device: no such file or built-in profile 'no-such-chip'") != std::string::npos);
}
