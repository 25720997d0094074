// One object per opened trace, the one door used by the CLI, the GUI and the tests: it opens or imports the
// trace, then answers every analysis through typed queries over cached data (timeline built once, snapshots
// and operator groupings per track selection), each worker thread reading through its own connection.
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/cluster/cluster_query.h"
#include "core/analysis/cluster/job_clock.h"
#include "core/analysis/compare/comparison.h"
#include "core/analysis/cluster/device_alignment.h"
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/heatmap/heatmap_rows.h"
#include "core/analysis/launch/critical_path.h"
#include "core/analysis/launch/idle_breakdown.h"
#include "core/analysis/launch/kernel_sequences.h"
#include "core/analysis/launch/launch_stats.h"
#include "core/analysis/launch/queue_length.h"
#include "core/analysis/launch/slice_launch_details.h"
#include "core/analysis/launch/step_selection.h"
#include "core/analysis/bubbles/host_work.h"
#include "core/analysis/operators/operator_grouping.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/analysis/selection/selection_stats.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/history/run_history.h"
#include "core/importers/graph/graph_import.h"
#include "core/importers/import_progress.h"
#include "core/model/error.h"
#include "core/report/report_data.h"
#include "core/session/cancel_scope.h"
#include "core/session/connection_pool.h"
#include "core/session/graph_query.h"
#include "core/store/host_call_reader.h"
#include "core/store/launch_reader.h"
#include "core/store/memory_reader.h"
#include "core/store/read_only_query.h"
#include "core/store/slice_details.h"
#include "core/store/store_summary.h"
#include "core/session/open_trace.h"
#include "core/store/store_error.h"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace opscope {

class TimelineData;

class TraceSession {
public:
    // Imports the traces unless their store is fresh (or the single input is a store), then opens it.
    static std::shared_ptr<TraceSession> open(const std::vector<std::string>& inputs, const OpenOptions& options,
                                              const ImportProgress& progress, OpenResult* report, Error* error);
    // Opens an existing store without looking at any trace.
    static std::shared_ptr<TraceSession> openStore(const std::string& storePath, Error* error);

    const std::string& storePath() const { return pool_.storePath(); }

    // Runs f(Database&) on a connection lent to this thread; SQLite errors become Error values here.
    // A new typed query is one method: `return query(error, [&](Database& db) { return f(db, ...); });`
    template <class F> bool query(Error* error, F&& f);

    // The timeline's data, built once and shared.
    std::shared_ptr<const TimelineData> timeline(Error* error);
    // The timeline again with every timestamp moved by shiftNs (a compared trace laid on this one's clock).
    std::shared_ptr<const TimelineData> shiftedTimeline(TimeNs shiftNs, Error* error);
    // meta trace_start_ns / trace_end_ns ({0, 0} when the store has no span).
    bool traceSpan(TimeRange* out, Error* error);
    // The slices of a track selection, loaded once per selection and shared.
    std::shared_ptr<const StoreSnapshot> snapshot(const TrackSelection& tracks, Error* error);
    // Operators of a selection (grouping.range ignored: a grouping covers the whole trace), cached.
    std::shared_ptr<const OperatorGrouping> operators(const TrackSelection& tracks, const GroupingOptions& grouping,
                                                      Error* error);

