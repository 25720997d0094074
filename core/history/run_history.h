// The run-history operations the CLI, the history view and the report share: collect a run's metrics
// from a store, add it, read one metric's trend with its band and changes, and check a new run against
// the recent ones.
#pragma once
#include "core/analysis/compare/comparison.h"
#include "core/history/history_store.h"
#include "core/history/history_thresholds.h"

#include <string>
#include <vector>

namespace opscope::history {

struct RunDescription {
    std::string label;       // empty: the trace's file name
    std::string commit;
    std::string host;        // empty: this machine's host name
    std::int64_t runTimeNs = 0; // 0: now
    bool knownChange = false;
};

struct CollectedRun {
    RunInfo info;
    std::vector<RunMetric> metrics;
};

// What a store adds to its run beside the baseline aggregates: its description and content hash, the
// device-time breakdown and the memory peaks. TraceSession::historyRun computes the aggregates meanwhile.
bool collectStoreFigures(Database& store, const std::string& tracePath, const RunDescription& description,
                         CollectedRun* out, Error* error);
// The whole run: the aggregates' metrics first, then the store's figures.
CollectedRun assembleRun(const BaselineAggregates& aggregates, CollectedRun storeFigures);
// A run from a baseline file `compare` wrote (import-baselines): no store, so the hash is of the file.
CollectedRun runFromBaseline(const BaselineAggregates& baseline, const std::string& baselinePath,
                             const std::string& fileHash, const RunDescription& description);

struct TrendPoint {
    RunInfo run;
    double value = 0;
    double smoothed = 0;
    Band band;
    bool beyond = false;
};

struct TrendChange {
    Change change;
    RunInfo firstRun, lastRun;
};

struct Trend {
    std::string metric, scope, unit;
    Thresholds thresholds;
    std::vector<TrendPoint> points;
    std::vector<TrendChange> changes;
};

bool computeTrend(HistoryStore& store, const std::string& metric, const std::string& scope,
                  const ThresholdsConfig& config, Trend* out, Error* error);

// The trends a report shows: trace duration, busy time, bubble time, and the total time of each of the
// given operators (those of the report's own top list), each only where the history holds it.
std::vector<Trend> reportTrends(HistoryStore& store, const std::vector<std::string>& operators,
                                const ThresholdsConfig& config, Error* error);

struct HistoryRegression {
    std::string metric, scope, unit;
    Change change;
    RunInfo firstRun;  // id 0: the checked run itself
    double latest = 0; // the checked run's value
};

struct CheckReport {
    std::size_t runsConsidered = 0;  // recent runs read from the history
    std::size_t metricsChecked = 0;  // metrics with enough history to be judged
    std::vector<HistoryRegression> regressions; // largest relative change first
};

// Judges every metric of the candidate against the recent runs of the history (the candidate is not
// added). Only the last runs that any threshold's window can reach are read.
bool checkRun(HistoryStore& store, const CollectedRun& candidate, const ThresholdsConfig& config, CheckReport* out,
              Error* error);

} // namespace opscope::history
