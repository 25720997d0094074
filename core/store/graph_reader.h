// Reads about the computation graph tables of a store (graph, graph_node, ...), for the session.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

class Database;

// How many nodes and executions of a graph each join rule matched.
struct GraphRuleCount {
    std::string rule;
    std::int64_t nodes = 0;
    std::int64_t executions = 0;
};

// The newest graph's header row (table graph): where it came from and how well it joined.
struct GraphHeader {
    std::string sourcePath, format;
    bool derived = false;
    std::int64_t nodes = 0, edges = 0, joinedNodes = 0, unjoinedExecutions = 0;
};
// False when the store has no graph. Throws SqliteError like every Database call.
bool readLatestGraphHeader(Database& db, GraphHeader* out);

// By nodes, descending.
std::vector<GraphRuleCount> readGraphRuleCounts(Database& db, std::int64_t graphId);

// The store's graph as the fusion matcher reads it: nodes (name, type) and directed edges of every kind,
// by index into the node lists.
struct GraphStructure {
    std::string sourcePath, format;
    bool derived = false;
    std::vector<std::string> names, types;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
};
// False when the store has no graph.
bool readGraphStructure(Database& db, GraphStructure* out);

// True when the store holds a graph imported from a file (not derived from the trace), so a graph file
// found beside the trace must not replace it. False when the store has no graph table.
bool storeHasFileGraph(Database& db);

} // namespace opscope
