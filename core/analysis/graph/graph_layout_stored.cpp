// Laying out the store's graph with dot and caching the result through the store's one layout writer.
#include "core/analysis/graph/graph_layout.h"

#include "core/store/graph_layout_store.h"

namespace opscope {

bool layoutStoredGraph(Database& db, LayoutDirection direction, StoredGraph* graph, Error* error) {
    std::vector<LayoutNodeSize> sizes;
    sizes.reserve(graph->nodes.size());
    for (const StoredGraphNode& n : graph->nodes) sizes.push_back(nodeBoxFor(n.name, n.type));
    std::vector<LayoutEdgeEnds> ends;
    ends.reserve(graph->edges.size());
    for (const StoredGraphEdge& e : graph->edges) ends.push_back({e.src, e.dst});
    GraphLayout layout;
    if (!computeGraphLayout(sizes, ends, direction, &layout, error)) return false;
    for (std::size_t i = 0; i < graph->nodes.size(); ++i) graph->nodes[i].box = layout.nodes[i];
    for (std::size_t i = 0; i < graph->edges.size(); ++i) graph->edges[i].points = layout.edges[i];
    graph->direction = direction;
    graph->layoutDone = true;
    updateGraphExtent(graph);
    return writeGraphLayoutCache(db, *graph, error);
}

} // namespace opscope
