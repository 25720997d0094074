// Per-operator memory as two columns of operator statistics ("memory peak held", "memory allocated",
// group "Memory", bytes): unlike the metric columns these are per-operator figures, not means
// (docs/memory.md). Rows are matched by operator name; grouping by type gets no memory columns.
#pragma once
#include "core/analysis/memory/memory_operators.h"
#include "core/analysis/operators/operator_stats.h"

namespace opscope {

inline constexpr std::int64_t kMemoryPeakColumnKey = -1;      // MetricColumn::keyId of "memory peak held"
inline constexpr std::int64_t kMemoryAllocatedColumnKey = -2; // ... of "memory allocated"

// Appends the two columns when at least one row's operator allocated memory (NaN for the others).
void appendOperatorMemoryColumns(const std::vector<OperatorMemory>& memory, OperatorStats* stats);

} // namespace opscope
