// What the graph view colours nodes by and what the counter panel plots: per-node measures over the
// node's joined executions (total time share, mean duration, idle time before it, the mean of every
// numeric slice metric), and for selected nodes each execution with its metrics and the device
// counters during its time window.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

class Database;
struct StoredGraph;

struct NodeMeasureColumn {
    enum class Kind { TimeShare, MeanDuration, BubbleBefore, Executions, Metric };
    Kind kind = Kind::Metric;
    std::string name;  // metric name for Kind::Metric
    std::string unit;  // "ns", "share", "count" for the built-ins; the metric's unit otherwise
    std::string group; // metric group ("AI Core PMU", ...); empty for the built-ins
    std::int64_t keyId = 0;
};

struct GraphMeasures {
    std::vector<NodeMeasureColumn> columns;  // built-ins first, then metrics by group and name
    std::vector<std::vector<double>> values; // [column][node], NaN where a node has no value
    std::vector<TimeNs> totalNs;             // per node: summed duration of its executions
    std::vector<std::int64_t> executions;    // per node
    TimeNs joinedTotalNs = 0;                // sum of totalNs
};

// Nodes are taken in the order of graph.nodes.
bool computeGraphMeasures(Database& db, const StoredGraph& graph, GraphMeasures* out, Error* error);

struct NodeExecution {
    std::int64_t sliceId = 0;
    std::int64_t trackId = 0;
    TimeNs tsNs = 0;
    TimeNs durNs = 0;
    std::int64_t nodeId = 0;
};

struct ExecutionMetricSeries {
    std::string name, unit, group;
    std::vector<double> values; // parallel to NodeExecutionData::executions, NaN: no value
    bool isRatio = false;       // utilisation-like (ratio, %, "util") metrics
    bool isBandwidth = false;   // GB/s, MB/s, "bandwidth"
};

struct CounterWindowSeries {
    std::int64_t trackId = 0;
    std::string name, unit;
    // Samples inside each execution window (the value holding at its start first); windows are
    // consecutive runs, windowBegin[i] is where window i starts in tsNs/values.
    std::vector<TimeNs> tsNs;
    std::vector<double> values;
    std::vector<std::uint32_t> windowBegin;
};

struct NodeExecutionData {
    std::vector<NodeExecution> executions; // by start time
    std::vector<ExecutionMetricSeries> metrics;
    std::vector<CounterWindowSeries> counters;
    std::size_t counterWindows = 0;        // executions whose windows the counters cover (the first ones)
};

struct NodeExecutionOptions {
    std::size_t maxCounterWindows = 256;
    std::size_t maxCounterTracks = 8;
};

// Executions of the given nodes (a node, or every member of a collapsed scope).
bool loadNodeExecutions(Database& db, const std::vector<std::int64_t>& nodeIds, const NodeExecutionOptions& options,
                        NodeExecutionData* out, Error* error);

// Node ids by slice id for the timeline -> graph direction (every joined slice of the graph).
bool loadSliceNodeMap(Database& db, std::int64_t graphId, std::vector<std::pair<std::int64_t, std::int64_t>>* out,
                      Error* error);

} // namespace opscope
