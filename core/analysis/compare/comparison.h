// Comparing two traces: the aggregates a comparison needs (a "baseline": device busy time, per-device busy,
// per-operator count/total/mean, bubble totals, fired findings), taken from a store or a baseline JSON,
// and their diff with a relative threshold that decides what counts as a regression (the CI gate).
#pragma once
#include "core/analysis/launch/host_operator_diff.h"
#include "core/model/error.h"
#include "core/model/time.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace opscope {

struct StoreSnapshot; // core/analysis/store_access.h
struct DiagnosisReport; // core/analysis/diagnosis_types.h
struct BubbleReport;    // core/analysis/bubble_analysis.h

class Database;

struct OperatorAggregate {
    std::string name;
    std::int64_t count = 0;
    TimeNs totalNs = 0;
    double meanNs = 0;
    TimeNs p90Ns = 0; // 0 when the baseline file predates it
};

struct DeviceAggregate {
    std::string label; // matched by label between two traces ("NPU 0")
    TimeNs busyNs = 0;
    TimeNs spanNs = 0;
    TimeNs bubbleTotalNs = 0;
    TimeNs computeNs = 0; // compute alone (0 when the baseline file predates it)
};

struct FindingAggregate {
    std::string ruleId;
    std::string title;    // English title, for display
    std::string severity; // "low" | "medium" | "high"
    double measured = 0;
    std::string unit;
    TimeNs timeAtStakeNs = 0;
};

struct BaselineAggregates {
    std::string source;             // the trace (or store) the aggregates describe
    TimeNs traceDurationNs = 0;     // meta trace_end_ns - trace_start_ns
    TimeNs busyNs = 0;              // device busy (compute ∪ communication ∪ memory per device, summed)
    TimeNs computeNs = 0;           // compute time (per device union, summed); 0 in older baseline files
    TimeNs bubbleTotalNs = 0;       // device bubbles (gaps >= minBubbleNs)
    std::int64_t bubbleCount = 0;
    TimeNs largestBubbleNs = 0;
    TimeNs minBubbleNs = 0;
    double imbalance = 0;           // DeviceBalance::imbalance
    std::int64_t executions = 0;    // operator executions counted
    bool fellBackToAll = false;     // the trace marks no compute track: every slice track was used
    bool hasFindings = false;       // the diagnosis ran (findings may still be empty)
    std::vector<DeviceAggregate> devices;
    std::vector<OperatorAggregate> operators; // by total time, descending, then name
    std::vector<FindingAggregate> findings;   // fired ones only
    std::int64_t step = -1;                   // ProfilerStep#N the aggregates describe; -1: the whole trace
    std::vector<HostOperatorCount> hostOperators; // cpu_op counts (in the step's host window with a step)
};

struct BaselineOptions {
    TimeNs minBubbleNs = 0;
    bool includeFindings = true;
    // ProfilerStep#N only (by launch, core/analysis/launch/step_selection.h): operators of the step,
    // bubbles and findings inside the device span of its work; -1: the whole trace.
    std::int64_t step = -1;
    // Snapshots the caller already holds (TraceSession caches them), so that the statistics, bubbles and
    // diagnosis share one load: every slice track, and the default (device compute) selection. Null: loaded here.
    std::shared_ptr<const StoreSnapshot> allTracks;
    std::shared_ptr<const StoreSnapshot> computeTracks;
    // False: the per-device bubble figures are left for the caller, who fills them from a bubble report it
    // holds already (fillBubbleAggregates), such as the one of a diagnosis run beside.
    bool includeBubbles = true;
};

// Adds a diagnosis's fired findings to the aggregates (computeBaseline does it when includeFindings is set;
// a caller that ran the diagnosis beside it, on another thread, adds them with this).
void addFindings(const DiagnosisReport& report, BaselineAggregates* out);

// The per-device figures of the aggregates (busy, compute, bubbles, imbalance) from a bubble report
// computed with the baseline's minimum bubble and range (computeBaseline does it when includeBubbles is set).
void fillBubbleAggregates(const BubbleReport& bubbles, BaselineAggregates* out);

