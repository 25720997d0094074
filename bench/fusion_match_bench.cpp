// Graph fusion matching time on generated graphs (fixed seed): N nodes in repeating blocks
// MatMul -> Add -> Gelu -> Mul -> Add with a residual edge and random skip edges, ten patterns searched.
// Prints nodes, edges, matches, candidate checks and the wall time of findFusionMatches.
#include "core/analysis/diagnosis/fusion_match.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

const char* kPatterns = R"(GraphFusion:
  - MatmulAdd: {struct: [MatMul, Add]}
  - MatmulAddGelu: {struct: [MatMul, Add, Gelu]}
  - GeluMul: {struct: [Gelu, Mul]}
  - AddGeluMulAdd: {struct: [Add, Gelu, Mul, Add]}
  - Residual:
      version: 1
      nodes: [{mm: MatMul}, {bias: Add}, {act: [Gelu, Relu]}, {mul: Mul}, {res: Add}]
      edges: [[mm, bias], [bias, act], [act, mul], [mul, res], [bias, res]]
  - Absent: {struct: [Conv2D, BiasAdd]}
UBFusion:
  - CastTrans: {struct: [Cast, TransData]}
  - MulFork:
      version: 1
      nodes: [{a: Mul}, {b: Add}, {c: Add}]
      edges: [[a, b], [a, c]]
)";

std::uint64_t nextRandom(std::uint64_t* state) { // splitmix64
    std::uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void run(std::size_t nodes) {
    const char* block[] = {"MatMul", "Add", "Gelu", "Mul", "Add", "Cast", "TransData"};
    std::vector<std::string> types;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
    std::uint64_t seed = 1;
    for (std::size_t i = 0; i < nodes; ++i) {
        types.emplace_back(block[i % 7]);
        if (i > 0) edges.emplace_back(static_cast<std::uint32_t>(i - 1), static_cast<std::uint32_t>(i));
        if (i % 7 == 4) edges.emplace_back(static_cast<std::uint32_t>(i - 3), static_cast<std::uint32_t>(i)); // residual
        if (i > 50 && nextRandom(&seed) % 10 == 0) // a skip edge from up to 50 nodes back
            edges.emplace_back(static_cast<std::uint32_t>(i - 1 - nextRandom(&seed) % 50), static_cast<std::uint32_t>(i));
    }
    opscope::FusionPatternSet patterns;
    opscope::Error error;
    if (!opscope::parseFusionPatterns(kPatterns, "bench.yaml", &patterns, &error)) {
        std::printf("patterns: %s\n", opscope::describe(error).c_str());
        return;
    }
    const auto start = std::chrono::steady_clock::now();
    const opscope::FusionHostGraph graph(types, edges);
    opscope::FusionSearchStats stats;
    const auto matches = opscope::findFusionMatches(graph, patterns, 10000000, &stats);
    const auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("nodes %zu edges %zu patterns %zu matches %zu checks %lld stopped %zu time %.1f ms\n", nodes, edges.size(),
                patterns.patterns.size(), matches.size(), static_cast<long long>(stats.steps), stats.stoppedPatterns.size(), ms);
}

} // namespace

int main() {
    for (std::size_t n : {1000u, 10000u, 100000u, 1000000u}) run(n);
    return 0;
}
