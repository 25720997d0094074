// Joining graph nodes to the trace's executions, one test per rule, and the unjoined executions.
#include "core/session/open_trace.h"
#include "core/analysis/graph/graph_join.h"
#include "core/analysis/graph/graph_join_names.h"
#include "tests/core/graph_test_helpers.h"
#include "tests/shared_samples.h"

using namespace opscope;
using opscope::test::joinOf;

TEST_CASE("opscope graph joins by exact name, scope, original name and fused name", "[graph][join]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    GraphImportReport r = test::importFixtureGraph(store, "mini.graph.json");
    CHECK(r.nodes == 6);
    CHECK(r.joinedNodes == 5);
    CHECK(r.joinRate() == Approx(5.0 / 6.0));
    CHECK(r.unjoinedExecutions == 2); // input_copy twice on the joined stream
    Database db = test::openReadOnly(store);
    // The host slice also called conv1 is left out: device tasks are preferred.
    CHECK(joinOf(db, "conv1") == "exact_name:2");
    CHECK(joinOf(db, "layer1/relu") == "scope:2");
    CHECK(joinOf(db, "layer2/PartitionedCall_Conv_52") == "original_name:2");
    CHECK(joinOf(db, "trans_Cast_1") == "fused_name:2");
    CHECK(joinOf(db, "trans_TransData_2") == "fused_name:2");
    CHECK(joinOf(db, "input").empty());
    CHECK(db.scalarInt("SELECT joined_node_count FROM graph") == 5);
    CHECK(db.scalarInt("SELECT unjoined_exec_count FROM graph") == 2);
    std::vector<UnjoinedName> names;
    Error error;
    REQUIRE(listUnjoinedExecutions(db, storeGraphId(db), 10, &names, &error));
    REQUIRE(names.size() == 1);
    CHECK(names[0].name == "input_copy");
    CHECK(names[0].count == 2);
    CHECK(names[0].totalNs == 20000);
}

TEST_CASE("CANN graph joins its ops to the NPU tasks", "[graph][join]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    GraphImportReport r = test::importFixtureGraph(store, "mini.om.json");
    CHECK(r.joinedNodes == 5);
    Database db = test::openReadOnly(store);
    CHECK(joinOf(db, "conv1") == "exact_name:2");
    CHECK(joinOf(db, "PartitionedCall_Conv_52_Conv2D_12") == "original_name:2");
    CHECK(joinOf(db, "trans_Cast_1") == "fused_name:2");
    CHECK(joinOf(db, "layer1/relu") == "scope:2");
}

TEST_CASE("ET 1.0.1 joins by External id only where names agree", "[graph][join]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "kineto_v101_trace.json");
    GraphImportReport r = test::importFixtureGraph(store, "et_v101.json");
    CHECK(r.nodes == 6);
    CHECK(r.joinedNodes == 4);
    Database db = test::openReadOnly(store);
    CHECK(joinOf(db, "aten::mm") == "external_id:1");
    CHECK(joinOf(db, "aten::relu") == "external_id:2"); // two nodes, one slice each
    CHECK(joinOf(db, "[param|step]") == "external_id:1");
    CHECK(joinOf(db, "aten::sum").empty());  // its id 6 belongs to aten::mean in the trace
    CHECK(r.unjoinedExecutions == 1);         // aten::mean; cuda_runtime is not an operator category
    // Each relu node got the slice with its own id, in order.
    CHECK(db.scalarInt("SELECT count(DISTINCT g.node_id) FROM graph_node_slice g JOIN graph_node n ON n.id = g.node_id "
                       "WHERE n.name = 'aten::relu'") == 2);
}

