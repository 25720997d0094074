// Operator heatmap: one row per operator (top N by time) or type, one column per time bucket, and a
// value per cell (busy time, executions, mean duration or a metric), laid out for a colour map.
#pragma once
#include "core/analysis/operators/operator_grouping.h"
#include "core/analysis/snapshot/store_access.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

enum class HeatmapValue {
    // ns of execution inside the bucket (each slice clipped to the bucket, summed over the row's executions):
    // the row's compute, communication or memory time by its device class. Named "busy" in the CLI before
    // device classes existed; it is no "device busy" (docs/device-time.md), which unites across operators.
    BusyTime,
    Count,        // executions starting in the bucket
    MeanDuration, // mean duration (ns) of executions starting in the bucket
    Metric,       // mean of a slice metric, weighted by each execution's time inside the bucket
};

struct HeatmapOptions {
    TrackSelection tracks;
    GroupingOptions grouping; // by name / type; grouping.range is ignored: see range below
    HeatmapValue value = HeatmapValue::BusyTime;
    std::string metricName;   // for HeatmapValue::Metric (e.g. "aic_mac_ratio")
    int bucketCount = 200;
    std::optional<TimeRange> range; // none: from the first to the last activity of the tracks
    int topN = 20;            // rows kept, by busy time in the range; 0: all
    bool includeOther = false; // one more row, "(other)", summing the rows left out
};

struct HeatmapRow {
    std::string label;
    TimeNs totalNs = 0;       // execution time inside the range
    std::int64_t count = 0;   // executions starting inside the range
    // As in operator statistics: compute when any of its slices is compute, else the class of its first
    // classified slice; none when no slice is a classified device slice (host rows, old stores, "(other)").
    std::optional<DeviceClass> deviceClass;
};

struct HeatmapResult {
    HeatmapValue value = HeatmapValue::BusyTime;
    std::string valueName;    // "time", "count", "mean duration" or the metric's name
    std::string valueUnit;    // "ns", "", or the metric's unit
    TimeRange range;
    int bucketCount = 0;
    std::vector<TimeNs> bucketEdgesNs; // bucketCount + 1 edges; bucket i is [edges[i], edges[i + 1])
    std::vector<HeatmapRow> rows;      // by totalNs, descending; "(other)" last when asked for
    std::vector<double> cells;         // row-major rows.size() x bucketCount; NaN: no data in the cell
    double minValue = 0, maxValue = 0; // over cells with data
    bool fellBackToAll = false;

    double cell(std::size_t row, std::size_t bucket) const {
        return cells[row * static_cast<std::size_t>(bucketCount) + bucket];
    }
};

inline constexpr const char* kOtherRowLabel = "(other)";

// Bucket edges that split [range) into n parts exactly, with integer arithmetic only.
std::vector<TimeNs> bucketEdges(TimeRange range, int bucketCount);

bool computeHeatmap(Database& db, const HeatmapOptions& options, HeatmapResult* out, Error* error);
// On a loaded snapshot; metric values (parallel to the snapshot's slices) are needed for Metric.
bool computeHeatmap(Database& db, const StoreSnapshot& snapshot, const HeatmapOptions& options,
                    HeatmapResult* out, Error* error);

} // namespace opscope
