// Writing a GraphModel and its join into a finished store in one transaction.
#include "core/analysis/graph_join.h"
#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/graph_import.h"
#include "core/store/sqlite_db.h"

#include <set>
#include <tuple>

namespace opscope {

namespace {

Error storeError(const Database& db, const std::string& detail) {
    return Error{ErrorCode::StoreFailed, db.path(), -1, -1, -1, "a writable opscope store", detail};
}

void clearGraphs(Database& db) {
    db.exec("DELETE FROM graph_node_slice; DELETE FROM graph_edge; DELETE FROM graph_node; DELETE FROM graph;");
}

std::int64_t insertGraph(Database& db, const GraphModel& model) {
    Statement st = db.prepare("INSERT INTO graph(source_path, format, derived, layout_direction) VALUES(?, ?, ?, ?)");
    if (model.sourcePath.empty()) st.bindNull(1); else st.bind(1, model.sourcePath);
    st.bind(2, model.format);
    st.bind(3, model.derived ? 1 : 0);
    st.bind(4, model.direction == "TB" ? std::string("TB") : std::string("LR"));
    st.run();
    return db.lastInsertRowId();
}

std::vector<std::int64_t> insertNodes(Database& db, std::int64_t graphId, const GraphModel& model) {
    Statement st = db.prepare("INSERT INTO graph_node(graph_id, name, type, scope, attrs, input_shapes, output_shapes) "
                              "VALUES(?, ?, ?, ?, ?, ?, ?)");
    std::vector<std::int64_t> ids;
    ids.reserve(model.nodes.size());
    for (const GraphNodeInput& n : model.nodes) {
        st.bind(1, graphId).bind(2, n.name);
        if (n.type.empty()) st.bindNull(3); else st.bind(3, n.type);
        if (n.scope.empty()) st.bindNull(4); else st.bind(4, n.scope);
        st.bind(5, n.attrsJson).bind(6, n.inputShapesJson).bind(7, n.outputShapesJson);
        st.run();
        ids.push_back(db.lastInsertRowId());
    }
    return ids;
}

std::int64_t insertEdges(Database& db, std::int64_t graphId, const GraphModel& model,
                         const std::vector<std::int64_t>& nodeIds) {
    Statement st = db.prepare("INSERT INTO graph_edge(graph_id, src_node, dst_node, kind, tensor, shape) "
                              "VALUES(?, ?, ?, ?, ?, ?)");
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::string>> seen;
    std::int64_t count = 0;
    for (const GraphEdgeInput& e : model.edges) {
        if (e.src >= nodeIds.size() || e.dst >= nodeIds.size() || e.src == e.dst) continue;
        if (!seen.emplace(e.src, e.dst, e.kind).second) continue;
        st.bind(1, graphId).bind(2, nodeIds[e.src]).bind(3, nodeIds[e.dst]).bind(4, e.kind);
        if (e.tensor.empty()) st.bindNull(5); else st.bind(5, e.tensor);
        if (e.shape.empty()) st.bindNull(6); else st.bind(6, e.shape);
        st.run();
        ++count;
    }
    return count;
}

bool joinAndRecord(Database& db, const GraphModel& model, const std::vector<std::int64_t>& nodeIds,
                   const std::vector<std::int64_t>& trackIds, GraphImportReport* report, Error* error) {
    std::vector<JoinNode> nodes;
    nodes.reserve(model.nodes.size());
    for (const GraphNodeInput& n : model.nodes) nodes.push_back({n.name, n.recordFunctionId, n.aliases, n.order});
    JoinOptions options;
    options.rules = joinRulesFor(model.format);
    options.trackIds = trackIds;
    JoinResult join;
    if (!joinNodesToSlices(db, nodes, options, &join, error)) return false;
    Statement st = db.prepare("INSERT INTO graph_node_slice(node_id, slice_id, rule) VALUES(?, ?, ?)");
    for (const JoinMatch& m : join.matches) st.bind(1, nodeIds[m.node]).bind(2, m.sliceId).bind(3, joinRuleName(m.rule)).run();
    report->joinedNodes = join.joinedNodes;
    report->joinedExecutions = static_cast<std::int64_t>(join.matches.size());
    for (const auto& [rule, count] : join.nodesByRule) report->nodesByRule.emplace_back(joinRuleName(rule), count);
    return true;
}

} // namespace

std::int64_t storeGraphId(Database& db) {
    if (!db.tableExists("graph")) return 0;
    return db.scalarInt("SELECT id FROM graph ORDER BY id DESC LIMIT 1", 0);
}

bool writeGraph(Database& db, const GraphModel& model, const std::vector<std::int64_t>& trackIds,
                GraphImportReport* report, Error* error) {
    *report = GraphImportReport{};
    try {
        if (!db.tableExists("graph_node_slice")) {
            *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1,
                           "a store with graph tables (re-import the trace with this version)", {}};
            return false;
        }
        Transaction tx(db);
        clearGraphs(db);
        report->graphId = insertGraph(db, model);
        std::vector<std::int64_t> nodeIds = insertNodes(db, report->graphId, model);
        report->edges = insertEdges(db, report->graphId, model, nodeIds);
        report->nodes = static_cast<std::int64_t>(nodeIds.size());
        report->format = model.format;
        report->derived = model.derived;
        report->skippedNodes = model.skippedNodes;
        report->invalidUtf8Replaced = model.invalidUtf8Replaced;
        if (!joinAndRecord(db, model, nodeIds, trackIds, report, error)) return false;
        if (!countUnjoinedExecutions(db, report->graphId, &report->unjoinedExecutions, error)) return false;
        Statement st = db.prepare("UPDATE graph SET node_count = ?, edge_count = ?, joined_node_count = ?, "
                                  "unjoined_exec_count = ? WHERE id = ?");
        st.bind(1, report->nodes).bind(2, report->edges).bind(3, report->joinedNodes);
        st.bind(4, report->unjoinedExecutions).bind(5, report->graphId).run();
        tx.commit();
        return true;
    } catch (const SqliteError& e) {
        *error = storeError(db, e.what());
        return false;
    }
}

namespace {

bool openReadWrite(const std::string& storePath, Database* db, Error* error) {
    try {
        *db = Database(storePath, Database::Mode::ReadWrite);
        if (!db->tableExists("meta") || !db->tableExists("slice")) {
            *error = Error{ErrorCode::BadDatabase, storePath, -1, -1, -1, "an opscope store", {}};
            return false;
        }
        return true;
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, storePath, -1, -1, -1, "an opscope store that can be written", e.what()};
        return false;
    }
}

} // namespace

bool importGraphFile(const std::string& storePath, const std::string& graphPath, GraphImportReport* report,
                     Error* error) {
    GraphModel model;
    if (!readGraphFile(graphPath, &model, error)) return false;
    Database db;
    if (!openReadWrite(storePath, &db, error)) return false;
    return writeGraph(db, model, {}, report, error);
}

bool deriveGraphIntoStore(const std::string& storePath, GraphImportReport* report, Error* error) {
    Database db;
    if (!openReadWrite(storePath, &db, error)) return false;
    GraphModel model;
    std::vector<std::int64_t> tracks;
    if (!buildDerivedGraph(db, &model, &tracks, error)) return false;
    return writeGraph(db, model, tracks, report, error);
}

} // namespace opscope
