#include "widgets/graph/graph_loader.h"

#include "core/importers/graph/graph_import.h"
#include "core/store/sqlite_db.h"
#include "widgets/graph/graph_scene.h"

#include <chrono>

namespace opscope {

namespace {

bool ensureGraph(const GraphLoadRequest& request, GraphLoadResult* out, std::int64_t* graphId) {
    {
        Database db(request.storePath, Database::Mode::ReadOnly);
        *graphId = storeGraphId(db);
    }
    if (*graphId != 0 || !request.deriveIfMissing) return true;
    GraphImportReport report;
    if (!deriveGraphIntoStore(request.storePath, &report, &out->error)) return false;
    out->derivedNow = true;
    *graphId = report.graphId;
    return true;
}

bool ensureLayout(const GraphLoadRequest& request, GraphLoadResult* out) {
    const bool wanted = request.direction && *request.direction != out->graph.direction;
    if (out->graph.layoutDone && !wanted) return true;
    const auto started = std::chrono::steady_clock::now();
    Database db(request.storePath, Database::Mode::ReadWrite);
    if (!layoutStoredGraph(db, request.direction.value_or(out->graph.direction), &out->graph, &out->error)) return false;
    out->laidOutNow = true;
    out->layoutSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

} // namespace

GraphLoadResult loadGraphForView(const GraphLoadRequest& request) {
    GraphLoadResult out;
    try {
        std::int64_t graphId = 0;
        if (!ensureGraph(request, &out, &graphId)) return out;
        if (graphId == 0) {
            out.error = Error{ErrorCode::BadDatabase, request.storePath, -1, -1, -1, "a graph in the store", {}};
            return out;
        }
        {
            Database db(request.storePath, Database::Mode::ReadOnly);
            if (!loadStoredGraph(db, graphId, &out.graph, &out.error)) return out;
        }
        if (!ensureLayout(request, &out)) return out;
        Database db(request.storePath, Database::Mode::ReadOnly);
        if (!computeGraphMeasures(db, out.graph, &out.measures, &out.error)) return out;
        if (!loadSliceNodeMap(db, graphId, &out.sliceNodes, &out.error)) return out;
        if (!listUnjoinedExecutions(db, graphId, 50, &out.unjoined, &out.error)) return out;
        out.ok = true;
    } catch (const SqliteError& e) {
        out.error = Error{ErrorCode::BadDatabase, request.storePath, -1, -1, -1, "an opscope store", e.what()};
    }
    return out;
}

CollapsedLayout collapseAndLayout(const StoredGraph& graph, const std::set<std::string>& collapsed,
                                  LayoutDirection direction) {
    CollapsedLayout out;
    out.collapsed = collapsed;
    out.view = collapseScopes(graph, collapsed);
    if (collapsed.empty()) {
        out.layout = GraphScene::layoutFromStored(graph);
        out.ok = true;
        return out;
    }
    out.ok = layoutViewGraph(out.view, direction, &out.layout, &out.error);
    return out;
}

} // namespace opscope
