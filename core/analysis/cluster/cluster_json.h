// The cluster summary as the JSON `opscope-cli cluster --json` prints (documented in docs/cli.md).
#pragma once
#include "core/analysis/cluster/cluster_summary.h"
#include "core/analysis/communication/nccl_args.h"

#include <nlohmann/json.hpp>

namespace opscope {

nlohmann::json clusterSummaryJson(const ClusterSummary& summary);

// The NCCL collectives of cluster --json ("nccl_collectives", docs/cli.md): one object per NCCL kernel.
nlohmann::json ncclCollectivesJson(const std::vector<NcclCollective>& collectives);

} // namespace opscope
