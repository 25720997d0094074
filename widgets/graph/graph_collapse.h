// Collapsing name scopes ("layer1/conv2" lives in scope "layer1") into one group node each, so that
// graphs of thousands of nodes can be read one level at a time. Pure logic over the stored graph.
#pragma once
#include "core/analysis/graph/graph_layout.h"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace opscope {

struct ViewGraphNode {
    std::vector<std::uint32_t> members; // indices into StoredGraph::nodes
    std::string name, type;
    std::string scope;                  // for a group: the collapsed scope path
    bool group = false;
};
struct ViewGraphEdge {
    std::uint32_t src = 0, dst = 0;     // indices into ViewGraph::nodes
    std::vector<std::uint32_t> members; // indices into StoredGraph::edges
};
struct ViewGraph {
    std::vector<ViewGraphNode> nodes;
    std::vector<ViewGraphEdge> edges;
    std::vector<std::uint32_t> viewNodeOf; // per stored node: its view node
};

// A node's scope path including itself: "layer1/conv2" (ET: ancestors' names, then its own).
std::string nodePath(const StoredGraphNode& node);

// Each stored node goes into the shortest collapsed scope containing it; edges inside a group vanish,
// parallel edges between the same two view nodes merge.
ViewGraph collapseScopes(const StoredGraph& graph, const std::set<std::string>& collapsed);

// Scopes exactly depth levels deep that hold at least two nodes (the "collapse to depth N" choice).
std::set<std::string> scopesAtDepth(const StoredGraph& graph, int depth);
// How many scope levels the graph has (0: no scopes).
int scopeDepth(const StoredGraph& graph);

// Lays out a collapsed graph with dot (call off the GUI thread).
bool layoutViewGraph(const ViewGraph& view, LayoutDirection direction, GraphLayout* out, Error* error);

} // namespace opscope
