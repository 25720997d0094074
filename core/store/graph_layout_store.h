// The store side of the graph's layout cache: loadStoredGraph (declared in core/analysis/graph/graph_layout.h)
// reads the graph with its cached boxes and edge routes, and writeGraphLayoutCache is the one place the
// cache is written (layoutStoredGraph computes a layout, then caches it here).
#pragma once
#include "core/analysis/graph/graph_layout.h"

namespace opscope {

// The graph's width and height in points from its node boxes.
void updateGraphExtent(StoredGraph* graph);

// Writes the boxes, edge points and direction of graph into its rows in one transaction
// (ErrorCode::StoreFailed when the store cannot be written).
bool writeGraphLayoutCache(Database& db, const StoredGraph& graph, Error* error);

} // namespace opscope
