// The breakdown as the JSON document of `opscope-cli breakdown --json` (keys documented in docs/cli.md).
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"

#include <nlohmann/json.hpp>

namespace opscope {

nlohmann::json breakdownJson(const BreakdownReport& report);

} // namespace opscope
