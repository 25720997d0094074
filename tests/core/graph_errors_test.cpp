// Bad or partial graph files: the error names the file, the byte offset and line, and what was expected.
#include "core/importers/graph/graph_formats.h"
#include "tests/core/graph_test_helpers.h"

using namespace opscope;

namespace {

Error readBad(const test::TempDir& dir, const std::string& name, const std::string& text) {
    GraphModel model;
    Error error;
    CHECK_FALSE(readGraphFile(dir.write(name, text), &model, &error));
    return error;
}

} // namespace

TEST_CASE("A syntax error reports line, column and byte offset", "[graph][errors]") {
    test::TempDir dir;
    const std::string text = "{\"nodes\": [\n  {\"name\": \"a\"},\n  {\"name\": \"b\" \"type\": 1}\n]}";
    Error e = readBad(dir, "g.graph.json", text);
    CHECK(e.code == ErrorCode::JsonSyntax);
    CHECK(e.file == dir.file("g.graph.json"));
    CHECK(e.line == 3);
    const auto typeAt = static_cast<std::int64_t>(text.find("\"type\""));
    CHECK(e.byteOffset >= typeAt);
    CHECK(e.byteOffset <= typeAt + 6);
    CHECK_FALSE(e.expected.empty());
}

TEST_CASE("A file cut short is reported as truncated", "[graph][errors]") {
    test::TempDir dir;
    Error e = readBad(dir, "g.graph.json", "{\"format\": \"opscope-graph\", \"nodes\": [{\"name\": \"a\"");
    CHECK(e.code == ErrorCode::Truncated);
}

TEST_CASE("Not JSON, empty, and unknown JSON are told apart", "[graph][errors]") {
    test::TempDir dir;
    CHECK(readBad(dir, "a.json", "digraph G { a -> b }").code == ErrorCode::NotJson);
    CHECK(readBad(dir, "b.json", "  \n").code == ErrorCode::EmptyFile);
    Error unknown = readBad(dir, "c.json", "{\"traceEvents\": []}");
    CHECK(unknown.code == ErrorCode::UnknownFormat);
    CHECK(unknown.expected.find("CANN") != std::string::npos);
}

TEST_CASE("A node without a name points at that node", "[graph][errors]") {
    test::TempDir dir;
    Error e = readBad(dir, "g.graph.json",
                      "{\"format\": \"opscope-graph\",\n \"nodes\": [\n  {\"name\": \"a\"},\n  {\"type\": \"Relu\"}\n]}");
    CHECK(e.code == ErrorCode::WrongType);
    CHECK(e.line == 4);
    CHECK(e.column == 3);
    CHECK(e.expected.find("\"name\"") != std::string::npos);
    CHECK(e.detail == "at /nodes/1");
    CHECK(describe(e).find("g.graph.json:4:3") != std::string::npos);
}

TEST_CASE("Edges must name existing nodes, node names must be unique", "[graph][errors]") {
    test::TempDir dir;
    Error e = readBad(dir, "g.graph.json",
                      "{\"format\": \"opscope-graph\", \"nodes\": [{\"name\": \"a\"}],\n"
                      " \"edges\": [{\"from\": \"a\", \"to\": \"zz\"}]}");
    CHECK(e.code == ErrorCode::WrongType);
    CHECK(e.line == 2);
    CHECK(e.detail == "at /edges/0/to");
    Error dup = readBad(dir, "h.graph.json", "{\"format\": \"opscope-graph\", \"nodes\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}");
    CHECK(dup.expected.find("duplicate") != std::string::npos);
    CHECK(dup.byteOffset > 40);
}

TEST_CASE("ET nodes need integer ids, gzip files are read", "[graph][errors]") {
    test::TempDir dir;
    Error e = readBad(dir, "et.json", "{\"schema\": \"1.0.1\", \"pid\": 1, \"nodes\": [{\"name\": \"x\", \"id\": \"7\"}]}");
    CHECK(e.code == ErrorCode::WrongType);
    CHECK(e.detail == "at /nodes/0/id");
    GraphModel model;
    Error error;
    std::string gz = dir.writeGzip("g.graph.json.gz", "{\"format\": \"opscope-graph\", \"nodes\": [{\"name\": \"a\"}]}");
    REQUIRE(readGraphFile(gz, &model, &error));
    CHECK(model.nodes.size() == 1);
}

TEST_CASE("JSON pointers locate values in the text", "[graph][errors]") {
    const std::string text = R"({"a": {"b": [10, {"c": "x"}]}, "d\"e": 2})";
    CHECK(locateJsonPointer(text, "/a/b/1/c") == static_cast<std::int64_t>(text.find("\"x\"")));
    CHECK(locateJsonPointer(text, "/a/b/0") == static_cast<std::int64_t>(text.find("10")));
    CHECK(locateJsonPointer(text, "/d\"e") == static_cast<std::int64_t>(text.find("2}")));
    CHECK(locateJsonPointer(text, "/a/missing") == static_cast<std::int64_t>(text.find("{\"b\"")));
}
