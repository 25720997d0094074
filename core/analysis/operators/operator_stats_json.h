// Operator statistics as JSON (`opscope-cli stats --json`, docs/cli.md "stats"): the same rows the table,
// the CSV and the GUI's operator view show, with times in integer ns.
#pragma once
#include "core/analysis/operators/operator_stats.h"

#include <nlohmann/json.hpp>

namespace opscope {

nlohmann::ordered_json operatorStatsJson(const OperatorStats& stats);

} // namespace opscope