    // What import and info print: counts, span, warnings.
    bool summary(StoreSummary* out, Error* error);
    bool operatorStats(const OperatorStatsOptions& options, OperatorStats* out, Error* error);
    // Metrics that can colour the heatmap of a selection (discovered once per selection).
    bool heatmapMetrics(const TrackSelection& tracks, std::vector<HeatmapMetricChoice>* out, Error* error);
    // The heatmap with its row rules (core/analysis/heatmap/heatmap_rows.h).
    bool heatmap(const HeatmapOptions& options, HeatmapResult* out, Error* error);
    // Bubbles over the whole snapshot: the host tracks explain the gaps of the compute ones. The host
    // activity the causes were read from is handed out for the details of chosen bubbles.
    bool bubbles(const BubbleOptions& options, BubbleReport* out, Error* error,
                 std::shared_ptr<const HostActivity>* host = nullptr);
    bool diagnosis(const DiagnosisOptions& options, DiagnosisReport* out, Error* error);
    bool sliceDetails(std::int64_t sliceId, SliceDetails* out, Error* error);
    // The metrics this trace adds to a run history (core/history): baseline aggregates, breakdown, memory peaks.
    bool historyRun(const std::string& tracePath, const history::RunDescription& description,
                    history::CollectedRun* out, Error* error);
    // The slices launched within ProfilerStep#step (attribution by launch, core/analysis/launch).
    bool stepSelection(std::int64_t step, StepSelection* out, Error* error);
    // A slice's launches both ways: the call that launched a device event (with its operators, step, phase
    // and delay), or the device events a host slice launched (core/analysis/launch/slice_launch_details.h).
    bool sliceLaunchDetails(std::int64_t sliceId, SliceLaunchDetails* out, Error* error);
    // The device events with their launch links, read once and shared (core/store/launch_reader.h).
    std::shared_ptr<const LaunchData> launchData(Error* error);
    // The launch analyses over launchData() (core/analysis/launch): HTA's launch statistics, idle time per
    // stream by cause, and launch queue length per stream.
    bool launchStats(const LaunchStatsOptions& options, LaunchStatsReport* out, Error* error);
    bool idleBreakdown(const IdleOptions& options, IdleReport* out, Error* error);
    bool queueLength(const QueueOptions& options, QueueReport* out, Error* error);
    // The critical path of each step (steps empty: every ProfilerStep), core/analysis/launch/critical_path.h.
    bool criticalPaths(const std::vector<std::int64_t>& steps, std::vector<CriticalPath>* out, Error* error);
    // The N of every ProfilerStep#N host slice, ascending and distinct (the Compare window's step lists).
    bool profilerSteps(std::vector<std::int64_t>* out, Error* error);
    // The aggregates a comparison or a saved baseline is made of.
    bool baseline(const BaselineOptions& options, BaselineAggregates* out, Error* error);
    bool compareWith(TraceSession& newer, const BaselineOptions& baselineOptions, const CompareOptions& options,
                     ComparisonResult* out, Error* error);
    // Aggregates of the slices of some tracks overlapping or inside a range (the rectangle selection).
    bool selectionStats(const TimeRange& range, const std::vector<SelectionTrack>& tracks, SelectionMode mode,
                        SelectionStats* out, Error* error);
    // Device clock offsets of a multi-device trace and, when some device is shifted, the timeline rebuilt
    // with them (*aligned stays null when nothing moves).
    bool alignedTimeline(const AlignmentOptions& options, DeviceAlignment* alignment,
                         std::shared_ptr<const TimelineData>* aligned, Error* error);
    // Everything the HTML report shows (options.cancel is polled between its passes).
    bool report(const ReportOptions& options, ReportData* out, Error* error);
    // The computation graph; derives it and caches its layout in the store the first time.
    GraphLoadResult graph(const GraphLoadRequest& request);
    // Imports a graph file into the store and joins it to the trace (core/store's one graph write path);
    // with an empty graphPath, derives the graph from the trace instead. Replaces the store's graph.
    bool importGraph(const std::string& graphPath, GraphImportReport* report, Error* error);

    // The stored graph with its join by rule and up to unjoinedLimit unjoined names (hasGraph false: none).
    bool graphSummary(int unjoinedLimit, GraphSummary* out, Error* error);
    // True when the store's graph came from a file (a neighbouring graph file must not replace it).
    bool hasFileGraph(Error* error);
    // The executions of graph nodes (a node, or the members of a collapsed scope).
    bool nodeExecutions(const std::vector<std::int64_t>& nodeIds, const NodeExecutionOptions& options,
                        NodeExecutionData* out, Error* error);

