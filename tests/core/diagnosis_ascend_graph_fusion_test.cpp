// The rule ascend_graph_fusion on a store with a GE graph and compute tasks: what is matched, what is
// summed, the threshold on both sides, and missing input.
#include "analysis_fixture.h"

#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/fusion_patterns.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/importers/graph/graph_import.h"

#include "fusion_test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

const char* kChain = "GraphFusion:\n  - P:\n      struct: [conv2d, BiasAdd]\n";

} // namespace

namespace {

const char* kGraph = R"(graph {
  name: "g"
  op { name: "x" type: "Data" }
  op { name: "conv1" type: "Conv2D" input: "x:0" }
  op { name: "bias1" type: "BiasAdd" input: "conv1:0" }
  op { name: "relu1" type: "Relu" input: "bias1:0" }
  op { name: "conv2" type: "Conv2D" input: "relu1:0" }
  op { name: "bias2" type: "BiasAdd" input: "conv2:0" input: "x:-1" }
}
)";

// Compute tasks: conv1 twice, bias1 once, conv2 once, bias2 once with another type (not its node's).
Database& taskStore(AnalysisStore& s) {
    TrackId t = s.computeTrack(0, "Stream 2");
    s.slice(t, 0, 10'000, "conv1", {}, "Conv2D");
    s.slice(t, 20'000, 10'000, "conv1", {}, "CONV2D");
    s.slice(t, 40'000, 5'000, "bias1", {}, "BiasAdd");
    s.slice(t, 50'000, 7'000, "conv2");                 // no type: taken by its name
    s.slice(t, 60'000, 3'000, "bias2", {}, "Add");      // another type: not this node's execution
    s.slice(t, 70'000, 100'000, "other", {}, "MatMul");
    return s.finish();
}

Finding graphFusion(AnalysisStore& s, const char* yaml, const std::string& params = {}, bool withGraph = true) {
    if (withGraph) {
        TempDir dir;
        GraphImportReport report;
        Error error;
        const bool ok = importGraphFile(s.path(), dir.write("ge_proto_1_Build.txt", kGraph), &report, &error);
        INFO(describe(error));
        REQUIRE(ok);
    }
    DiagnosisOptions options;
    Error error;
    if (yaml) options.fusionPatterns = std::make_shared<FusionPatternSet>(test::fusionPatterns(yaml));
    if (!params.empty())
        REQUIRE(mergeRulesConfig(R"({"rules":[{"id":"ascend_graph_fusion","params":)" + params + "}]}", &options.rules, &error));
    DiagnosisReport report;
    REQUIRE(runDiagnosis(s.db(), options, &report, &error));
    for (const Finding& f : report.findings)
        if (f.ruleId == "ascend_graph_fusion") return f;
    FAIL("no finding ascend_graph_fusion");
    return {};
}

} // namespace

TEST_CASE("ascend_graph_fusion: matches timed from the tasks of their op name and type", "[fusion][diagnosis]") {
    AnalysisStore s;
    taskStore(s);
    Finding f = graphFusion(s, kChain);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 2);
    CHECK(f.unit == "matches");
    // conv1 20 us + bias1 5 us + conv2 7 us; bias2's only task has another type.
    CHECK(f.timeAtStakeNs == 32'000);
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "P: conv2d + BiasAdd");
    CHECK(f.operators[0].value == 2);
    CHECK(f.operators[0].count == 4); // tasks: conv1 twice, bias1, conv2
    CHECK(f.operators[0].totalNs == 32'000);
    CHECK(f.operators[0].sliceIds.size() == 3); // the longest match's tasks: conv1 twice, bias1
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].startNs == 0);
    CHECK(f.ranges[0].endNs == 45'000);
    CHECK(f.ranges[0].label == "P (conv1, bias1)");
    CHECK(f.detail.find("1 without a task of their name and type") != std::string::npos);
}

TEST_CASE("ascend_graph_fusion: fires above its threshold of matches, exactly", "[fusion][diagnosis]") {
    AnalysisStore at;
    taskStore(at);
    CHECK(graphFusion(at, kChain, R"({"threshold": 2})").status == FindingStatus::Passed);
    AnalysisStore below;
    taskStore(below);
    CHECK(graphFusion(below, kChain, R"({"threshold": 1})").status == FindingStatus::Fired);
    AnalysisStore none;
    taskStore(none);
    Finding passed = graphFusion(none, "GraphFusion:\n  - Q:\n      struct: [Relu, Relu]\n");
    CHECK(passed.status == FindingStatus::Passed);
    CHECK(passed.measured == 0);
}

TEST_CASE("ascend_graph_fusion: without patterns or a graph, says what to collect", "[fusion][diagnosis]") {
    AnalysisStore noPatterns;
    taskStore(noPatterns);
    Finding f = graphFusion(noPatterns, nullptr);
    CHECK(f.status == FindingStatus::MissingInput);
    CHECK(f.detail == "no fusion pattern file given");
    CHECK(f.needs.en.find("--fusion-patterns") != std::string::npos);
    CHECK(f.needs.en.find("ge_proto_") != std::string::npos);
    AnalysisStore noGraph;
    taskStore(noGraph);
    Finding g = graphFusion(noGraph, kChain, {}, false);
    CHECK(g.status == FindingStatus::MissingInput);
    CHECK(g.detail == "the store holds no graph");
}
