// Everything the graph view needs from a store, gathered on a worker thread: the graph (derived from
// the trace when the store has none), its layout (computed with dot and cached in the store the
// first time), the per-node measures, the slice -> node map and the unjoined executions.
#pragma once
#include "core/analysis/graph_join.h"
#include "core/analysis/graph_layout.h"
#include "core/analysis/graph_measures.h"
#include "core/model/error.h"
#include "widgets/graph/graph_collapse.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

struct GraphLoadRequest {
    std::string storePath;
    bool deriveIfMissing = true;
    std::optional<LayoutDirection> direction; // lay out again when it differs from the cached one
};

struct GraphLoadResult {
    bool ok = false;
    Error error;
    StoredGraph graph;
    GraphMeasures measures;
    std::vector<std::pair<std::int64_t, std::int64_t>> sliceNodes; // (slice id, node id), by slice id
    std::vector<UnjoinedName> unjoined;                            // most frequent first
    bool derivedNow = false;
    bool laidOutNow = false;
    double layoutSeconds = 0;
};

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
