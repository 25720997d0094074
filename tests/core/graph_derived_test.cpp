// A graph derived from a trace without a graph file: nodes from device task names, edges from the
// order of tasks on a stream and from flows between streams; and finding graph files beside a trace.
#include "tests/core/graph_test_helpers.h"

#include <set>

using namespace opscope;

namespace {

std::set<std::string> edges(Database& db) {
    std::set<std::string> out;
    Statement st = db.prepare("SELECT e.kind, a.name, b.name FROM graph_edge e JOIN graph_node a ON a.id = e.src_node "
                              "JOIN graph_node b ON b.id = e.dst_node");
    while (st.step()) out.insert(st.text(0) + ":" + st.text(1) + ">" + st.text(2));
    return out;
}

} // namespace

TEST_CASE("Derived graph: order of dependent device tasks and flows between streams", "[graph][derived]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    GraphImportReport r;
    Error error;
    REQUIRE(deriveGraphIntoStore(store, &r, &error));
    CHECK(r.derived);
    CHECK(r.format == "derived");
    CHECK(r.nodes == 6); // the host slice is not a device task
    CHECK(r.joinedNodes == 6);
    CHECK(r.joinedExecutions == 12);
    Database db = test::openReadOnly(store);
    CHECK(db.scalarInt("SELECT derived FROM graph") == 1);
    std::set<std::string> e = edges(db);
    CHECK(e.count("order:input_copy>conv1"));
    CHECK(e.count("order:conv1>net/layer1/relu"));
    CHECK(e.count("order:Conv_52>input_copy")); // the next iteration
    CHECK(e.count("flow:Conv_52>Add_9"));
    CHECK(e.size() == 6);
    CHECK(test::joinOf(db, "conv1") == "derived:2");
}

TEST_CASE("Derived graph without device tracks uses top-level slices", "[graph][derived]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "kineto_v101_trace.json");
    GraphImportReport r;
    Error error;
    REQUIRE(deriveGraphIntoStore(store, &r, &error));
    CHECK(r.nodes == 1); // [param|step] encloses everything else
    CHECK(r.joinedExecutions == 1);
}

TEST_CASE("Graph files are found next to their trace", "[graph][derived]") {
    test::TempDir dir;
    const std::string trace = dir.write("run_trace.json", "{}");
    CHECK(findGraphBeside(trace).empty());
    const std::string et = dir.write("run_et.json.gz", "x");
    CHECK(findGraphBeside(trace) == et);
    const std::string own = dir.write("run.graph.json", "{}");
    CHECK(findGraphBeside(trace) == own); // our own format first
    dir.write("other.om.json", "{}");
    CHECK(findGraphBeside(dir.write("other.json", "{}")) == dir.file("other.om.json"));
    std::filesystem::create_directory(dir.path() / "ascend");
    const std::string inFolder = dir.write("ascend/model.om.json", "{}");
    CHECK(findGraphBeside(dir.file("ascend")) == inFolder);
}
