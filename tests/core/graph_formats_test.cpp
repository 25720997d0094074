// Each graph format read from a small fixture: nodes, types, scopes, shapes and edges.
#include "core/importers/graph/graph_formats.h"
#include "tests/core/graph_test_helpers.h"
#include "tests/shared_samples.h"

#include <algorithm>

using namespace opscope;
using opscope::test::graphFixture;

namespace {

GraphModel read(const std::string& name) {
    GraphModel model;
    Error error;
    bool ok = readGraphFile(graphFixture(name), &model, &error);
    INFO(describe(error));
    REQUIRE(ok);
    return model;
}

const GraphNodeInput* node(const GraphModel& m, const std::string& name) {
    for (const auto& n : m.nodes)
        if (n.name == name) return &n;
    return nullptr;
}

bool hasEdge(const GraphModel& m, const std::string& from, const std::string& to, const std::string& kind) {
    return std::any_of(m.edges.begin(), m.edges.end(), [&](const GraphEdgeInput& e) {
        return m.nodes[e.src].name == from && m.nodes[e.dst].name == to && e.kind == kind;
    });
}

} // namespace

TEST_CASE("opscope graph JSON: nodes, scopes, tensor edges and listed edges", "[graph][format]") {
    GraphModel m = read("mini.graph.json");
    CHECK(m.format == "opscope-graph");
    CHECK(m.name == "mini model");
    REQUIRE(m.nodes.size() == 6);
    const GraphNodeInput* relu = node(m, "layer1/relu");
    REQUIRE(relu);
    CHECK(relu->type == "Relu");
    CHECK(relu->scope == "layer1");
    CHECK(relu->outputShapesJson == "[[1,16,32,32]]");
    CHECK(node(m, "conv1")->attrsJson == R"({"kernel":[3,3],"stride":1})");
    CHECK(node(m, "layer2/PartitionedCall_Conv_52")->aliases == std::vector<std::string>{"Conv_52"});
    CHECK(hasEdge(m, "input", "conv1", "data"));
    CHECK(hasEdge(m, "conv1", "layer1/relu", "data"));
    CHECK(hasEdge(m, "input", "layer2/PartitionedCall_Conv_52", "ctrl"));
    auto e = std::find_if(m.edges.begin(), m.edges.end(), [&](const GraphEdgeInput& x) { return x.tensor == "c1"; });
    REQUIRE(e != m.edges.end());
    CHECK(e->shape == "[1,16,32,32]");
    CHECK(m.edges.size() == 6);
}

TEST_CASE("CANN offline-model JSON: ops, node:index inputs, control inputs, constants left out", "[graph][format]") {
    GraphModel m = read("mini.om.json");
    CHECK(m.format == "cann-om");
    CHECK(m.nodes.size() == 6);
    CHECK(m.skippedNodes == 1); // the Const weight
    CHECK(node(m, "weight") == nullptr);
    CHECK(hasEdge(m, "input", "conv1", "data"));
    CHECK(hasEdge(m, "conv1", "trans_TransData_2", "ctrl"));
    CHECK(hasEdge(m, "trans_TransData_2", "PartitionedCall_Conv_52_Conv2D_12", "data"));
    CHECK(m.edges.size() == 6);
    const GraphNodeInput* conv = node(m, "conv1");
    CHECK(conv->type == "Conv2D");
    CHECK(conv->inputShapesJson == "[[1,3,32,32],[16,3,3,3]]");
    CHECK(conv->attrsJson.find(R"("tvm_blockdim":2)") != std::string::npos);
    CHECK(node(m, "PartitionedCall_Conv_52_Conv2D_12")->aliases == std::vector<std::string>{"Conv_52"});
    auto e = std::find_if(m.edges.begin(), m.edges.end(), [&](const GraphEdgeInput& x) { return x.tensor == "conv1:0"; });
    REQUIRE(e != m.edges.end());
    CHECK(e->shape == "[1,16,32,32]");
}

TEST_CASE("PyTorch ET schema 1.0.1: parent tree, tensor-id data edges, rf_id", "[graph][format]") {
    GraphModel m = read("et_v101.json");
    CHECK(m.format == "pytorch-et");
    CHECK(m.skippedNodes == 2); // process and thread roots
    REQUIRE(m.nodes.size() == 6);
    CHECK(m.nodes[0].name == "[param|step]");
    CHECK(m.nodes[0].type == "user_annotation");
    CHECK(m.nodes[1].name == "aten::mm");
    CHECK(m.nodes[1].type == "aten::mm");
    CHECK(m.nodes[1].scope == "[param|step]");
    CHECK(m.nodes[1].recordFunctionId == 2);
    CHECK(m.nodes[1].inputShapesJson == "[[8,8],[8,8]]");
    CHECK(hasEdge(m, "[param|step]", "aten::mm", "ctrl"));
    CHECK(hasEdge(m, "aten::mm", "aten::relu", "data"));
    CHECK(hasEdge(m, "aten::sum", "aten::add", "data"));
    CHECK(hasEdge(m, "aten::mm", "aten::add", "data")); // tensor 14 is read again by add
}

TEST_CASE("PyTorch ET schema 1.0.3-chakra: ctrl_deps, inputs as {values, shapes, types}, attrs list", "[graph][format]") {
    GraphModel m = read("et_chakra.json");
    CHECK(m.format == "pytorch-et");
    REQUIRE(m.nodes.size() == 4);
    const GraphNodeInput* linear = node(m, "aten::linear");
    REQUIRE(linear);
    CHECK(linear->recordFunctionId == 8);
    CHECK(linear->scope == "ProfilerStep#1");
    CHECK(linear->inputShapesJson == "[[8,8]]");
    CHECK_FALSE(m.nodes[2].recordFunctionId.has_value()); // rf_id 0: none
    CHECK(hasEdge(m, "ProfilerStep#1", "aten::relu", "ctrl"));
    CHECK(hasEdge(m, "aten::linear", "aten::relu", "data"));
    CHECK(std::count_if(m.edges.begin(), m.edges.end(), [](const GraphEdgeInput& e) { return e.kind == "data"; }) == 2);
}

TEST_CASE("The real ET and OM samples parse when shared/ is present", "[graph][format][shared]") {
    const std::string et = test::sharedPathOrSkip("samples/kineto/benchmark_simple_add_et.json.gz");
    const std::string om = test::sharedPathOrSkip("samples/graphs/test.om.json");
    GraphModel m;
    Error error;
    REQUIRE(readGraphFile(et, &m, &error));
    CHECK(m.nodes.size() == 36);
    REQUIRE(readGraphFile(om, &m, &error));
    CHECK(m.format == "cann-om");
    CHECK(m.nodes.size() == 85);
    CHECK(node(m, "trans_Cast_10trans_TransData_8") != nullptr);
}
