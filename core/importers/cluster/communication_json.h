// The communication JSON files of Ascend jobs, read into plain rows: a rank's communication.json
// ({step: {p2p|collective: {op@group: info}}}), msprof-analyze's cluster_communication.json
// ({group: {step: {op@group: {rank: info}}}}), the communication matrices (per rank, group-local
// "src-dst" keys; cluster, global ranks) and communication_group.json.
#pragma once
#include "core/model/cluster.h"
#include "core/model/error.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace opscope::cluster {

// One operator's "Communication Time Info" and "Communication Bandwidth Info" (times exact to ns).
// False when the time info is missing or its start or elapse is not a number.
bool parseCommOpInfo(const nlohmann::json& info, CommOpRank* op);

// Splits "hcom_allReduce__586_0_1@1752..." into the op name and the group hash.
void splitOpKey(const std::string& key, std::string* name, std::string* group);

bool readRankCommunicationJson(const std::string& path, int rank, std::vector<CommOpRank>* ops, Error* error);
bool readClusterCommunicationJson(const std::string& path, std::vector<CommOpRank>* ops, Error* error);

// groupRanks: group hash -> global ranks in group-local order (profiler_metadata.json parallel_group,
// communication_group.json); links of other groups keep their group-local ranks (globalRanks false).
bool readRankCommunicationMatrix(const std::string& path, const std::map<std::string, std::vector<int>>& groupRanks,
                                 std::vector<CommMatrixLink>* links, Error* error);
bool readClusterCommunicationMatrix(const std::string& path, std::vector<CommMatrixLink>* links, Error* error);

bool readCommunicationGroups(const std::string& path, std::vector<CommGroup>* groups, Error* error);

// profiler_metadata.json "parallel_group": {name: {"group_name": hash, "global_ranks": [...]}} ->
// hash -> global ranks. Missing or malformed: empty.
std::map<std::string, std::vector<int>> parallelGroupRanks(const std::string& profilerMetadataPath);

} // namespace opscope::cluster
