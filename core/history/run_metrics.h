// The figures one run contributes to the history: named metrics (with a scope such as a device label or
// an operator name), taken from the aggregates a baseline holds. Their names are documented in
// docs/history.md and stable: users' trend queries and thresholds files name them.
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/analysis/compare/comparison.h"
#include "core/analysis/memory/memory_summary.h"
#include "core/history/drift_detection.h"

#include <string>
#include <vector>

namespace opscope::history {

struct RunMetric {
    std::string name;   // "op.total_ns"
    std::string scope;  // "" for trace-wide figures, else a device label, an operator name or a rule id
    double value = 0;   // int64 ns and counts are exact below 2^53 (104 days of nanoseconds)
    std::string unit;   // "ns", "count", "ratio", or a finding's own unit
};

// How many operators (by total time) a run keeps in the history.
inline constexpr std::size_t kTopOperators = 100;

std::vector<RunMetric> metricsFromAggregates(const BaselineAggregates& aggregates);
// Device time per device and per step (breakdown.* and step.*; docs/device-time.md defines each figure).
std::vector<RunMetric> metricsFromBreakdown(const BreakdownReport& breakdown);
// The memory peaks per device (memory.*).
std::vector<RunMetric> metricsFromMemory(const std::vector<DeviceMemorySummary>& memory);

// Which way the named metric gets worse, and the absolute noise floor of its unit.
Direction defaultDirection(const std::string& metricName);
double defaultMinAbsolute(const std::string& unit);

} // namespace opscope::history
