// What the diagnosis returns: one finding per rule with its measured value, threshold, evidence
// (time ranges and operators) and suggestion, plus the phase table and roofline data it computed.
#pragma once
#include "core/analysis/roofline/device_profile.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/model/time.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

struct StoreSnapshot;       // core/analysis/store_access.h
struct OperatorMetricTable; // core/analysis/diagnosis_context.h
struct BubbleReport;        // core/analysis/bubble_analysis.h
struct Error;               // core/model/error.h
struct FusionPatternSet;    // core/analysis/diagnosis/fusion_patterns.h

enum class FindingStatus { Fired, Passed, MissingInput };
enum class Severity { Low, Medium, High };
const char* findingStatusName(FindingStatus status); // "fired", "passed", "missing_input"
const char* severityName(Severity severity);         // "low", "medium", "high"

struct EvidenceRange {
    TimeNs startNs = 0;
    TimeNs endNs = 0;
    std::int64_t trackId = 0; // 0: a device or the whole trace
    std::string label;        // track or device, or what the range is ("sync wait")
};

struct EvidenceOperator {
    std::string name;
    double value = 0;          // the operator's value of the rule's measure
    TimeNs totalNs = 0;
    std::int64_t count = 0;
    std::vector<std::int64_t> sliceIds; // a few executions, for "go to"
};

struct Finding {
    std::string ruleId;
    LocalizedText title;
    LocalizedText suggestion;
    LocalizedText needs;       // filled when status is MissingInput
    FindingStatus status = FindingStatus::Passed;
    Severity severity = Severity::Low;
    double measured = 0;
    std::string unit;          // "share", "ratio", "points", "ops/byte", "hit rate"
    double threshold = 0;
    std::string comparison;    // "<" or ">": fires when measured compares so with threshold
    TimeNs timeAtStakeNs = 0;  // estimate of device time the finding is about
    double timeShare = 0;      // timeAtStakeNs / DiagnosisReport::deviceTimeNs
    std::vector<EvidenceRange> ranges;
    std::vector<EvidenceOperator> operators;
    std::string detail;        // one English line on what was measured where
    std::string guard;         // when a guard of the rule held it back: which guard and what it saw
};

struct PhaseRow {
    std::string name;          // "forward", "backward", "optimizer" or a step's slice name
    std::string kind;          // "forward" | "backward" | "optimizer" | "step"
    std::int64_t instances = 0;
    TimeNs startNs = 0, endNs = 0;
    TimeNs durationNs = 0;     // union of the phase's intervals
    TimeNs deviceBusyNs = 0;   // compute busy inside it, summed over devices
    double utilization = 0;    // deviceBusyNs / (durationNs * devices); by launch: deviceBusyNs / deviceSpanNs
    // By launch (the trace has launch links): deviceBusyNs is the device time the phase's host windows
    // launched, wherever the device ran it; deviceSpanNs sums, per device, first start to last end of it.
    bool byLaunch = false;
    TimeNs deviceSpanNs = 0;
};

enum class DensityClass { MemoryBound, Balanced, ComputeBound };
const char* densityClassName(DensityClass c);

struct RooflinePoint {
    std::string name;
    double flops = 0;
    double bytes = 0;
    TimeNs totalNs = 0;
    std::int64_t count = 0;
    double intensity = 0;        // FLOPs per byte
    double achievedTflops = 0;   // flops / time
    double attainableTflops = 0; // min(peak, intensity * bandwidth); 0 without a device profile
    DensityClass densityClass = DensityClass::Balanced;
};

// A metric the roofline lacks on Ascend data and how to collect it: what is "flops" or "bytes", collect
// is a profiler setting ("aic_metrics=ArithmeticUtilization"), shown as it is written.
struct RooflineNeed {
    std::string what;
    std::string collect;
};

struct RooflineData {
    bool hasProfile = false;
    DeviceProfile profile;
    double peakTflops = 0;
    double bandwidthGBps = 0;
    double ridgeIntensity = 0;
    double memoryBoundBelow = 10, computeBoundAbove = 50; // ops/byte class limits used
    std::vector<RooflinePoint> points; // by time, descending
    // Where the points' bytes come from: "metrics" (bytes counters or main-memory data volumes), "args",
    // "tensor shapes" (the inputs' and outputs' sizes: the least traffic); empty without points.
    std::string bytesSource;
    std::vector<RooflineNeed> needs; // Ascend PMU data without FLOPs or bytes: what to collect
    // The profile's fields the roofline needs and lacks ("peak_tflops", "memory_bandwidth_gbps").
    std::vector<std::string> profileMissing;
};

struct DiagnosisOptions {
    RulesConfig rules = defaultRulesConfig();
    std::optional<DeviceProfile> device; // none: detected from the store, else no roofline
    std::optional<TimeRange> range;
    // The snapshot of every slice track when the caller already holds it (TraceSession caches it);
    // null: the diagnosis loads it.
    std::shared_ptr<const StoreSnapshot> snapshot;
    // Hands over the operator table built elsewhere: TraceSession aggregates the metric rows on a second
    // connection while this one computes the bubbles and unions. Called once, after those; null: the
    // table is built on the diagnosis's own connection (buildOperatorMetricTable).
    std::function<bool(OperatorMetricTable* table, Error* error)> operatorTable;
    // The graph fusion patterns the user gave (opscope-cli diagnose --fusion-patterns, the findings
    // panel's "Fusion patterns..."); null: the rule ascend_graph_fusion reports missing input.
    std::shared_ptr<const FusionPatternSet> fusionPatterns;
};

struct DiagnosisReport {
    std::vector<Finding> findings; // fired (by time at stake), then missing input, then passed
    TimeNs deviceTimeNs = 0;       // sum over devices of first-to-last activity: the severity base
    std::vector<PhaseRow> phases;
    RooflineData roofline;
    bool fellBackToAll = false;
    std::vector<std::string> unknownRules; // rule ids in the rules file that opscope does not implement
    // The bubble report the findings were judged on (the rules file's patterns, no minimum bubble, the
    // range): a caller needing the same per-device figures reads them here instead of computing them again.
    std::shared_ptr<const BubbleReport> bubbles;
};

} // namespace opscope
