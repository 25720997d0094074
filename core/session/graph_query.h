// What the graph view needs from a store: the graph (derived from the trace when the store has none),
// its layout (computed with dot and cached in the store the first time), the per-node measures, the
// slice -> node map and the unjoined executions. Asked through TraceSession::graph.
#pragma once
#include "core/analysis/graph/graph_join.h"
#include "core/analysis/graph/graph_layout.h"
#include "core/analysis/graph/graph_measures.h"
#include "core/model/error.h"
#include "core/store/graph_reader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

struct GraphLoadRequest {
    std::string storePath; // used by loadGraphForView only; the session knows its store
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

// What `graph info` reports: the stored graph, its join by rule and the most frequent unjoined names.
struct GraphSummary {
    bool hasGraph = false;
    StoredGraph graph;
    std::vector<GraphRuleCount> rules;
    std::vector<UnjoinedName> unjoined;
};

// The whole graph query over a store path (the session's write path for the derived graph and layout).
GraphLoadResult loadGraphFromStore(const std::string& storePath, const GraphLoadRequest& request);

} // namespace opscope