// Runs the operator statistics (by name, device compute tracks), the bubble analysis and, when asked,
// the diagnosis over an open store.
bool computeBaseline(Database& db, const BaselineOptions& options, BaselineAggregates* out, Error* error);

struct CompareOptions {
    // Relative growth beyond which a time regresses: 0.05 = more than 5% slower. Exactly at the
    // threshold is not a regression.
    double threshold = 0.05;
    // Growths smaller than the noise floor never regress: max(minDeltaNs, minShareOfBusy * base busy).
    TimeNs minDeltaNs = 1000;
    double minShareOfBusy = 0.001;
    bool gateFindings = true; // a high-severity finding that appeared is a regression
};

enum class Presence { Both, New, Vanished };
const char* presenceName(Presence presence); // "both", "new", "vanished"

struct MetricDiff {
    std::string name; // "trace duration", "busy time" (device busy), "bubble time", "bubbles", "largest bubble", ...
    std::string unit; // "ns", "count", "ratio"
    double base = 0, current = 0;
    bool gated = false;     // takes part in the regression decision
    bool regressed = false;
    double delta() const { return current - base; }
    double ratio() const;   // current / base; NaN when base is 0
};

struct DeviceDiff {
    std::string label;
    Presence presence = Presence::Both;
    TimeNs baseBusyNs = 0, newBusyNs = 0;
    TimeNs baseBubbleNs = 0, newBubbleNs = 0;
    bool regressed = false;
    double busyRatio() const;
};

struct OperatorDiff {
    std::string name;
    Presence presence = Presence::Both;
    std::int64_t baseCount = 0, newCount = 0;
    TimeNs baseTotalNs = 0, newTotalNs = 0;
    double baseMeanNs = 0, newMeanNs = 0;
    bool totalRegressed = false, meanRegressed = false;
    TimeNs deltaTotalNs() const { return newTotalNs - baseTotalNs; }
    double totalRatio() const; // NaN when the base total is 0
    double meanRatio() const;  // NaN when the base mean is 0
    bool regressed() const { return totalRegressed || meanRegressed; }
};

struct FindingDiff {
    std::string ruleId, title, severity;
    Presence presence = Presence::Both;
    double baseMeasured = 0, newMeasured = 0;
    std::string unit;
    bool regressed = false;
};

enum class RegressionKind { BusyTime, BubbleTime, DeviceBusy, OperatorTotal, OperatorMean, NewOperator, NewFinding };
const char* regressionKindName(RegressionKind kind); // "busy_time", "bubble_time", ...

// What regressed, in fields the CLI and the GUI turn into their own sentences.
struct Regression {
    RegressionKind kind = RegressionKind::BusyTime;
    std::string subject; // operator name, device label, rule id; empty for trace totals
    double base = 0, current = 0;
    std::string unit;    // "ns" (times) or "" (findings)
    double growth() const; // current / base - 1; NaN when base is 0
};

struct ComparisonResult {
    std::string baseSource, newSource;
    CompareOptions options;
    TimeNs noiseFloorNs = 0;
    std::vector<MetricDiff> totals;
    std::vector<DeviceDiff> devices;     // base order, then devices only in the new trace
    std::vector<OperatorDiff> operators; // by |total delta|, descending, then name
    std::vector<FindingDiff> findings;   // appeared, then disappeared, then persisting
    std::vector<HostOperatorDiff> hostOperators; // host operators by count (HTA trace diff); not gated
    std::vector<Regression> regressions; // in the order of the sections above
    bool regressed() const { return !regressions.empty(); }
};

ComparisonResult compareBaselines(const BaselineAggregates& base, const BaselineAggregates& current,
                                  const CompareOptions& options);

// "5%", "5", "0.5%" -> 0.05, 0.05, 0.005 (always percent); false for anything else or a negative value.
bool parseThresholdPercent(const std::string& text, double* share);

} // namespace opscope
