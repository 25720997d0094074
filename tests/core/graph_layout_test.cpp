// Graphviz dot layout, its cache in the store, and the per-node measures and executions.
#include "core/analysis/graph/graph_layout.h"
#include "core/analysis/graph/graph_measures.h"
#include "tests/core/graph_test_helpers.h"

#include <cmath>

using namespace opscope;

TEST_CASE("dot lays out a chain left to right and top down", "[graph][layout]") {
    std::vector<LayoutNodeSize> nodes(3, LayoutNodeSize{100, 40});
    std::vector<LayoutEdgeEnds> edges{{0, 1}, {1, 2}};
    GraphLayout lr, tb;
    Error error;
    REQUIRE(computeGraphLayout(nodes, edges, LayoutDirection::LeftRight, &lr, &error));
    REQUIRE(computeGraphLayout(nodes, edges, LayoutDirection::TopDown, &tb, &error));
    CHECK(lr.nodes[0].x < lr.nodes[1].x);
    CHECK(lr.nodes[1].x < lr.nodes[2].x);
    CHECK(lr.nodes[0].y == Approx(lr.nodes[2].y));
    CHECK(tb.nodes[0].y < tb.nodes[1].y); // y grows downwards
    CHECK(lr.nodes[0].width == Approx(100));
    CHECK(lr.nodes[0].height == Approx(40));
    REQUIRE(lr.edges[0].size() >= 4);
    CHECK(lr.edges[0].size() % 3 == 2); // Bézier points plus the arrow tip
    CHECK(lr.edges[0].back().x == Approx(lr.nodes[1].x - 50).margin(1.0)); // the tip touches the target
    CHECK(lr.widthPt > 300);
}

TEST_CASE("Edge routes survive the text encoding", "[graph][layout]") {
    std::vector<LayoutPoint> pts{{1.5, 2}, {-3.25, 400.1}};
    std::vector<LayoutPoint> back = decodePoints(encodePoints(pts));
    REQUIRE(back.size() == 2);
    CHECK(back[1].x == Approx(-3.2).margin(0.06));
    CHECK(back[1].y == Approx(400.1));
}

TEST_CASE("The layout is cached in the store and reloaded", "[graph][layout]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    test::importFixtureGraph(store, "mini.graph.json");
    Database db(store, Database::Mode::ReadWrite);
    StoredGraph g;
    Error error;
    REQUIRE(loadStoredGraph(db, storeGraphId(db), &g, &error));
    CHECK_FALSE(g.layoutDone);
    REQUIRE(g.nodes.size() == 6);
    REQUIRE(layoutStoredGraph(db, LayoutDirection::TopDown, &g, &error));
    StoredGraph again;
    REQUIRE(loadStoredGraph(db, g.id, &again, &error));
    CHECK(again.layoutDone);
    CHECK(again.direction == LayoutDirection::TopDown);
    CHECK(again.nodes[1].box.x == Approx(g.nodes[1].box.x));
    CHECK(again.nodes[1].box.width > 80);
    CHECK(again.edges.size() == 6);
    CHECK_FALSE(again.edges[0].points.empty());
    CHECK(again.nodes[1].executions == 2);
    CHECK(again.nodes[0].executions == 0);
    CHECK(db.scalarInt("SELECT count(*) FROM graph_node WHERE x IS NULL") == 0);
}

TEST_CASE("Measures: time share, mean duration, bubble before, metric means", "[graph][measures]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    test::importFixtureGraph(store, "mini.graph.json");
    Database db(store, Database::Mode::ReadWrite);
    // Two PMU values on conv1's executions.
    db.exec("INSERT INTO metric_key(id, name, unit, group_name) VALUES(1, 'aic_mac_ratio', '', 'AI Core PMU')");
    db.exec("INSERT INTO slice_metric SELECT g.slice_id, 1, 0.25 + 0.5 * (s.ts > 1500000), NULL FROM graph_node_slice g "
            "JOIN graph_node n ON n.id = g.node_id JOIN slice s ON s.id = g.slice_id WHERE n.name = 'conv1'");
    StoredGraph g;
    Error error;
    REQUIRE(loadStoredGraph(db, storeGraphId(db), &g, &error));
    GraphMeasures m;
    REQUIRE(computeGraphMeasures(db, g, &m, &error));
    REQUIRE(m.columns.size() == 5);
    CHECK(m.columns[4].name == "aic_mac_ratio");
    std::size_t conv = 1;
    REQUIRE(g.nodes[conv].name == "conv1");
    CHECK(m.executions[conv] == 2);
    CHECK(m.totalNs[conv] == 205000);
    CHECK(m.values[1][conv] == Approx(102500));                 // mean duration
    CHECK(m.values[2][conv] == Approx(10000));                  // 10 µs idle after input_copy
    CHECK(m.values[4][conv] == Approx(0.5));                    // mean ratio
    CHECK(std::isnan(m.values[0][0]));                          // input: no executions
    // Fused slices count for both of their nodes.
    CHECK(m.joinedTotalNs == 2 * 205000 / 2 + 80000 + 60000 + 60000 + 120000);
    double shares = 0;
    for (double s : m.values[0]) shares += std::isnan(s) ? 0 : s;
    CHECK(shares == Approx(1.0));
}

TEST_CASE("Executions of a node with metrics and device counters in their windows", "[graph][measures]") {
    test::TempDir dir;
    const std::string store = test::importGraphTrace(dir, "npu_trace.json");
    test::importFixtureGraph(store, "mini.graph.json");
    Database db = test::openReadOnly(store);
    const std::int64_t conv = db.scalarInt("SELECT id FROM graph_node WHERE name = 'conv1'");
    NodeExecutionData data;
    Error error;
    REQUIRE(loadNodeExecutions(db, {conv}, {}, &data, &error));
    REQUIRE(data.executions.size() == 2);
    CHECK(data.executions[0].durNs == 100000);
    CHECK(data.executions[1].durNs == 105000);
    REQUIRE(data.counters.size() == 1);
    const CounterWindowSeries& freq = data.counters[0];
    CHECK(freq.name.find("AI Core Freq") != std::string::npos);
    REQUIRE(freq.windowBegin.size() == 2);
    // Window 1 starts at 1020 µs under 1800 MHz and sees the 1500 MHz sample at 1060 µs.
    CHECK(freq.values[0] == Approx(1800));
    CHECK(freq.tsNs[1] == 1060000);
    CHECK(freq.values[1] == Approx(1500));
    std::vector<std::pair<std::int64_t, std::int64_t>> map;
    REQUIRE(loadSliceNodeMap(db, storeGraphId(db), &map, &error));
    CHECK(map.size() == 10); // a fused task maps to both of its nodes
}
