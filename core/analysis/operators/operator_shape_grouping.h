// Ascend users group operators by OP type and input shapes (msprof-analyze's AI Core performance check,
// MindStudio Insight's operator view): one row per (type, Input Shapes) pair.
#pragma once
#include "core/analysis/operators/operator_grouping.h"

namespace opscope {

inline constexpr const char* kInputShapesMetric = "Input Shapes";

// Splits each group by its slices' Input Shapes text (kernel_details' column, quotes dropped): labels
// become "Type [32,3,224,224]"; slices without shapes keep the label alone. A store without the column
// is left as it is.
bool splitByInputShapes(Database& db, const StoreSnapshot& snapshot, OperatorGrouping* grouping, Error* error);

} // namespace opscope
