#include "core/store/graph_row_writer.h"

namespace opscope {

bool openStoreForWriting(const std::string& storePath, Database* db, Error* error) {
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

std::int64_t latestGraphId(Database& db) {
    if (!db.tableExists("graph")) return 0;
    return db.scalarInt("SELECT id FROM graph ORDER BY id DESC LIMIT 1", 0);
}

GraphRowWriter::GraphRowWriter(Database& db)
    : db_(db),
      graph_(db.prepare("INSERT INTO graph(source_path, format, derived, layout_direction) VALUES(?, ?, ?, ?)")),
      node_(db.prepare("INSERT INTO graph_node(graph_id, name, type, scope, attrs, input_shapes, output_shapes) "
                       "VALUES(?, ?, ?, ?, ?, ?, ?)")),
      edge_(db.prepare("INSERT INTO graph_edge(graph_id, src_node, dst_node, kind, tensor, shape) "
                       "VALUES(?, ?, ?, ?, ?, ?)")),
      nodeSlice_(db.prepare("INSERT INTO graph_node_slice(node_id, slice_id, rule) VALUES(?, ?, ?)")) {}

void GraphRowWriter::clearGraphs() {
    db_.exec("DELETE FROM graph_node_slice; DELETE FROM graph_edge; DELETE FROM graph_node; DELETE FROM graph;");
}

std::int64_t GraphRowWriter::addGraph(const std::string& sourcePath, const std::string& format, bool derived,
                                      const std::string& direction) {
    if (sourcePath.empty()) graph_.bindNull(1);
    else graph_.bind(1, sourcePath);
    graph_.bind(2, format).bind(3, derived ? 1 : 0).bind(4, direction);
    graph_.run();
    return db_.lastInsertRowId();
}

std::int64_t GraphRowWriter::addNode(std::int64_t graphId, const std::string& name, const std::string& type,
                                     const std::string& scope, const std::string& attrsJson,
                                     const std::string& inputShapesJson, const std::string& outputShapesJson) {
    node_.bind(1, graphId).bind(2, name);
    if (type.empty()) node_.bindNull(3);
    else node_.bind(3, type);
    if (scope.empty()) node_.bindNull(4);
    else node_.bind(4, scope);
    node_.bind(5, attrsJson).bind(6, inputShapesJson).bind(7, outputShapesJson);
    node_.run();
    return db_.lastInsertRowId();
}

void GraphRowWriter::addEdge(std::int64_t graphId, std::int64_t srcNode, std::int64_t dstNode, const std::string& kind,
                             const std::string& tensor, const std::string& shape) {
    edge_.bind(1, graphId).bind(2, srcNode).bind(3, dstNode).bind(4, kind);
    if (tensor.empty()) edge_.bindNull(5);
    else edge_.bind(5, tensor);
    if (shape.empty()) edge_.bindNull(6);
    else edge_.bind(6, shape);
    edge_.run();
}

void GraphRowWriter::addNodeSlice(std::int64_t nodeId, std::int64_t sliceId, const char* rule) {
    nodeSlice_.bind(1, nodeId).bind(2, sliceId).bind(3, rule).run();
}

void GraphRowWriter::setCounts(std::int64_t graphId, std::int64_t nodes, std::int64_t edges, std::int64_t joinedNodes,
                               std::int64_t unjoinedExecutions) {
    Statement st = db_.prepare("UPDATE graph SET node_count = ?, edge_count = ?, joined_node_count = ?, "
                               "unjoined_exec_count = ? WHERE id = ?");
    st.bind(1, nodes).bind(2, edges).bind(3, joinedNodes).bind(4, unjoinedExecutions).bind(5, graphId).run();
}

} // namespace opscope
