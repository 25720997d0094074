// `opscope-cli cluster merge`: a job's cluster store built from per-rank stores without re-reading any
// trace. Each rank store gives its per-rank × step figures (computed from its device tasks, or its
// own cluster_step rows), its communication rows and its devices; the job store holds them as
// cluster_step / comm_* / device rows, which the cluster command and views read like any store.
#pragma once
#include "core/model/error.h"

#include <string>
#include <vector>

namespace opscope {

struct ClusterMergeReport {
    int ranks = 0;
    std::int64_t stepRows = 0, commOps = 0, commLinks = 0;
    std::vector<std::string> duplicateRanks; // "rank 3: a.sqlite, b.sqlite"
};

bool mergeRankStores(const std::vector<std::string>& rankStores, const std::string& jobStorePath,
                     ClusterMergeReport* report, Error* error);

} // namespace opscope
