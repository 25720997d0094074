// The graph fusion patterns of msprof-analyze's advisor (its rules/op_fusion_pass.yaml, which it
// downloads and which is not public: the user supplies the file). Layout, as the advisor's
// QueryGraphParser reads it (advisor/common/graph/graph_parser.py):
//   GraphFusion:                      # and/or UBFusion: lists of one-key mappings, pass name -> strategy
//     - ConvBiasPass:
//         version: 0                  # 0 (default): "struct" is a chain of op types, each feeding the next
//         struct: [Conv2D, BiasAdd]
//     - MatmulActPass:
//         version: 1                  # 1: named nodes (a type or a list of alternative types) and edges
//         nodes: [{mm: MatMul}, {act: [Relu, Gelu]}]
//         edges: [[mm, act]]
// A node with alternatives expands into one pattern per combination ("MatmulActPass", "MatmulActPass#1").
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace opscope {

struct FusionPattern {
    std::string pass;                 // the pass name; "#k" added for the k-th combination of alternatives
    std::string section;              // "GraphFusion" or "UBFusion"
    std::vector<std::string> types;   // op type per pattern node
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges; // directed, by node index, no duplicates
    std::int64_t line = 0;            // where the pass starts in the file
};

struct FusionPatternSet {
    std::string path;
    std::vector<FusionPattern> patterns;
    std::int64_t passes = 0;          // pass entries read (before expanding alternatives)
};

// Limits that keep a hostile file from sizing work: nodes per pattern, combinations per pass.
constexpr std::size_t kMaxFusionPatternNodes = 64;
constexpr std::size_t kMaxFusionCombinations = 256;

// Errors (TextSyntax for YAML, WrongType for the layout) name the file and the line.
bool parseFusionPatterns(std::string_view text, const std::string& path, FusionPatternSet* out, Error* error);
bool loadFusionPatternFile(const std::string& path, FusionPatternSet* out, Error* error);

} // namespace opscope
