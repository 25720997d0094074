// A computation graph as the graph readers produce it, before it goes into the store: nodes with
// their attributes and tensor shapes (JSON text), edges by node index, and the hints the join uses.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

struct GraphNodeInput {
    std::string name;
    std::string type;
    std::string scope;                  // '/'-separated path of enclosing scopes; empty: top level
    std::string attrsJson = "{}";       // JSON object text
    std::string inputShapesJson = "[]"; // JSON array of shapes (arrays of ints) or null
    std::string outputShapesJson = "[]";
    std::optional<std::int64_t> recordFunctionId; // PyTorch ET rf_id
    std::vector<std::string> aliases;   // other names its executions may carry (CANN original op names)
    std::int64_t order = 0;             // execution order in the file (ET id), for the name-order rule
};

struct GraphEdgeInput {
    std::uint32_t src = 0; // node indices
    std::uint32_t dst = 0;
    std::string kind;      // "data", "ctrl", "order" (derived: consecutive tasks), "flow" (derived)
    std::string tensor;    // tensor name or id; may be empty
    std::string shape;     // JSON array text; may be empty
};

struct GraphModel {
    std::string format;         // "opscope-graph", "pytorch-et", "cann-om", "derived"
    std::string sourcePath;     // empty for derived graphs
    std::string name;           // the graph's own name, if the file gives one
    std::string direction;      // preferred layout direction "LR" or "TB"; empty: default
    bool derived = false;
    std::vector<GraphNodeInput> nodes;
    std::vector<GraphEdgeInput> edges;
    std::int64_t skippedNodes = 0; // nodes the reader left out (ET root/thread nodes, CANN constants)
    std::int64_t invalidUtf8Replaced = 0; // invalid UTF-8 sequences and lone surrogate escapes replaced by U+FFFD
};

} // namespace opscope
