// Operator statistics: per operator name or type, count, total, self, average, min, max, exact
// percentiles, share of busy time, and the mean of every numeric metric the store holds for it.
#pragma once
#include "core/analysis/operators/operator_grouping.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/analysis/snapshot/track_selection.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

struct OperatorStatsOptions {
    TrackSelection tracks;          // default: device compute tracks
    GroupingOptions grouping;       // by name / type, time range
    int topN = 0;                   // 0: all rows
    bool includeMetrics = true;
    // Ascend: rows keyed by (name or type, Core Type) as op_statistic.csv keys them, when the store
    // has kernel_details' "Accelerator Core"; coreType keeps only that core type's slices ("" all).
    bool splitByCoreType = false;
    std::string coreType;
    // Ascend: rows keyed by (type, Input Shapes) as msprof-analyze and Insight group them (operator_shape_grouping.h).
    bool splitByInputShapes = false;
    // The step window of a step selection (StepSelection::hostWindow): step time is its duration. None:
    // the ProfilerStep#N slices starting inside the range.
    std::optional<TimeRange> stepWindow;
    bool keepGrouping = false; // fill OperatorStats::grouping
};

struct MetricColumn {
    std::int64_t keyId = 0;
    std::string name;
    std::string unit;
    std::string group;
};

struct OperatorStatsRow {
    std::string key; // operator name or type
    std::string coreType; // Ascend Core Type of the row (AI_CORE, AI_VECTOR_CORE ...); "" when none
    std::int64_t count = 0;
    TimeNs totalNs = 0;
    TimeNs selfNs = 0;
    TimeNs minNs = 0;
    TimeNs maxNs = 0;
    // Nearest-rank percentiles: the smallest duration with at least p% of executions at or below it.
    TimeNs p50Ns = 0;
    TimeNs p90Ns = 0;
    TimeNs p99Ns = 0;
    double avgNs = 0;
    // With device classes: totalNs / OperatorStats::computeTaskNs for compute operators (op_statistic.csv's
    // Ratio), 0 for communication and memory rows, which are listed after them. Without classes (an old
    // store, host tracks): totalNs / OperatorStats::busyNs (nested ops may add up past 1).
    double busyShare = 0;
    // totalNs / OperatorStats::stepTimeNs; NaN when the trace has no ProfilerStep.
    double stepShare = 0;
    std::optional<DeviceClass> deviceClass; // compute when any of its slices is compute; none: not a device slice
    // CPU time: the sum of thread_dur over the executions the trace gave thread time to (cpuCount of them).
    TimeNs cpuNs = 0;
    std::int64_t cpuCount = 0;
    std::vector<double> metricMeans; // parallel to OperatorStats::metrics; NaN: no value
};

struct OperatorStats {
    GroupBy groupBy = GroupBy::Name;
    std::vector<std::int64_t> tracks; // logical track ids analysed
    bool fellBackToAll = false;       // no compute track in the trace: every slice track was used
    std::optional<TimeRange> range;
    // Busy time: per track, the union of its slices (nested slices and overflow lanes counted once),
    // summed over the tracks. Shares of non-nested operators therefore add up to 1.
    TimeNs busyNs = 0;
    // Summed durations of the compute-class slices counted (the denominator of busyShare); 0 when the
    // store has no device classes or the tracks hold no compute slice.
    TimeNs computeTaskNs = 0;
    // Summed duration of the host ProfilerStep#N slices (starting inside the range; with a step selection,
    // that step's): the base of stepShare. 0: the trace has no ProfilerStep.
    TimeNs stepTimeNs = 0;
    std::int64_t skippedNotWork = 0; // waits and markers left out of compute tracks (docs/device-time.md)
    std::int64_t sliceCount = 0;     // executions counted
    std::vector<MetricColumn> metrics; // only keys with at least one value in the rows
    bool hasCpuTime = false;           // some execution has thread (CPU) time
    std::vector<OperatorStatsRow> rows; // by total time, descending (then by key)
    // The slices of each row, labelled by operatorRowId, when OperatorStatsOptions::keepGrouping asked
    // for it (a view that hands a row's executions to the timeline); null otherwise.
    std::shared_ptr<const OperatorGrouping> grouping;
};

// A row's identity: its key, with the Core Type when the rows are split by it ("MatMul (AI_CORE)"), since
// one key may then have several rows.
std::string operatorRowId(const std::string& key, const std::string& coreType);

// Nearest-rank percentile of sorted values (p in (0, 100]). Exposed for tests.
TimeNs nearestRankPercentile(const std::vector<TimeNs>& sorted, double p);

// Opens nothing: db must be an open store; the snapshot is loaded here.
bool computeOperatorStats(Database& db, const OperatorStatsOptions& options, OperatorStats* out, Error* error);
// On an already loaded snapshot (the GUI reuses one for several views). db is read for metrics and args.
bool computeOperatorStats(Database& db, const StoreSnapshot& snapshot, const OperatorStatsOptions& options,
                          OperatorStats* out, Error* error);

// Busy time of each track of a slice set (union of intervals, clipped to range when given).
std::vector<TimeNs> busyTimePerTrack(const SliceSet& slices, const std::optional<TimeRange>& range);

} // namespace opscope
