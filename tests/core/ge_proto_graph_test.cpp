// GE protobuf-text graph dumps: the text parser (escapes, lists, errors with offsets, deep nesting) and
// the graph they become (nodes, data and control edges, shapes, attributes).
#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/protobuf_text.h"
#include "tests/core/graph_test_helpers.h"

#include <nlohmann/json.hpp>

using namespace opscope;

namespace {

const char* kDump = R"(name: "model"
version: 1
graph {
  name: "g1"
  op {
    name: "x"
    type: "Data"
    output_desc { shape { dim: 1 dim: 3 } dtype: DT_FLOAT16 layout: "NCHW" }
  }
  op {
    name: "w"
    type: "Const"
    output_desc { shape { dim: 3 } }
  }
  op {
    name: "conv"
    type: "Conv2D"
    input: "x:0"
    input: "w:0"
    input_desc { shape { dim: 1 dim: 3 } }
    output_desc { shape { dim: 1 dim: 8 } }
    attr { key: "strides" value { list { i: 1 i: 2 } } }
    attr { key: "_kernelname" value { s: "te_conv_\"a\"\x41\101" } }
    attr { key: "alpha" value { f: 0.5 } }
    attr { key: "flag" value { b: true } }
  }
  op {
    name: "relu"
    type: "Relu"
    input: "conv:0"
    input: "x:-1"
    output_desc { shape { dim: 1 dim: 8 } }
  }
}
)";

GraphModel readOk(const test::TempDir& dir, const std::string& name, const std::string& text) {
    GraphModel model;
    Error error;
    const bool ok = readGraphFile(dir.write(name, text), &model, &error);
    INFO(describe(error));
    REQUIRE(ok);
    return model;
}

Error parseBad(const std::string& text) {
    TextDocument doc;
    Error error;
    CHECK_FALSE(parseProtobufText(text, "t.txt", &doc, &error));
    return error;
}

} // namespace

TEST_CASE("ge-proto: ops become nodes, inputs data and control edges", "[graph][ge-proto]") {
    test::TempDir dir;
    GraphModel m = readOk(dir, "ge_proto_00000001_graph_1_Build.txt", kDump);
    CHECK(m.format == "ge-proto");
    REQUIRE(m.nodes.size() == 3); // the Const is left out, as for the offline-model JSON
    CHECK(m.skippedNodes == 1);
    CHECK(m.nodes[0].name == "x");
    CHECK(m.nodes[1].name == "conv");
    CHECK(m.nodes[1].type == "Conv2D");
    CHECK(m.nodes[1].inputShapesJson == "[[1,3]]");
    CHECK(m.nodes[1].outputShapesJson == "[[1,8]]");
    const auto attrs = nlohmann::json::parse(m.nodes[1].attrsJson);
    CHECK(attrs["strides"] == nlohmann::json::array({1, 2}));
    CHECK(attrs["_kernelname"] == "te_conv_\"a\"AA");
    CHECK(attrs["alpha"] == 0.5);
    CHECK(attrs["flag"] == true);
    REQUIRE(m.edges.size() == 3);
    CHECK(m.edges[0].src == 0);
    CHECK(m.edges[0].dst == 1);
    CHECK(m.edges[0].kind == "data");
    CHECK(m.edges[0].shape == "[1,3]");
    CHECK(m.edges[1].src == 1);
    CHECK(m.edges[1].dst == 2);
    CHECK(m.edges[1].kind == "data");
    CHECK(m.edges[2].src == 0);
    CHECK(m.edges[2].dst == 2);
    CHECK(m.edges[2].kind == "ctrl");
}

TEST_CASE("ge-proto: a GraphDef on its own, angle brackets, lists and separators", "[graph][ge-proto]") {
    test::TempDir dir;
    GraphModel m = readOk(dir, "g.txt",
                          "# a comment\nname: 'g'; op < name: 'a' type: 'Add' >, op: { name: \"b\" type: \"Mul\" "
                          "input: [\"a:0\", 'a:1'] attr { key: \"l\" value { list: { s: [\"p\", \"q\"] } } } }");
    REQUIRE(m.nodes.size() == 2);
    CHECK(m.name == "g");
    REQUIRE(m.edges.size() == 2);
    CHECK(m.edges[1].tensor == "a:1");
    CHECK(nlohmann::json::parse(m.nodes[1].attrsJson)["l"] == nlohmann::json::array({"p", "q"}));
}

TEST_CASE("protobuf text: string escapes", "[graph][ge-proto]") {
    TextDocument doc;
    Error error;
    REQUIRE(parseProtobufText(R"(s: "a\n\t\\\'\"\?" t: 'x\x4a\x4\101\0' u: "\u00e9\U0001F600" v: "ab" 'cd')", "t.txt", &doc,
                              &error));
    REQUIRE(doc.fields.size() == 4);
    CHECK(doc.fields[0].value == "a\n\t\\'\"?");
    CHECK(doc.fields[1].value == std::string("xJ\x04" "A\0", 5));
    CHECK(doc.fields[2].value == "\xC3\xA9\xF0\x9F\x98\x80");
    CHECK(doc.fields[3].value == "abcd");
    CHECK(doc.fields[3].isString);
}

TEST_CASE("protobuf text: invalid UTF-8 in strings is replaced and counted", "[graph][ge-proto]") {
    TextDocument doc;
    Error error;
    REQUIRE(parseProtobufText("s: \"a\\377b\"", "t.txt", &doc, &error));
    CHECK(doc.fields[0].value == "a\xEF\xBF\xBD" "b");
    CHECK(doc.invalidUtf8Replaced == 1);
}

