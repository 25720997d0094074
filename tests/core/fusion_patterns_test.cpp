// The YAML subset and the fusion pattern file: both strategy versions, alternatives expanded, and
// errors that name the line.
#include "core/analysis/diagnosis/fusion_patterns.h"
#include "core/analysis/diagnosis/yaml_subset.h"

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

const char* kPatterns = R"(# op_fusion_pass.yaml layout
GraphFusion:
  - ConvBiasReluPass:
      version: 0
      struct: [Conv2D, BiasAdd, Relu]
  - MatmulActPass:
      version: "1"
      nodes:
        - mm: MatMul
        - act: [Relu, Gelu]
        - add: Add
      edges:
        - [mm, act]
        - [add, act]
UBFusion:
  - BlockChain:
      struct:
        - Cast
        - 'TransData'   # quoted
  - FlowNodes: {version: 1, nodes: [{a: Mul}, {b: Add}], edges: [[a, b]]}
)";

Error badPatterns(const std::string& text) {
    FusionPatternSet set;
    Error error;
    CHECK_FALSE(parseFusionPatterns(text, "p.yaml", &set, &error));
    CHECK(error.file == "p.yaml");
    return error;
}

} // namespace

TEST_CASE("yaml subset: block and flow collections, scalars and comments", "[fusion][yaml]") {
    YamlDocument doc;
    Error error;
    REQUIRE(parseYamlSubset("---\na: 1 # c\nb:\n- x\n- 'y''s'\nc:\n  d: \"q\\tz\"\n  e: [1, [2, 3], {k: v}]\nf:\n", "t.yaml",
                            &doc, &error));
    const YamlDocument& d = doc;
    REQUIRE(d.at(0).kind == YamlNode::Kind::Mapping);
    CHECK(d.at(d.value(0, "a")).text == "1");
    const std::int32_t b = d.value(0, "b");
    REQUIRE(d.at(b).kind == YamlNode::Kind::Sequence);
    CHECK(d.at(d.children(b)[1]).text == "y's");
    const std::int32_t c = d.value(0, "c");
    CHECK(d.at(d.value(c, "d")).text == "q\tz");
    const std::int32_t e = d.value(c, "e");
    REQUIRE(d.children(e).size() == 3);
    CHECK(d.children(d.children(e)[1]).size() == 2);
    CHECK(d.at(d.value(d.children(e)[2], "k")).text == "v");
    CHECK(d.at(d.value(0, "f")).kind == YamlNode::Kind::Null);
    CHECK(d.at(e).line == 8);
}

TEST_CASE("yaml subset: unsupported or broken input names the line", "[fusion][yaml]") {
    YamlDocument doc;
    Error error;
    CHECK_FALSE(parseYamlSubset("a:\n\t- b\n", "t.yaml", &doc, &error));
    CHECK(error.code == ErrorCode::TextSyntax);
    CHECK(error.line == 2);
    CHECK_FALSE(parseYamlSubset("a: [1, 2\nb: 3\n", "t.yaml", &doc, &error));
    CHECK(error.line == 1);
    CHECK_FALSE(parseYamlSubset("a: &anchor 1\n", "t.yaml", &doc, &error));
    CHECK(error.line == 1);
    CHECK(error.column == 4);
    CHECK_FALSE(parseYamlSubset("a:\n  b: 1\n c: 2\n", "t.yaml", &doc, &error));
    CHECK(error.line == 3);
    CHECK_FALSE(parseYamlSubset("a: 1\n- b\n", "t.yaml", &doc, &error));
    CHECK(error.line == 2);
    CHECK_FALSE(parseYamlSubset("a: \"x\\q\"\n", "t.yaml", &doc, &error));
    CHECK(error.line == 1);
    CHECK_FALSE(parseYamlSubset("a: 1\n---\nb: 2\n", "t.yaml", &doc, &error));
    CHECK(error.line == 2);
    std::string deep = "a: ";
    for (int i = 0; i <= kMaxYamlFlowNesting; ++i) deep += "[";
    CHECK_FALSE(parseYamlSubset(deep, "t.yaml", &doc, &error));
    CHECK(error.expected.find("nested") != std::string::npos);
}

