// The cluster tables (cluster_step, comm_op, comm_bandwidth, comm_packet, comm_link, comm_group):
// written at import from msprof-analyze's cluster_analysis_output or a rank's communication files,
// read back by the cluster and communication analyses. The only SQL over these tables.
#pragma once
#include "core/model/cluster.h"
#include "core/store/sqlite_db.h"

#include <string_view>
#include <vector>

namespace opscope {

// source: where the rows come from ("cluster_step_trace_time.csv", "cluster_communication.json",
// "communication.json", "cluster_analysis.db" ...), kept in each row.
void writeClusterSteps(Database& db, std::string_view source, const std::vector<ClusterStepRow>& rows);
void writeCommOps(Database& db, std::string_view source, const std::vector<CommOpRank>& ops);
void writeCommLinks(Database& db, std::string_view source, const std::vector<CommMatrixLink>& links);
void writeCommGroups(Database& db, const std::vector<CommGroup>& groups);

// Rows in a stable order: steps by (type, step, rank), ops by (group, step, op, rank), links by id.
// A store written before these tables existed reads as empty.
std::vector<ClusterStepRow> readClusterSteps(Database& db);
std::vector<CommOpRank> readCommOps(Database& db);
std::vector<CommMatrixLink> readCommLinks(Database& db);
std::vector<CommGroup> readCommGroups(Database& db);

} // namespace opscope
