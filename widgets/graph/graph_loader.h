// The graph view's worker jobs: the graph as the session gives it (core/session/graph_query.h), and the
// layout of a graph with some scopes collapsed.
#pragma once
#include "core/session/graph_query.h"
#include "widgets/graph/graph_collapse.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

// The session's graph query over request.storePath (for callers that hold only a path).
GraphLoadResult loadGraphForView(const GraphLoadRequest& request);

struct CollapsedLayout {
    bool ok = false;
    Error error;
    std::set<std::string> collapsed;
    ViewGraph view;
    GraphLayout layout;
};

// The view graph for a set of collapsed scopes; the stored layout when nothing is collapsed.
CollapsedLayout collapseAndLayout(const StoredGraph& graph, const std::set<std::string>& collapsed,
                                  LayoutDirection direction);

} // namespace opscope
