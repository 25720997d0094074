// Graph fusion matching: induced, case-blind types, degree, one match per node set, the work bound.
#include "core/analysis/diagnosis/fusion_match.h"

#include "fusion_test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

using Edges = std::vector<std::pair<std::uint32_t, std::uint32_t>>;

std::vector<FusionMatch> find(const std::vector<std::string>& types, const Edges& edges, const std::string& yaml,
                              std::int64_t maxSteps = 1000000, FusionSearchStats* stats = nullptr) {
    return findFusionMatches(FusionHostGraph(types, edges), test::fusionPatterns(yaml), maxSteps, stats);
}

const char* kChain = "GraphFusion:\n  - P:\n      struct: [conv2d, BiasAdd]\n";
const char* kFork = "GraphFusion:\n  - Fork:\n      version: 1\n      nodes: [{a: Mul}, {b: Add}, {c: Add}]\n"
                    "      edges: [[a, b], [a, c]]\n";

} // namespace

TEST_CASE("fusion match: a chain, types compared ignoring case", "[fusion][match]") {
    auto m = find({"Data", "Conv2D", "BiasAdd", "Relu"}, {{0, 1}, {1, 2}, {2, 3}}, kChain);
    REQUIRE(m.size() == 1);
    CHECK(m[0].pattern == 0);
    CHECK(m[0].nodes == std::vector<std::uint32_t>{1, 2});
    // The direction counts: BiasAdd -> Conv2D is not the pattern.
    CHECK(find({"Conv2D", "BiasAdd"}, {{1, 0}}, kChain).empty());
}

TEST_CASE("fusion match: induced, an extra edge between matched nodes rejects the match", "[fusion][match]") {
    CHECK(find({"Conv2D", "BiasAdd"}, {{0, 1}, {1, 0}}, kChain).empty());
    // Parallel edges (a data and a control edge) are one edge, as in a networkx DiGraph.
    CHECK(find({"Conv2D", "BiasAdd"}, {{0, 1}, {0, 1}}, kChain).size() == 1);
}

TEST_CASE("fusion match: a node with fewer edges than the pattern node cannot match", "[fusion][match]") {
    const char* hub = "GraphFusion:\n  - Hub:\n      version: 1\n      nodes: [{a: Mul}, {b: Add}]\n      edges: [[a, b]]\n"
                      "  - Star:\n      version: 1\n      nodes: [{a: Mul}, {b: Add}, {c: Relu}, {d: Relu}]\n"
                      "      edges: [[a, b], [a, c], [a, d]]\n";
    // Mul has degree 3 (>= Hub's 1 and Star's 3); with one Relu it has 2 and Star cannot match.
    auto full = find({"Mul", "Add", "Relu", "Relu"}, {{0, 1}, {0, 2}, {0, 3}}, hub);
    REQUIRE(full.size() == 2);
    CHECK(full[1].pattern == 1);
    auto less = find({"Mul", "Add", "Relu"}, {{0, 1}, {0, 2}}, hub);
    REQUIRE(less.size() == 1);
    CHECK(less[0].pattern == 0);
}

TEST_CASE("fusion match: one match per distinct node set", "[fusion][match]") {
    // Mul -> Add, Mul -> Add maps b and c both ways: two mappings, one node set.
    auto m = find({"Mul", "Add", "Add"}, {{0, 1}, {0, 2}}, kFork);
    REQUIRE(m.size() == 1);
    CHECK(m[0].nodes[0] == 0);
    // Two Muls each feeding two Adds: two node sets.
    CHECK(find({"Mul", "Add", "Add", "Mul", "Add", "Add"}, {{0, 1}, {0, 2}, {3, 4}, {3, 5}}, kFork).size() == 2);
}

TEST_CASE("fusion match: the work bound stops a search and says which", "[fusion][match]") {
    FusionSearchStats stats;
    // The search tries Mul, then Add1 for b, Add1 and Add2 for c (a match at the 4th check), then Add2 for
    // b and both for c: seven checks. Three stop it before any match.
    auto stopped = find({"Mul", "Add", "Add"}, {{0, 1}, {0, 2}}, kFork, 3, &stats);
    CHECK(stopped.empty());
    CHECK(stats.stoppedPatterns == std::vector<std::size_t>{0});
    FusionSearchStats enough;
    CHECK(find({"Mul", "Add", "Add"}, {{0, 1}, {0, 2}}, kFork, 7, &enough).size() == 1);
    CHECK(enough.stoppedPatterns.empty());
}
