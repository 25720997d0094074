#include "core/session/graph_query.h"

#include "core/importers/graph/graph_import.h"
#include "core/store/graph_row_writer.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

#include <chrono>

namespace opscope {

namespace {

bool ensureGraph(const std::string& storePath, const GraphLoadRequest& request, GraphLoadResult* out,
                 std::int64_t* graphId) {
    {
        Database db(storePath, Database::Mode::ReadOnly);
        *graphId = storeGraphId(db);
    }
    if (*graphId != 0 || !request.deriveIfMissing) return true;
    GraphImportReport report;
    if (!deriveGraphIntoStore(storePath, &report, &out->error)) return false;
    out->derivedNow = true;
    *graphId = report.graphId;
    return true;
}

bool ensureLayout(const std::string& storePath, const GraphLoadRequest& request, GraphLoadResult* out) {
    const bool wanted = request.direction && *request.direction != out->graph.direction;
    if (out->graph.layoutDone && !wanted) return true;
    const auto started = std::chrono::steady_clock::now();
    Database db;
    if (!openStoreForWriting(storePath, &db, &out->error)) return false;
    if (!layoutStoredGraph(db, request.direction.value_or(out->graph.direction), &out->graph, &out->error)) return false;
    out->laidOutNow = true;
    out->layoutSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return true;
}

} // namespace

GraphLoadResult loadGraphFromStore(const std::string& storePath, const GraphLoadRequest& request) {
    GraphLoadResult out;
    try {
        std::int64_t graphId = 0;
        if (!ensureGraph(storePath, request, &out, &graphId)) return out;
        if (graphId == 0) {
            out.error = Error{ErrorCode::BadDatabase, storePath, -1, -1, -1, "a graph in the store", {}};
            return out;
        }
        {
            Database db(storePath, Database::Mode::ReadOnly);
            if (!loadStoredGraph(db, graphId, &out.graph, &out.error)) return out;
        }
        if (!ensureLayout(storePath, request, &out)) return out;
        Database db(storePath, Database::Mode::ReadOnly);
        if (!computeGraphMeasures(db, out.graph, &out.measures, &out.error)) return out;
        if (!loadSliceNodeMap(db, graphId, &out.sliceNodes, &out.error)) return out;
        if (!listUnjoinedExecutions(db, graphId, 50, &out.unjoined, &out.error)) return out;
        out.ok = true;
    } catch (const SqliteError& e) {
        out.error = storeError(storePath, e.what());
    }
    return out;
}

} // namespace opscope
