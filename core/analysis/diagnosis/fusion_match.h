// Finding the fusion patterns in a computation graph, as msprof-analyze's advisor does
// (advisor/common/graph/graph_match.py): induced subgraph isomorphism on the directed graph, a pattern
// node matching a graph node whose op type is equal ignoring case and whose degree (in + out edges) is
// at least the pattern node's. The search is an iterative backtracking with a bound on its work; each
// distinct set of graph nodes is reported once per pattern.
#pragma once
#include "core/analysis/diagnosis/fusion_patterns.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

// The graph the patterns are searched in: edges of every kind, parallel edges merged, as a networkx
// DiGraph holds them.
class FusionHostGraph {
public:
    FusionHostGraph(const std::vector<std::string>& types, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges);

    std::size_t size() const { return typeIds_.size(); }
    bool hasEdge(std::uint32_t from, std::uint32_t to) const;

private:
    friend class FusionSearch;
    std::vector<std::int32_t> typeIds_;                 // lower-cased op type, interned
    std::vector<std::string> typeNames_;                // by type id
    std::vector<std::vector<std::uint32_t>> byType_;    // type id -> nodes
    std::vector<std::vector<std::uint32_t>> out_, in_;  // sorted, unique
    std::vector<bool> selfLoop_;
    std::int32_t typeId(const std::string& lowerType) const; // -1 when no node has it
};

struct FusionMatch {
    std::size_t pattern = 0;               // index into FusionPatternSet::patterns
    std::vector<std::uint32_t> nodes;      // graph node per pattern node
};

struct FusionSearchStats {
    std::int64_t steps = 0;                         // candidate checks, all patterns
    std::vector<std::size_t> stoppedPatterns;       // patterns whose search hit maxStepsPerPattern
};

// Every pattern's matches, patterns in file order. maxStepsPerPattern bounds the candidate checks of one
// pattern's search (a check: one graph node tried for one pattern node); a search that reaches it stops
// and keeps the matches found so far.
std::vector<FusionMatch> findFusionMatches(const FusionHostGraph& graph, const FusionPatternSet& patterns,
                                           std::int64_t maxStepsPerPattern, FusionSearchStats* stats);

} // namespace opscope
