// Layered layout of a computation graph with Graphviz dot (left-to-right or top-down), and the
// store's graph as the view draws it: nodes with their cached boxes, edges with their cached routes.
// The layout is computed once and cached in graph_node x/y/width/height, graph_edge.points and
// graph.layout_done, so re-opening a store needs no layout.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class Database;

enum class LayoutDirection { LeftRight, TopDown };
const char* layoutDirectionName(LayoutDirection direction); // "LR", "TB"
LayoutDirection layoutDirectionFromName(std::string_view name);

struct LayoutNodeSize {
    double widthPt = 120;
    double heightPt = 40;
};
struct LayoutEdgeEnds {
    std::uint32_t src = 0;
    std::uint32_t dst = 0;
};
struct LayoutPoint {
    double x = 0, y = 0;
};
// Centre and size, in points; y grows downwards.
struct LayoutBox {
    double x = 0, y = 0, width = 0, height = 0;
};

struct GraphLayout {
    std::vector<LayoutBox> nodes;
    // Per edge: cubic Bézier control points (3k + 1), then the arrow tip when there is one (3k + 2 in all).
    std::vector<std::vector<LayoutPoint>> edges;
    double widthPt = 0, heightPt = 0;
};

// The box a node needs for its name and type on two lines (core has no fonts: ~6.6 pt per character).
LayoutNodeSize nodeBoxFor(std::string_view name, std::string_view type);

// Runs dot. Graphviz is not thread-safe, so calls are serialised. Large graphs get reduced
// network-simplex and crossing-minimisation budgets so that 5,000 nodes lay out in seconds.
bool computeGraphLayout(const std::vector<LayoutNodeSize>& nodes, const std::vector<LayoutEdgeEnds>& edges,
                        LayoutDirection direction, GraphLayout* out, Error* error);

struct StoredGraphNode {
    std::int64_t id = 0;
    std::string name, type, scope;
    std::string inputShapes, outputShapes; // JSON text
    LayoutBox box;
    std::int64_t executions = 0; // joined slices
};
struct StoredGraphEdge {
    std::int64_t id = 0;
    std::uint32_t src = 0, dst = 0; // indices into StoredGraph::nodes
    std::string kind, tensor, shape;
    std::vector<LayoutPoint> points;
};
struct StoredGraph {
    std::int64_t id = 0;
    std::string sourcePath, format;
    bool derived = false;
    bool layoutDone = false;
    LayoutDirection direction = LayoutDirection::LeftRight;
    std::int64_t joinedNodes = 0, unjoinedExecutions = 0;
    std::vector<StoredGraphNode> nodes; // by id
    std::vector<StoredGraphEdge> edges;
    double widthPt = 0, heightPt = 0;   // extent of the cached layout
};

bool loadStoredGraph(Database& db, std::int64_t graphId, StoredGraph* out, Error* error);
// Lays out the loaded graph, writes the result into the (read-write) store and into graph.
bool layoutStoredGraph(Database& db, LayoutDirection direction, StoredGraph* graph, Error* error);

// Edge route text as cached in graph_edge.points: a flat JSON array [x0, y0, x1, y1, ...].
std::string encodePoints(const std::vector<LayoutPoint>& points);
std::vector<LayoutPoint> decodePoints(std::string_view text);

} // namespace opscope