TEST_CASE("protobuf text: errors name the byte offset, line and what was expected", "[graph][ge-proto]") {
    Error e = parseBad("a: 1\nb: \"x\\q\"");
    CHECK(e.code == ErrorCode::TextSyntax);
    CHECK(e.file == "t.txt");
    CHECK(e.byteOffset == 10);
    CHECK(e.line == 2);
    CHECK(e.column == 6);
    CHECK(e.expected.find("escape") != std::string::npos);

    e = parseBad("op {\n  name: \"a\"\n");
    CHECK(e.code == ErrorCode::Truncated);
    CHECK(e.byteOffset == 17);
    CHECK(e.expected.find("opened at byte 0") != std::string::npos);

    e = parseBad("a: \"open\nb: 1");
    CHECK(e.code == ErrorCode::TextSyntax);
    CHECK(e.byteOffset == 8);

    e = parseBad("a { b: }");
    CHECK(e.byteOffset == 7);
    CHECK(e.expected.find("value") != std::string::npos);

    // Each broken text and the byte where the parser stopped.
    const std::pair<const char*, std::int64_t> cases[] = {
        {"a }", 2}, {"a: [1 2]", 6}, {"a: \"\\u12\"", 4}, {"a: \"\\uD800\"", 4}, {"a: 1 }", 5}, {"@", 0}};
    for (const auto& [text, offset] : cases) {
        INFO(text);
        CHECK(parseBad(text).byteOffset == offset);
    }
}

TEST_CASE("ge-proto: bad values are errors with the field's offset", "[graph][ge-proto]") {
    test::TempDir dir;
    GraphModel model;
    Error error;
    const std::string noName = "graph { op { type: \"Add\" } }";
    CHECK_FALSE(readGraphFile(dir.write("a.txt", noName), &model, &error));
    CHECK(error.code == ErrorCode::WrongType);
    CHECK(error.byteOffset == 8);
    const std::string badDim = "graph { op { name: \"a\" output_desc { shape { dim: 1x } } } }";
    CHECK_FALSE(readGraphFile(dir.write("b.txt", badDim), &model, &error));
    CHECK(error.code == ErrorCode::WrongType);
    CHECK(error.byteOffset == static_cast<std::int64_t>(badDim.find("dim")));
    const std::string hugeDim = "op { name: \"a\" output_desc { shape { dim: 99999999999999999999 } } }";
    CHECK_FALSE(readGraphFile(dir.write("c.txt", hugeDim), &model, &error));
    CHECK(error.code == ErrorCode::WrongType);
    CHECK_FALSE(readGraphFile(dir.write("d.txt", "name: \"only a name\""), &model, &error));
    CHECK(error.code == ErrorCode::UnknownFormat);
    // Not protobuf text either: still "not JSON".
    CHECK_FALSE(readGraphFile(dir.write("e.txt", "digraph G { a -> b }"), &model, &error));
    CHECK(error.code == ErrorCode::NotJson);
}

TEST_CASE("ge-proto: a long attribute string is cut at a character boundary", "[graph][ge-proto]") {
    // 199 ASCII bytes then U+FFFD (3 bytes): the 200-byte cut falls inside the character (fuzzing found
    // the stored JSON could not be written).
    test::TempDir dir;
    const std::string text = std::string(199, 'a') + "\xEF\xBF\xBD" + "tail";
    GraphModel m = readOk(dir, "cut_Build.txt", "op { name: \"a\" attr { key: \"k\" value { s: \"" + text + "\" } } }");
    REQUIRE(m.nodes.size() == 1);
    CHECK(nlohmann::json::parse(m.nodes[0].attrsJson)["k"] == std::string(199, 'a') + "…");
}

TEST_CASE("protobuf text: deep nesting is parsed without recursion, and bounded", "[graph][ge-proto]") {
    // The limit itself, 100,000 levels: a parser recursing per level would overflow its stack here.
    const std::size_t depth = kMaxTextNesting;
    std::string text;
    text.reserve(depth * 4 + 16);
    for (std::size_t i = 0; i < depth; ++i) text += "a{";
    text += "b: 1";
    for (std::size_t i = 0; i < depth; ++i) text += "}";
    TextDocument doc;
    Error error;
    REQUIRE(parseProtobufText(text, "deep.txt", &doc, &error));
    CHECK(doc.fields.size() == depth + 1);
    CHECK(doc.fields.back().value == "1");

    std::string tooDeep;
    for (std::size_t i = 0; i <= kMaxTextNesting; ++i) tooDeep += "a{";
    CHECK_FALSE(parseProtobufText(tooDeep, "deep.txt", &doc, &error));
    CHECK(error.code == ErrorCode::TextSyntax);
    CHECK(error.byteOffset == static_cast<std::int64_t>(2 * kMaxTextNesting));

    // A deep attribute value in a graph dump: only the levels the graph needs are read.
    test::TempDir dir;
    std::string dump = "graph { op { name: \"a\" type: \"T\" attr { key: \"k\" value { g { ";
    for (int i = 0; i < 50000; ++i) dump += "x{";
    for (int i = 0; i < 50000; ++i) dump += "}";
    dump += " } } } } }";
    GraphModel m = readOk(dir, "deep_Build.txt", dump);
    REQUIRE(m.nodes.size() == 1);
    CHECK(nlohmann::json::parse(m.nodes[0].attrsJson)["k"] == "<graph>");
}

TEST_CASE("protobuf text is recognised by its first token", "[graph][ge-proto]") {
    CHECK(looksLikeProtobufText("name: \"x\""));
    CHECK(looksLikeProtobufText("# dump\n\ngraph {"));
    CHECK(looksLikeProtobufText("op<"));
    CHECK_FALSE(looksLikeProtobufText("{\"graph\": []}"));
    CHECK_FALSE(looksLikeProtobufText("digraph G {"));
    CHECK_FALSE(looksLikeProtobufText(""));
}
