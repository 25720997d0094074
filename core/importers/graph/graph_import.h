// Putting a computation graph into an existing, finished store: read a graph file (or derive one
// from the trace), write graph/graph_node/graph_edge and the node-to-slice join in one transaction.
// A store holds one graph: importing replaces the previous one (and its cached layout).
#pragma once
#include "core/model/graph_model.h"
#include "core/model/error.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace opscope {

class Database;

struct GraphImportReport {
    std::int64_t graphId = 0;
    std::string format;
    bool derived = false;
    std::int64_t nodes = 0, edges = 0, skippedNodes = 0;
    std::int64_t invalidUtf8Replaced = 0; // text repaired with U+FFFD while reading the file
    std::int64_t joinedNodes = 0;        // nodes with at least one execution
    std::int64_t joinedExecutions = 0;   // graph_node_slice rows
    std::int64_t unjoinedExecutions = 0; // operator slices no node claimed
    std::vector<std::pair<std::string, std::int64_t>> nodesByRule; // rule name, nodes it joined
    std::vector<std::string> ambiguousNames; // trace names several nodes claim as original name: joined to none
    double joinRate() const { return nodes > 0 ? static_cast<double>(joinedNodes) / static_cast<double>(nodes) : 0.0; }
};

// Writes model into the open (read-write) store db; trackIds restricts the join (derived graphs).
bool writeGraph(Database& db, const GraphModel& model, const std::vector<std::int64_t>& trackIds,
                GraphImportReport* report, Error* error);

// Reads graphPath (any known format) and writes it into the store at storePath.
bool importGraphFile(const std::string& storePath, const std::string& graphPath, GraphImportReport* report,
                     Error* error);

// Derives a graph from the trace in the store and writes it (graph.derived = 1).
bool deriveGraphIntoStore(const std::string& storePath, GraphImportReport* report, Error* error);

// Builds the derived graph: one node per operator name on the device compute tracks (or, without
// any, the top-level slices of every thread), linked by the order of consecutive tasks on a track and
// by flows between them. trackIds receives the tracks it used.
bool buildDerivedGraph(Database& db, GraphModel* out, std::vector<std::int64_t>* trackIds, Error* error);

// Id of the store's graph, 0 when it has none (or the store predates the graph tables).
std::int64_t storeGraphId(Database& db);

// A graph file lying next to a trace ("run_trace.json" -> "run_et.json", "run.graph.json", ...), or
// inside a trace folder; empty when there is none.
std::string findGraphBeside(const std::string& tracePath);

} // namespace opscope