    // The per rank × step summary of a job with its slow ranks and links, step starts on the job clock.
    bool clusterSummary(const ClusterQuery& query, ClusterSummary* out, Error* error);
    // The communication report (per rank, per link type, the matrix) and the slow links.
    bool communication(CommunicationOverview* out, Error* error);
    // The slices of one collective on the rank's devices (core/store/collective_slices_reader.h).
    bool collectiveSlices(int rank, const std::string& opName, const TimeRange& storedRange,
                          std::vector<std::int64_t>* out, Error* error);

    // Per rank: the automatic alignment offset and the manual one stored in the store (rank_clock_offset).
    bool rankClock(std::vector<RankClockRow>* out, Error* error);
    // Stores the manual per-rank offsets (replacing the previous ones): the job clock of every view, the
    // CLI and the report adds them. Writes the store.
    bool setRankClockOffsets(const std::map<int, TimeNs>& manualNs, Error* error);

    // Device time per device and step (core/analysis/breakdown): `breakdown` and the Summary view.
    bool breakdown(const BreakdownOptions& options, BreakdownReport* out, Error* error);
    // The memory tables (records, allocations, modules) and the derived copy-bandwidth tracks.
    bool memoryData(MemoryData* out, Error* error);
    bool copyBandwidth(std::vector<CopyBandwidthTrack>* out, Error* error);
    // The host calls the attribution walks, read once per session and shared like launchData.
    std::shared_ptr<const HostCallData> hostCalls(Error* error);
    bool kernelSequences(const SequenceOptions& options, SequenceReport* out, Error* error);
    // The user's SQL of `opscope-cli query`: one read-only statement under the authorizer and limits of
    // core/store/read_only_query.h, cells as text. *result says how it ended; false only when no
    // connection could be lent.
    bool userQuery(std::string_view sql, const QueryLimits& limits, const TextRowCallback& onColumns,
                   const TextRowCallback& onRow, QueryResult* result, Error* error);

    std::size_t connectionsOpened() const { return pool_.openedCount(); }

    explicit TraceSession(std::string storePath); // use open / openStore

private:
    static std::string selectionKey(const TrackSelection& tracks);
    std::shared_ptr<const LaunchData> launchDataLocked(Error* error); // cacheMutex_ held
    Error cancelledError() const;
    // sliceDetails of a compute slice: the AI Core frequency under it (Ascend).
    bool addAicoreFrequency(SliceDetails* out, Error* error);

    ConnectionPool pool_;
    std::mutex cacheMutex_;
    std::shared_ptr<const TimelineData> timeline_;
    std::shared_ptr<const LaunchData> launchData_;
    std::map<std::string, std::shared_ptr<const StoreSnapshot>> snapshots_;
    std::map<std::string, std::shared_ptr<const OperatorGrouping>> groupings_;
    std::map<std::string, std::vector<HeatmapMetricChoice>> heatmapMetrics_;
    std::mutex graphMutex_; // the graph query may write the store: one at a time
    std::shared_ptr<const HostCallData> hostCalls_;
};

template <class F> bool TraceSession::query(Error* error, F&& f) {
    Error local;
    Error* err = error ? error : &local;
    if (CancelScope::cancelled()) {
        *err = cancelledError();
        return false;
    }
    ConnectionPool::Lease db = pool_.acquire(err);
    if (!db) return false;
    const std::atomic<bool>* cancel = CancelScope::current();
    db->setInterruptFlag(cancel); // a cancelled worker's statement stops where it is
    bool ok = false;
    try {
        ok = f(*db);
    } catch (const SqliteError& e) {
        *err = cancel && cancel->load() ? cancelledError() : storeError(*db, e.what());
        ok = false;
    }
    db->setInterruptFlag(nullptr);
    if (!ok && cancel && cancel->load()) *err = cancelledError();
    return ok;
}

} // namespace opscope
