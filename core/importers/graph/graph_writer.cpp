// Writing a GraphModel and its join into a finished store in one transaction.
#include "core/analysis/graph/graph_join.h"
#include "core/importers/graph/graph_formats.h"
#include "core/importers/graph/graph_import.h"
#include "core/store/graph_row_writer.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

#include <set>
#include <tuple>

namespace opscope {

namespace {

std::vector<std::int64_t> insertNodes(GraphRowWriter& rows, std::int64_t graphId, const GraphModel& model) {
    std::vector<std::int64_t> ids;
    ids.reserve(model.nodes.size());
    for (const GraphNodeInput& n : model.nodes)
        ids.push_back(rows.addNode(graphId, n.name, n.type, n.scope, n.attrsJson, n.inputShapesJson, n.outputShapesJson));
    return ids;
}

std::int64_t insertEdges(GraphRowWriter& rows, std::int64_t graphId, const GraphModel& model,
                         const std::vector<std::int64_t>& nodeIds) {
    std::set<std::tuple<std::uint32_t, std::uint32_t, std::string>> seen;
    std::int64_t count = 0;
    for (const GraphEdgeInput& e : model.edges) {
        if (e.src >= nodeIds.size() || e.dst >= nodeIds.size() || e.src == e.dst) continue;
        if (!seen.emplace(e.src, e.dst, e.kind).second) continue;
        rows.addEdge(graphId, nodeIds[e.src], nodeIds[e.dst], e.kind, e.tensor, e.shape);
        ++count;
    }
    return count;
}

bool joinAndRecord(Database& db, GraphRowWriter& rows, const GraphModel& model, const std::vector<std::int64_t>& nodeIds,
                   const std::vector<std::int64_t>& trackIds, GraphImportReport* report, Error* error) {
    std::vector<JoinNode> nodes;
    nodes.reserve(model.nodes.size());
    for (const GraphNodeInput& n : model.nodes) nodes.push_back({n.name, n.recordFunctionId, n.aliases, n.order});
    JoinOptions options;
    options.rules = joinRulesFor(model.format);
    options.trackIds = trackIds;
    JoinResult join;
    if (!joinNodesToSlices(db, nodes, options, &join, error)) return false;
    for (const JoinMatch& m : join.matches) rows.addNodeSlice(nodeIds[m.node], m.sliceId, joinRuleName(m.rule));
    report->joinedNodes = join.joinedNodes;
    report->joinedExecutions = static_cast<std::int64_t>(join.matches.size());
    for (const auto& [rule, count] : join.nodesByRule) report->nodesByRule.emplace_back(joinRuleName(rule), count);
    report->ambiguousNames = std::move(join.ambiguousNames);
    return true;
}

} // namespace

std::int64_t storeGraphId(Database& db) { return latestGraphId(db); }

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
        GraphRowWriter rows(db);
        rows.clearGraphs();
        report->graphId =
            rows.addGraph(model.sourcePath, model.format, model.derived, model.direction == "TB" ? "TB" : "LR");
        std::vector<std::int64_t> nodeIds = insertNodes(rows, report->graphId, model);
        report->edges = insertEdges(rows, report->graphId, model, nodeIds);
        report->nodes = static_cast<std::int64_t>(nodeIds.size());
        report->format = model.format;
        report->derived = model.derived;
        report->skippedNodes = model.skippedNodes;
        report->invalidUtf8Replaced = model.invalidUtf8Replaced;
        if (!joinAndRecord(db, rows, model, nodeIds, trackIds, report, error)) return false;
        if (!countUnjoinedExecutions(db, report->graphId, &report->unjoinedExecutions, error)) return false;
        rows.setCounts(report->graphId, report->nodes, report->edges, report->joinedNodes, report->unjoinedExecutions);
        tx.commit();
        return true;
    } catch (const SqliteError& e) {
        *error = storeError(db, e.what());
        return false;
    }
}

bool importGraphFile(const std::string& storePath, const std::string& graphPath, GraphImportReport* report,
                     Error* error) {
    GraphModel model;
    if (!readGraphFile(graphPath, &model, error)) return false;
    Database db;
    if (!openStoreForWriting(storePath, &db, error)) return false;
    return writeGraph(db, model, {}, report, error);
}

bool deriveGraphIntoStore(const std::string& storePath, GraphImportReport* report, Error* error) {
    Database db;
    if (!openStoreForWriting(storePath, &db, error)) return false;
    GraphModel model;
    std::vector<std::int64_t> tracks;
    if (!buildDerivedGraph(db, &model, &tracks, error)) return false;
    return writeGraph(db, model, tracks, report, error);
}

} // namespace opscope
