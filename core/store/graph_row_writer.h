// The one write path of the computation graph's rows (graph, graph_node, graph_edge, graph_node_slice) and
// the only place outside the import that opens a store for writing. The graph import
// (core/importers/graph) decides what to write; the session drives it (TraceSession::graph).
#pragma once
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>

namespace opscope {

// Opens a finished store read-write (refused when it is not an opscope store).
bool openStoreForWriting(const std::string& storePath, Database* db, Error* error);

// Id of the store's newest graph, 0 when it has none (or the store predates the graph tables).
std::int64_t latestGraphId(Database& db);

// Statements over the graph tables, prepared once; run inside the caller's transaction. Throws SqliteError.
class GraphRowWriter {
public:
    explicit GraphRowWriter(Database& db);
    // A store holds one graph: the previous one goes, with its join and cached layout.
    void clearGraphs();
    // sourcePath "" is stored as NULL; direction "TB" or "LR".
    std::int64_t addGraph(const std::string& sourcePath, const std::string& format, bool derived,
                          const std::string& direction);
    // type and scope "" are stored as NULL.
    std::int64_t addNode(std::int64_t graphId, const std::string& name, const std::string& type,
                         const std::string& scope, const std::string& attrsJson, const std::string& inputShapesJson,
                         const std::string& outputShapesJson);
    // tensor and shape "" are stored as NULL.
    void addEdge(std::int64_t graphId, std::int64_t srcNode, std::int64_t dstNode, const std::string& kind,
                 const std::string& tensor, const std::string& shape);
    void addNodeSlice(std::int64_t nodeId, std::int64_t sliceId, const char* rule);
    void setCounts(std::int64_t graphId, std::int64_t nodes, std::int64_t edges, std::int64_t joinedNodes,
                   std::int64_t unjoinedExecutions);

private:
    Database& db_;
    Statement graph_, node_, edge_, nodeSlice_;
};

} // namespace opscope
