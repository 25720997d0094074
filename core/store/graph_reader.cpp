#include "core/store/graph_reader.h"

#include "core/store/sqlite_db.h"

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
