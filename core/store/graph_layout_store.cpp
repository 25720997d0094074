// Loading the store's graph with its cached layout, and caching a new layout into the store.
#include "core/store/graph_layout_store.h"

#include "core/store/sqlite_db.h"

#include <algorithm>
#include <unordered_map>

namespace opscope {

namespace {

Error dbError(const Database& db, const char* what) {
    return Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, what, {}};
}

void loadNodes(Database& db, StoredGraph* out, std::unordered_map<std::int64_t, std::uint32_t>* index) {
    Statement st = db.prepare(
        "SELECT n.id, n.name, n.type, n.scope, n.input_shapes, n.output_shapes, n.x, n.y, n.width, n.height, "
        "(SELECT count(*) FROM graph_node_slice g WHERE g.node_id = n.id) "
        "FROM graph_node n WHERE n.graph_id = ? ORDER BY n.id");
    st.bind(1, out->id);
    while (st.step()) {
        StoredGraphNode n;
        n.id = st.int64(0);
        n.name = st.text(1);
        n.type = st.text(2);
        n.scope = st.text(3);
        n.inputShapes = st.text(4);
        n.outputShapes = st.text(5);
        if (!st.isNull(6)) n.box = {st.real(6), st.real(7), st.real(8), st.real(9)};
        n.executions = st.int64(10);
        index->emplace(n.id, static_cast<std::uint32_t>(out->nodes.size()));
        out->nodes.push_back(std::move(n));
    }
}

void loadEdges(Database& db, StoredGraph* out, const std::unordered_map<std::int64_t, std::uint32_t>& index) {
    Statement st = db.prepare("SELECT id, src_node, dst_node, kind, tensor, shape, points FROM graph_edge "
                              "WHERE graph_id = ? ORDER BY id");
    st.bind(1, out->id);
    while (st.step()) {
        auto s = index.find(st.int64(1)), d = index.find(st.int64(2));
        if (s == index.end() || d == index.end()) continue;
        StoredGraphEdge e;
        e.id = st.int64(0);
        e.src = s->second;
        e.dst = d->second;
        e.kind = st.text(3);
        e.tensor = st.text(4);
        e.shape = st.text(5);
        if (!st.isNull(6)) e.points = decodePoints(st.textView(6));
        out->edges.push_back(std::move(e));
    }
}

} // namespace

bool loadStoredGraph(Database& db, std::int64_t graphId, StoredGraph* out, Error* error) {
    *out = StoredGraph{};
    try {
        Statement g = db.prepare("SELECT id, source_path, format, derived, layout_done, layout_direction, "
                                 "joined_node_count, unjoined_exec_count FROM graph WHERE id = ?");
        g.bind(1, graphId);
        if (!g.step()) {
            *error = dbError(db, "a graph in the store (import one with `opscope-cli graph import`)");
            return false;
        }
        out->id = g.int64(0);
        out->sourcePath = g.text(1);
        out->format = g.text(2);
        out->derived = g.int64(3) != 0;
        out->layoutDone = g.int64(4) != 0;
        out->direction = layoutDirectionFromName(g.text(5));
        out->joinedNodes = g.int64(6);
        out->unjoinedExecutions = g.int64(7);
        std::unordered_map<std::int64_t, std::uint32_t> index;
        loadNodes(db, out, &index);
        loadEdges(db, out, index);
        updateGraphExtent(out);
        return true;
    } catch (const SqliteError& e) {
        *error = dbError(db, "an opscope store with graph tables");
        error->detail = e.what();
        return false;
    }
}

void updateGraphExtent(StoredGraph* g) {
    g->widthPt = g->heightPt = 0;
    for (const StoredGraphNode& n : g->nodes) {
        g->widthPt = std::max(g->widthPt, n.box.x + n.box.width / 2);
        g->heightPt = std::max(g->heightPt, n.box.y + n.box.height / 2);
    }
}

bool writeGraphLayoutCache(Database& db, const StoredGraph& graph, Error* error) {
    try {
        Transaction tx(db);
        Statement n = db.prepare("UPDATE graph_node SET x = ?, y = ?, width = ?, height = ? WHERE id = ?");
        for (const StoredGraphNode& node : graph.nodes)
            n.bind(1, node.box.x).bind(2, node.box.y).bind(3, node.box.width).bind(4, node.box.height).bind(5, node.id).run();
        Statement e = db.prepare("UPDATE graph_edge SET points = ? WHERE id = ?");
        for (const StoredGraphEdge& edge : graph.edges) e.bind(1, encodePoints(edge.points)).bind(2, edge.id).run();
        Statement g = db.prepare("UPDATE graph SET layout_done = 1, layout_direction = ? WHERE id = ?");
        g.bind(1, layoutDirectionName(graph.direction)).bind(2, graph.id).run();
        tx.commit();
        return true;
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::StoreFailed, db.path(), -1, -1, -1, "a writable opscope store", e.what()};
        return false;
    }
}

} // namespace opscope
