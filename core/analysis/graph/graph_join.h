// Joins graph nodes to the trace's operator slices (their executions): by exact name, then by the
// naming rules of the graph's format (scope suffixes, fused names made of several node names, CANN
// original-op names, PyTorch record-function ids), recording which rule joined each node.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

class Database;

enum class JoinRule {
    ExactName,        // the slice's name is the node's name (names unique in the graph)
    RecordFunctionId, // PyTorch ET rf_id == Kineto args "Record function id", names agree
    ExternalId,       // old schemas: ET rf_id == Kineto args "External id", names agree
    NameOrder,        // nodes sharing a name paired with that name's slices in time order
    Scope,            // one name is the other with scope prefixes ("net/layer1/conv2" ~ "conv2")
    OriginalName,     // the slice's name is one of the node's aliases (CANN _datadump_original_op_names)
    FusedName,        // the slice's name is several node names run together ("trans_Cast_10trans_TransData_8")
    Derived,          // derived graph: nodes are the trace's own operator names
};

const char* joinRuleName(JoinRule rule); // the graph_node_slice.rule text: "exact_name", "scope", ...
// The rules tried for a graph format, in order (docs/graph-format.md, "Joining").
std::vector<JoinRule> joinRulesFor(std::string_view format);

struct JoinNode {
    std::string name;
    std::optional<std::int64_t> recordFunctionId;
    std::vector<std::string> aliases;
    std::int64_t order = 0;
};

struct JoinMatch {
    std::uint32_t node = 0; // index into the nodes given
    std::int64_t sliceId = 0;
    JoinRule rule = JoinRule::ExactName;
};

struct JoinOptions {
    std::vector<JoinRule> rules;
    std::vector<std::int64_t> trackIds; // empty: every slice track
};

struct JoinResult {
    std::vector<JoinMatch> matches;
    std::int64_t joinedNodes = 0;
    std::vector<std::pair<JoinRule, std::int64_t>> nodesByRule; // rules that joined at least one node
    // Trace names that are an original name (alias) of several nodes: a generic CANN name such as "MatMul"
    // names no one node, so its slices join none of them. Sorted; the report lists them.
    std::vector<std::string> ambiguousNames;
};

// Reads the store's strings and slices (db may be inside a write transaction).
bool joinNodesToSlices(Database& db, const std::vector<JoinNode>& nodes, const JoinOptions& options,
                       JoinResult* out, Error* error);

// Executions that match no node: operator slices on the tracks and categories the graph joined to,
// not claimed by any node. Grouped by name, most frequent first.
struct UnjoinedName {
    std::string name;
    std::int64_t count = 0;
    std::int64_t totalNs = 0;
};
bool countUnjoinedExecutions(Database& db, std::int64_t graphId, std::int64_t* count, Error* error);
bool listUnjoinedExecutions(Database& db, std::int64_t graphId, int limit, std::vector<UnjoinedName>* out,
                            Error* error);

} // namespace opscope
