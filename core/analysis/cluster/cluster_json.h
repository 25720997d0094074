// The cluster summary as the JSON `opscope-cli cluster --json` prints (documented in docs/cli.md).
#pragma once
#include "core/analysis/cluster/cluster_summary.h"

#include <nlohmann/json.hpp>

namespace opscope {

nlohmann::json clusterSummaryJson(const ClusterSummary& summary);

} // namespace opscope
