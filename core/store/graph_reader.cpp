#include "core/store/graph_reader.h"

#include "core/store/sqlite_db.h"

#include <unordered_map>

namespace opscope {

bool storeHasFileGraph(Database& db) {
    return db.tableExists("graph") && db.scalarInt("SELECT count(*) FROM graph WHERE derived = 0") > 0;
}

bool readLatestGraphHeader(Database& db, GraphHeader* out) {
    if (!db.tableExists("graph")) return false;
    Statement st = db.prepare("SELECT source_path, format, derived, node_count, edge_count, joined_node_count, "
                              "unjoined_exec_count FROM graph ORDER BY id DESC LIMIT 1");
    if (!st.step()) return false;
    *out = GraphHeader{st.text(0), st.text(1), st.int64(2) != 0, st.int64(3), st.int64(4), st.int64(5), st.int64(6)};
    return true;
}

bool readGraphStructure(Database& db, GraphStructure* out) {
    *out = GraphStructure{};
    if (!db.tableExists("graph")) return false;
    Statement g = db.prepare("SELECT id, source_path, format, derived FROM graph ORDER BY id DESC LIMIT 1");
    if (!g.step()) return false;
    const std::int64_t graphId = g.int64(0);
    out->sourcePath = g.text(1);
    out->format = g.text(2);
    out->derived = g.int64(3) != 0;
    std::unordered_map<std::int64_t, std::uint32_t> indexOf;
    Statement nodes = db.prepare("SELECT id, name, type FROM graph_node WHERE graph_id = ? ORDER BY id");
    nodes.bind(1, graphId);
    while (nodes.step()) {
        indexOf.emplace(nodes.int64(0), static_cast<std::uint32_t>(out->names.size()));
        out->names.push_back(nodes.text(1));
        out->types.push_back(nodes.text(2));
    }
    Statement edges = db.prepare("SELECT src_node, dst_node FROM graph_edge WHERE graph_id = ? ORDER BY id");
    edges.bind(1, graphId);
    while (edges.step()) {
        auto src = indexOf.find(edges.int64(0)), dst = indexOf.find(edges.int64(1));
        if (src != indexOf.end() && dst != indexOf.end()) out->edges.emplace_back(src->second, dst->second);
    }
    return true;
}

std::vector<GraphRuleCount> readGraphRuleCounts(Database& db, std::int64_t graphId) {
    std::vector<GraphRuleCount> out;
    Statement st = db.prepare("SELECT g.rule, count(DISTINCT g.node_id), count(*) FROM graph_node_slice g "
                              "JOIN graph_node n ON n.id = g.node_id WHERE n.graph_id = ? GROUP BY g.rule "
                              "ORDER BY count(DISTINCT g.node_id) DESC");
    st.bind(1, graphId);
    while (st.step()) out.push_back({st.text(0), st.int64(1), st.int64(2)});
    return out;
}

} // namespace opscope
