// Ascend's Core Type (kernel_details' "Accelerator Core": AI_CORE, AI_VECTOR_CORE, AI_CPU, MIX_AIC,
// MIX_AIV ...) as a part of the operator grouping, the way op_statistic.csv keys its rows by
// (OP Type, Core Type), and as a filter.
#pragma once
#include "core/analysis/operators/operator_grouping.h"

#include <string>
#include <vector>

namespace opscope {

inline constexpr const char* kCoreTypeMetric = "Accelerator Core";

// Splits each group by the core type of its slices (slices without one keep "" as theirs) and keeps
// only the slices of onlyCoreType when it is not empty. coreTypes comes back parallel to labels.
bool splitByCoreType(Database& db, const StoreSnapshot& snapshot, const std::string& onlyCoreType,
                     OperatorGrouping* grouping, std::vector<std::string>* coreTypes, Error* error);

} // namespace opscope
