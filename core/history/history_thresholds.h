// Detection thresholds per metric: built-in defaults (direction and noise floor by metric and unit),
// overridden by a JSON file the user keeps beside the history (format in docs/history.md).
#pragma once
#include "core/history/drift_detection.h"
#include "core/model/error.h"

#include <map>
#include <optional>
#include <string>

namespace opscope::history {

// The largest window, min_runs and confirm_runs a thresholds file may set: a drift is judged from
// every pair of runs in its window, for each of the 3 x window + confirm_runs runs read, so the
// work grows with the cube of the window (500: about 10^8 pairs, a second).
inline constexpr int kMaxThresholdRuns = 500;

// Fields a thresholds file may set; what it leaves out keeps the built-in value.
struct ThresholdOverride {
    std::optional<int> window, minRuns, confirmRuns;
    std::optional<double> madK, minRelative, minAbsolute, driftTau;
    std::optional<Direction> direction;
};

struct ThresholdsConfig {
    ThresholdOverride defaults;                        // the file's "default" object
    std::map<std::string, ThresholdOverride> metrics;  // by metric name ("op.total_ns")

    // Built-ins for the metric and unit, then "default", then the metric's own entry.
    Thresholds forMetric(const std::string& metric, const std::string& unit) const;
};

// {"default": {...}, "metrics": {"op.total_ns": {"min_relative": 0.05, "direction": "up"}}}
bool parseThresholds(const std::string& text, const std::string& path, ThresholdsConfig* out, Error* error);
bool readThresholdsFile(const std::string& path, ThresholdsConfig* out, Error* error);

} // namespace opscope::history
