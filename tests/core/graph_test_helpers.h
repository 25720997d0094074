// Helpers for the graph tests: a fixture trace from tests/data/graphs imported into a temporary store
// (as the GUI and the CLI do, with device classification), then a graph file imported into it.
#pragma once
#include "core/importers/graph/graph_import.h"
#include "core/store/sqlite_db.h"
#include "core/session/open_trace.h"
#include "tests/core/test_support.h"

#include <catch2/catch.hpp>

#include <string>

namespace opscope::test {

inline std::string graphFixture(const std::string& name) { return std::string(OPSCOPE_TEST_DATA) + "/graphs/" + name; }

// Imports tests/data/graphs/<trace> into dir and returns the store's path.
inline std::string importGraphTrace(const TempDir& dir, const std::string& trace) {
    OpenOptions options;
    options.storePath = dir.file(trace + ".opscope.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace({graphFixture(trace)}, options, {}, &result, &error));
    return result.storePath;
}

inline GraphImportReport importFixtureGraph(const std::string& store, const std::string& graph) {
    GraphImportReport report;
    Error error;
    bool ok = importGraphFile(store, graphFixture(graph), &report, &error);
    INFO(describe(error));
    REQUIRE(ok);
    return report;
}

// node name -> "rule:count" of its joined slices, for compact assertions.
inline std::string joinOf(Database& db, const std::string& node) {
    Statement st = db.prepare("SELECT g.rule, count(*) FROM graph_node_slice g JOIN graph_node n ON n.id = g.node_id "
                              "WHERE n.name = ? GROUP BY g.rule");
    st.bind(1, node);
    std::string out;
    while (st.step()) out += (out.empty() ? "" : ",") + st.text(0) + ":" + std::to_string(st.int64(1));
    return out;
}

inline std::int64_t countRows(Database& db, const std::string& sql) { return db.scalarInt(sql, -1); }

} // namespace opscope::test
