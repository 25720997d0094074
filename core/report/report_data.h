// Everything the HTML report shows, gathered from a store in one call (off the GUI thread): the trace
// summary, per-device busy/idle, top operators, bubbles, the heatmap cells, the diagnosis and, when the
// store holds one, the computation graph's join. Images are rendered by the caller from this data.
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/analysis/compare/comparison.h"
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/heatmap/heatmap_bins.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/analysis/breakdown/per_device_stats.h"
#include "core/history/run_history.h"
#include "core/store/store_summary.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>

namespace opscope {

struct ReportOptions {
    int topOperators = 20;
    int largestBubbles = 10;
    int heatmapRows = 20;
    int heatmapBuckets = 160;
    int maxMetricColumns = 4;   // metric columns shown in the operator table (the rest in a details row)
    TimeNs minBubbleNs = 0;
    // The diagnosis's rules file, device profile and graph fusion patterns: `report --rules --device
    // --fusion-patterns`, or the Diagnosis view's choices when the GUI exports (so the report's findings
    // are the panel's). Its range, snapshot and operator table are not used: the report covers the store.
    DiagnosisOptions diagnosis;
    const std::atomic<bool>* cancel = nullptr; // polled between the analyses
};

struct ReportGraphSection {
    std::string sourcePath, format;
    bool derived = false;
    std::int64_t nodes = 0, edges = 0, joinedNodes = 0, unjoinedExecutions = 0;
};

// With `report TRACE --compare BASE [--step N[:M]]`: the trace against the base, as `compare BASE TRACE`.
struct ReportComparison {
    ComparisonResult result;
    std::int64_t baseStep = -1, newStep = -1; // ProfilerStep#N of each side; -1: the whole trace
};

struct ReportData {
    std::string title;        // the trace's file name
    std::string storePath;
    std::string generatedAt;  // UTC, ISO 8601
    StoreSummary summary;
    OperatorStats operators;  // top operators with metric means
    BubbleReport bubbles;
    DeviceBalance balance;
    BreakdownReport breakdown; // device time per device and step (docs/device-time.md)
    HeatmapResult heatmap;    // busy time per operator and bucket, for the heatmap image
    DiagnosisReport diagnosis;
    std::optional<ReportGraphSection> graph;
    std::vector<history::Trend> trends; // with --history: the Trends section
    std::optional<ReportComparison> comparison; // with --compare: the Comparison section
    ReportOptions options;
};

// Fails with ErrorCode::Cancelled when options.cancel was raised.
bool collectReportData(Database& db, const ReportOptions& options, ReportData* out, Error* error);

} // namespace opscope