TEST_CASE("yaml subset: deep block nesting needs no recursion", "[fusion][yaml]") {
    std::string text;
    for (int i = 0; i < 2000; ++i) text += std::string(static_cast<std::size_t>(i), ' ') + "k:\n";
    YamlDocument doc;
    Error error;
    REQUIRE(parseYamlSubset(text, "t.yaml", &doc, &error));
    CHECK(doc.nodes.size() == 2001);
}

TEST_CASE("fusion patterns: versions 0 and 1, alternatives expanded in order", "[fusion]") {
    FusionPatternSet set;
    Error error;
    REQUIRE(parseFusionPatterns(kPatterns, "p.yaml", &set, &error));
    CHECK(set.passes == 4);
    REQUIRE(set.patterns.size() == 5);
    const FusionPattern& chain = set.patterns[0];
    CHECK(chain.pass == "ConvBiasReluPass");
    CHECK(chain.section == "GraphFusion");
    CHECK(chain.types == std::vector<std::string>{"Conv2D", "BiasAdd", "Relu"});
    CHECK(chain.edges == std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {1, 2}});
    CHECK(chain.line == 3);
    CHECK(set.patterns[1].pass == "MatmulActPass");
    CHECK(set.patterns[1].types == std::vector<std::string>{"MatMul", "Relu", "Add"});
    CHECK(set.patterns[2].pass == "MatmulActPass#1");
    CHECK(set.patterns[2].types == std::vector<std::string>{"MatMul", "Gelu", "Add"});
    CHECK(set.patterns[2].edges == std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 1}});
    CHECK(set.patterns[3].section == "UBFusion");
    CHECK(set.patterns[3].types == std::vector<std::string>{"Cast", "TransData"});
    CHECK(set.patterns[4].types == std::vector<std::string>{"Mul", "Add"});
}

TEST_CASE("fusion patterns: layout errors name the file and the line", "[fusion]") {
    CHECK(badPatterns("Other: 1\n").expected.find("GraphFusion") != std::string::npos);
    Error e = badPatterns("GraphFusion:\n  - P:\n      version: 2\n      struct: [A]\n");
    CHECK(e.code == ErrorCode::WrongType);
    CHECK(e.line == 3);
    e = badPatterns("GraphFusion:\n  - P:\n      version: 1\n      nodes: [{a: X}, {b: Y}]\n      edges: [[a, c]]\n");
    CHECK(e.line == 5);
    CHECK(e.expected.find("'c'") != std::string::npos);
    e = badPatterns("GraphFusion:\n  - P:\n      version: 1\n      nodes: [{a: X}, {b: Y}]\n");
    CHECK(e.expected.find("connected") != std::string::npos);
    CHECK(e.line == 2);
    e = badPatterns("GraphFusion:\n  - P:\n      struct: []\n");
    CHECK(e.line == 2);
    e = badPatterns("GraphFusion:\n  - P:\n      struct: [A, B\n");
    CHECK(e.code == ErrorCode::TextSyntax);
    CHECK(e.line == 3);
    std::string many = "GraphFusion:\n  - P:\n      version: 1\n      nodes: [";
    for (int i = 0; i < 9; ++i) many += (i ? ", " : "") + std::string("{n") + std::to_string(i) + ": [A, B]}";
    many += "]\n      edges: [";
    for (int i = 0; i < 8; ++i) many += (i ? ", " : "") + std::string("[n") + std::to_string(i) + ", n" + std::to_string(i + 1) + "]";
    many += "]\n";
    CHECK(badPatterns(many).expected.find("combinations") != std::string::npos); // 2^9 = 512 > 256
}

TEST_CASE("fusion patterns: a missing file is an error naming it", "[fusion]") {
    FusionPatternSet set;
    Error error;
    CHECK_FALSE(loadFusionPatternFile("/nonexistent/op_fusion_pass.yaml", &set, &error));
    CHECK(error.code == ErrorCode::FileNotFound);
    CHECK(error.file == "/nonexistent/op_fusion_pass.yaml");
}