TEST_CASE("ET chakra joins by Record function id, then repeated names in order", "[graph][join]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "kineto_chakra_trace.json");
    GraphImportReport r = test::importFixtureGraph(store, "et_chakra.json");
    CHECK(r.joinedNodes == 4);
    Database db = test::openReadOnly(store);
    CHECK(joinOf(db, "ProfilerStep#1") == "record_function_id:1");
    CHECK(joinOf(db, "aten::linear") == "record_function_id:1");
    CHECK(joinOf(db, "aten::relu") == "name_order:2");
    // The first relu node (ET id 5) took the earlier slice.
    CHECK(db.scalarInt("SELECT s.dur FROM graph_node_slice g JOIN graph_node n ON n.id = g.node_id JOIN slice s "
                       "ON s.id = g.slice_id WHERE n.name = 'aten::relu' ORDER BY n.id LIMIT 1") == 50000);
}

TEST_CASE("The real ET joins its Kineto trace when shared/ is present", "[graph][join][shared]") {
    test::sharedPathOrSkip("samples/kineto/benchmark_simple_add_et.json.gz");
    const std::string dirPath = test::sharedDir() + "/samples/kineto/";
    test::TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("k.opscope.sqlite");
    OpenResult open;
    Error error;
    REQUIRE(openTrace({dirPath + "benchmark_simple_add_trace.json.gz"}, options, {}, &open, &error));
    GraphImportReport r;
    REQUIRE(importGraphFile(open.storePath, dirPath + "benchmark_simple_add_et.json.gz", &r, &error));
    CHECK(r.nodes == 36);
    CHECK(r.joinedNodes == 36);
}

TEST_CASE("Fused names split into whole node names, scopes match both ways", "[graph][join]") {
    FusedNameSplitter split({"trans_Cast_10", "trans_TransData_8", "trans_Cast_1", "Mul_1"});
    CHECK(split.split("trans_Cast_10trans_TransData_8") == std::vector<std::uint32_t>{0, 1});
    CHECK(split.split("trans_Cast_1Mul_1") == std::vector<std::uint32_t>{2, 3});
    CHECK(split.split("trans_Cast_10").empty()); // one whole name is an exact match, not a fusion
    CHECK(split.split("trans_Cast_10x").empty());
    ScopeMatcher scopes({"conv", "layer1/relu", "a/x", "b/x"});
    CHECK(scopes.match("net/layer1/relu") == 1);
    CHECK(scopes.match("relu") == 1);
    CHECK(scopes.match("net/conv") == 0);
    CHECK(scopes.match("x") == -1); // ambiguous
    CHECK(scopes.match("other") == -1);
}

TEST_CASE("Importing a second graph replaces the first", "[graph][join]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    test::importFixtureGraph(store, "mini.graph.json");
    test::importFixtureGraph(store, "mini.om.json");
    Database db = test::openReadOnly(store);
    CHECK(db.scalarInt("SELECT count(*) FROM graph") == 1);
    CHECK(db.scalarText("SELECT format FROM graph") == "cann-om");
    CHECK(db.scalarInt("SELECT count(*) FROM graph_node") == 6);
}

TEST_CASE("An original name several nodes claim is ambiguous: it joins none of them and is reported", "[graph][join]") {
    // "Add_9" stands for the generic CANN name many fused nodes list as their original op.
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    const std::string graph = dir.write("generic.graph.json", R"({"format": "opscope-graph", "version": 1, "nodes": [
        {"name": "left/AddN", "type": "AddN", "aliases": ["Add_9"]},
        {"name": "right/AddN", "type": "AddN", "aliases": ["Add_9"]},
        {"name": "only/Conv", "type": "Conv2D", "aliases": ["Conv_52"]}]})");
    GraphImportReport r;
    Error error;
    REQUIRE(importGraphFile(store, graph, &r, &error));
    CHECK(r.joinedNodes == 1);
    REQUIRE(r.ambiguousNames.size() == 1);
    CHECK(r.ambiguousNames[0] == "Add_9");
    Database db = test::openReadOnly(store);
    CHECK(joinOf(db, "left/AddN").empty());
    CHECK(joinOf(db, "right/AddN").empty());
    CHECK(joinOf(db, "only/Conv") == "original_name:2"); // a name one node claims still joins
}
