#include "core/session/trace_session.h"

#include "core/analysis/breakdown/device_busy.h"

#include "core/store/store_validation.h"

#include "core/analysis/cluster/cluster_from_store.h"
#include "core/analysis/diagnosis/diagnosis_context.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/frequency/aicore_frequency.h"
#include "core/analysis/launch/queue_track.h"
#include "core/importers/graph/graph_import.h"
#include "core/store/collective_slices_reader.h"
#include "core/store/graph_reader.h"
#include "core/store/launch_queue_store.h"
#include "core/store/rank_clock_offsets.h"
#include "core/store/meta_reader.h"
#include "core/store/timeline_data.h"
#include "core/store/timeline_flows.h"

#include <filesystem>
#include <functional>
#include <thread>

namespace opscope {

TraceSession::TraceSession(std::string storePath) : pool_(std::move(storePath)) {}

std::shared_ptr<TraceSession> TraceSession::open(const std::vector<std::string>& inputs, const OpenOptions& options,
                                                 const ImportProgress& progress, OpenResult* report, Error* error) {
    OpenResult local;
    OpenResult* result = report ? report : &local;
    if (!openTrace(inputs, options, progress, result, error)) return nullptr;
    return openStore(result->storePath, error);
}

namespace {
// A piece of work started on a second thread under the caller's cancel flag; wait() joins it (the
// destructor too, so that no thread outlives what it refers to).
class BesideWork {
public:
    explicit BesideWork(std::function<bool(Error*)> work)
        : thread_([this, work = std::move(work), cancel = CancelScope::current()] {
              CancelScope scope(cancel);
              ok_ = work(&error_);
          }) {}
    BesideWork(const BesideWork&) = delete;
    BesideWork& operator=(const BesideWork&) = delete;
    ~BesideWork() {
        if (thread_.joinable()) thread_.join();
    }
    // True when the work succeeded; else *error is its failure.
    bool wait(Error* error) {
        if (thread_.joinable()) thread_.join();
        if (!ok_ && error) *error = error_;
        return ok_;
    }

private:
    Error error_;
    bool ok_ = false;
    std::thread thread_; // last: started once the members it writes exist
};

// Runs beside() on a second thread, under the caller's cancel flag and with a connection of its own,
// while here() runs on this one. True when both succeed; else *error is this thread's failure, or else
// the other's.
bool runSideBySide(const std::function<bool(Error*)>& beside, const std::function<bool(Error*)>& here,
                   Error* error) {
    BesideWork work(beside);
    const bool hereOk = here(error);
    Error besideError;
    const bool besideOk = work.wait(&besideError);
    if (!hereOk) return false;
    if (!besideOk && error) *error = besideError;
    return besideOk;
}

TrackSelection allTracksSelection() {
    TrackSelection all;
    all.scope = TrackScope::All;
    return all;
}

// A foreign or damaged store is refused before any query reads it (core/store/store_validation).
bool validateOpenedStore(Database& db, Error* error) { return validateStore(db, db.path(), error); }
} // namespace

std::shared_ptr<TraceSession> TraceSession::openStore(const std::string& storePath, Error* error) {
    auto session = std::make_shared<TraceSession>(storePath);
    Error local;
    Error* err = error ? error : &local;
    ConnectionPool::Lease first = session->pool_.acquire(err);
    if (!first || !validateOpenedStore(*first, err)) return nullptr;
    return session;
}

Error TraceSession::cancelledError() const {
    return Error{ErrorCode::Cancelled, storePath(), -1, -1, -1, {}, {}};
}

std::string TraceSession::selectionKey(const TrackSelection& tracks) {
    std::string key = std::to_string(static_cast<int>(tracks.scope)) + (tracks.fallBackToAll ? "f" : "n");
    if (tracks.scope == TrackScope::Explicit)
        for (std::int64_t id : tracks.explicitTracks) key += ":" + std::to_string(id);
    return key;
}

std::shared_ptr<const TimelineData> TraceSession::timeline(Error* error) {
    std::lock_guard lock(cacheMutex_);
    if (timeline_) return timeline_;
    // The launch queue of each stream is drawn as a derived counter track (none without launch links):
    // read as the import stored it, or computed from the links for a store without them (older, merged
    // by an older program, or damaged there); a store whose links cannot be read still opens, without them.
    TimelineLoadOptions options;
    bool queueStored = false;
    Error queueError;
    query(&queueError, [&](Database& db) {
        queueStored = readLaunchQueueTracks(db, &options.derivedCounters, nullptr);
        return true;
    });
    if (!queueStored)
        if (std::shared_ptr<const LaunchData> launches = launchDataLocked(&queueError))
            options.derivedCounters = launchQueueTracks(*launches);
    std::shared_ptr<const TimelineData> loaded;
    query(error, [&](Database& db) {
        // Without its flows: the first frame draws no arrows, and a view reads them after it
        // (loadTimelineFlows, widgets/timeline/timeline_flow_loader.h).
        loaded = loadTimelineDeferringFlows(db, std::move(options), error);
        return loaded != nullptr;
    });
    timeline_ = loaded;
    return loaded;
}

std::shared_ptr<const TimelineData> TraceSession::shiftedTimeline(TimeNs shiftNs, Error* error) {
    std::shared_ptr<const TimelineData> loaded;
    query(error, [&](Database& db) {
        TimelineLoadOptions options;
        options.globalShiftNs = shiftNs;
        loaded = TimelineData::load(db, options, error);
        return loaded != nullptr;
    });
    return loaded;
}

bool TraceSession::traceSpan(TimeRange* out, Error* error) {
    return query(error, [&](Database& db) {
        *out = readTraceSpan(db);
        return true;
    });
}

std::shared_ptr<const StoreSnapshot> TraceSession::snapshot(const TrackSelection& tracks, Error* error) {
    const std::string key = selectionKey(tracks);
    // Held while loading: two views asking for the same selection at once load it once.
    std::lock_guard lock(cacheMutex_);
    if (auto it = snapshots_.find(key); it != snapshots_.end()) return it->second;
    auto loaded = std::make_shared<StoreSnapshot>();
    // Most selections are part of every track: cut from that snapshot when it is loaded already.
    auto all = snapshots_.find(selectionKey(allTracksSelection()));
    const bool cut = all != snapshots_.end() && cutSnapshot(*all->second, tracks, loaded.get());
    if (!cut && !query(error, [&](Database& db) { return loadSnapshot(db, tracks, loaded.get(), error); }))
        return nullptr;
    snapshots_[key] = loaded;
    return loaded;
}

std::shared_ptr<const OperatorGrouping> TraceSession::operators(const TrackSelection& tracks,
                                                                const GroupingOptions& grouping, Error* error) {
    std::shared_ptr<const StoreSnapshot> snap = snapshot(tracks, error);
    if (!snap) return nullptr;
    GroupingOptions whole = grouping;
    whole.range.reset();
    const std::string key = selectionKey(tracks) + "|" + groupByName(whole.by) + "|" + typeSourceName(whole.typeSource) +
                            "|" + whole.argsField + (whole.skipInstants ? "|i" : "|-");
    {
        std::lock_guard lock(cacheMutex_);
        if (auto it = groupings_.find(key); it != groupings_.end()) return it->second;
    }
    auto grouped = std::make_shared<OperatorGrouping>();
    if (!query(error, [&](Database& db) { return groupOperators(db, *snap, whole, grouped.get(), error); }))
        return nullptr;
    std::lock_guard lock(cacheMutex_);
    return groupings_.emplace(key, grouped).first->second;
}

bool TraceSession::summary(StoreSummary* out, Error* error) {
    return query(error, [&](Database& db) {
        *out = readStoreSummary(db);
        return true;
    });
}

bool TraceSession::operatorStats(const OperatorStatsOptions& options, OperatorStats* out, Error* error) {
    std::shared_ptr<const StoreSnapshot> snap = snapshot(options.tracks, error);
    return snap && query(error, [&](Database& db) { return computeOperatorStats(db, *snap, options, out, error); });
}

bool TraceSession::heatmapMetrics(const TrackSelection& tracks, std::vector<HeatmapMetricChoice>* out, Error* error) {
    const std::string key = selectionKey(tracks);
    {
        std::lock_guard lock(cacheMutex_);
        if (auto it = heatmapMetrics_.find(key); it != heatmapMetrics_.end()) {
            *out = it->second;
            return true;
        }
    }
    std::shared_ptr<const StoreSnapshot> snap = snapshot(tracks, error);
    if (!snap || !query(error, [&](Database& db) { return discoverHeatmapMetrics(db, *snap, out, error); })) return false;
    std::lock_guard lock(cacheMutex_);
    heatmapMetrics_[key] = *out;
    return true;
}

bool TraceSession::heatmap(const HeatmapOptions& options, HeatmapResult* out, Error* error) {
    std::shared_ptr<const StoreSnapshot> snap = snapshot(options.tracks, error);
    return snap && query(error, [&](Database& db) { return computeHeatmapRows(db, *snap, options, out, error); });
}

bool TraceSession::bubbles(const BubbleOptions& options, BubbleReport* out, Error* error,
                           std::shared_ptr<const HostActivity>* hostOut) {
    // Every track: the host tracks explain the gaps of the compute ones.
    std::shared_ptr<const StoreSnapshot> snap = snapshot(allTracksSelection(), error);
    if (!snap) return false;
    if (CancelScope::cancelled()) {
        if (error) *error = cancelledError();
        return false;
    }
    auto host = std::make_shared<HostActivity>();
    host->build(*snap, selectBusyTracks(*snap, options.tracks).logicalIds, options.patterns);
    *out = computeBubbles(*snap, options, *host);
    if (hostOut) *hostOut = std::move(host);
    return true;
}

bool TraceSession::diagnosis(const DiagnosisOptions& options, DiagnosisReport* out, Error* error) {
    DiagnosisOptions shared = options;
    if (!shared.snapshot) {
        shared.snapshot = snapshot(allTracksSelection(), error);
        if (!shared.snapshot) return false;
    }
    if (shared.operatorTable) return query(error, [&](Database& db) { return runDiagnosis(db, shared, out, error); });
    // The operator table reads every metric row and needs nothing else the diagnosis computes: it is built
    // on a second connection while this one computes the bubbles and the device unions.
    OperatorMetricTable table;
    BesideWork tableWork([&](Error* err) {
        return query(err, [&](Database& db) { return buildOperatorMetricTable(db, *shared.snapshot, shared, &table, err); });
    });
    shared.operatorTable = [&](OperatorMetricTable* ops, Error* err) {
        if (!tableWork.wait(err)) return false;
        *ops = std::move(table);
        return true;
    };
    return query(error, [&](Database& db) { return runDiagnosis(db, shared, out, error); });
}

bool TraceSession::sliceDetails(std::int64_t sliceId, SliceDetails* out, Error* error) {
    if (!query(error, [&](Database& db) { return loadSliceDetails(db, sliceId, out, error); })) return false;
    // Compute slices, and device slices of a store without classes (the frequency needs a device track).
    if (out->deviceClass == deviceClassName(DeviceClass::Compute) || out->deviceClass.empty())
        return addAicoreFrequency(out, error);
    if (out->deviceClass != deviceClassName(DeviceClass::Wait)) return true;
    // A wait is a gap with a reason (docs/device-time.md): the reason the bubble analysis gives its gap.
    std::shared_ptr<const StoreSnapshot> snap = snapshot(allTracksSelection(), error);
    if (!snap) return false;
    DeviceWaitReason reason = waitReasonOf(*snap, out->trackId, out->tsNs, out->tsNs + out->durNs, out->name);
    out->waitFor = std::move(reason.waitFor);
    out->waitCollective = std::move(reason.collective);
    return true;
}

bool TraceSession::addAicoreFrequency(SliceDetails* out, Error* error) {
    std::shared_ptr<const StoreSnapshot> snap = snapshot(allTracksSelection(), error);
    if (!snap) return false;
    std::optional<FrequencyDuring> during;
    if (!query(error, [&](Database& db) {
            return aicoreFrequencyUnder(db, snap->catalog, out->trackId, out->tsNs, out->tsNs + out->durNs, &during, error);
        }))
        return false;
    if (during) {
        out->aicoreLowestMhz = during->lowestMhz;
        out->aicoreHighestMhz = during->highestMhz;
    }
    return true;
}

bool TraceSession::historyRun(const std::string& tracePath, const history::RunDescription& description,
                              history::CollectedRun* out, Error* error) {
    // The baseline aggregates (statistics, bubbles and diagnosis over the shared snapshots) are the long
    // part: they run on a second thread, with a connection of its own and the caller's cancel flag, while
    // this thread reads what the store adds (hash, breakdown, memory).
    BaselineAggregates aggregates;
    history::CollectedRun figures;
    const bool ok = runSideBySide(
        [&](Error* err) { return baseline(BaselineOptions{}, &aggregates, err); },
        [&](Error* err) {
            return query(err, [&](Database& db) {
                return history::collectStoreFigures(db, tracePath, description, &figures, err);
            });
        },
        error);
    if (!ok) return false;
    *out = history::assembleRun(aggregates, std::move(figures));
    return true;
}

bool TraceSession::stepSelection(std::int64_t step, StepSelection* out, Error* error) {
    return query(error, [&](Database& db) { return selectStep(db, step, out, error); });
}

bool TraceSession::sliceLaunchDetails(std::int64_t sliceId, SliceLaunchDetails* out, Error* error) {
    return query(error, [&](Database& db) {
        DeviceLaunchChain chain;
        std::vector<LaunchedKernelRecord> launched;
        if (!readDeviceLaunchChain(db, sliceId, &chain, error) || !readKernelsLaunchedBy(db, sliceId, &launched, error))
            return false;
        *out = buildSliceLaunchDetails(chain, std::move(launched));
        return true;
    });
}

std::shared_ptr<const LaunchData> TraceSession::launchData(Error* error) {
    std::lock_guard lock(cacheMutex_);
    return launchDataLocked(error);
}

std::shared_ptr<const LaunchData> TraceSession::launchDataLocked(Error* error) {
    if (launchData_) return launchData_;
    auto loaded = std::make_shared<LaunchData>();
    if (!query(error, [&](Database& db) { return readLaunchData(db, loaded.get(), error); })) return nullptr;
    launchData_ = std::move(loaded);
    return launchData_;
}

bool TraceSession::launchStats(const LaunchStatsOptions& options, LaunchStatsReport* out, Error* error) {
    std::shared_ptr<const LaunchData> data = launchData(error);
    if (!data) return false;
    *out = computeLaunchStats(std::move(data), options);
    return true;
}

bool TraceSession::idleBreakdown(const IdleOptions& options, IdleReport* out, Error* error) {
    std::shared_ptr<const LaunchData> data = launchData(error);
    if (!data) return false;
    *out = computeIdleBreakdown(*data, options);
    return true;
}

bool TraceSession::queueLength(const QueueOptions& options, QueueReport* out, Error* error) {
    std::shared_ptr<const LaunchData> data = launchData(error);
    if (!data) return false;
    *out = computeQueueLength(*data, options);
    return true;
}

bool TraceSession::baseline(const BaselineOptions& options, BaselineAggregates* out, Error* error) {
    BaselineOptions shared = options;
    if (!shared.allTracks) shared.allTracks = snapshot(allTracksSelection(), error);
    if (shared.allTracks && !shared.computeTracks) shared.computeTracks = snapshot(TrackSelection{}, error);
    if (!shared.allTracks || !shared.computeTracks) return false;
    if (!shared.includeFindings || shared.step >= 0) // a step's findings need the step's span, found inside
        return query(error, [&](Database& db) { return computeBaseline(db, shared, out, error); });
    // The diagnosis is the longest part and needs nothing the rest computes: it runs on a second thread
    // (its own connection, the caller's cancel flag) over the same snapshot.
    DiagnosisReport findings;
    shared.includeFindings = false;
    // The diagnosis computes the bubbles over the same snapshot with no minimum bubble; the per-device
    // figures do not depend on its patterns or table sizes, so the baseline takes them from there.
    shared.includeBubbles = shared.minBubbleNs != BubbleOptions{}.minBubbleNs;
    const bool ok = runSideBySide(
        [&](Error* err) {
            DiagnosisOptions options;
            options.snapshot = shared.allTracks;
            return diagnosis(options, &findings, err);
        },
        [&](Error* err) { return query(err, [&](Database& db) { return computeBaseline(db, shared, out, err); }); },
        error);
    if (!ok) return false;
    if (!shared.includeBubbles) fillBubbleAggregates(*findings.bubbles, out);
    addFindings(findings, out);
    return true;
}

bool TraceSession::compareWith(TraceSession& newer, const BaselineOptions& baselineOptions,
                               const CompareOptions& options, ComparisonResult* out, Error* error) {
    BaselineAggregates base, current;
    if (!baseline(baselineOptions, &base, error) || !newer.baseline(baselineOptions, &current, error)) return false;
    *out = compareBaselines(base, current, options);
    return true;
}

bool TraceSession::selectionStats(const TimeRange& range, const std::vector<SelectionTrack>& tracks,
                                  SelectionMode mode, SelectionStats* out, Error* error) {
    return query(error, [&](Database& db) { return computeSelectionStats(db, range, tracks, mode, out, error); });
}

bool TraceSession::alignedTimeline(const AlignmentOptions& options, DeviceAlignment* alignment,
                                   std::shared_ptr<const TimelineData>* aligned, Error* error) {
    return query(error, [&](Database& db) {
        if (!computeDeviceAlignment(db, options, alignment, error)) return false;
        // The job clock: the alignment plus the manual per-rank offsets stored by the user.
        JobClock clock;
        if (!jobClockFromAlignment(db, *alignment, {}, &clock)) return false;
        TimelineLoadOptions load;
        for (const auto& [process, offsetNs] : clock.offsetByProcess)
            if (offsetNs != 0) load.processShiftNs.emplace_back(process, offsetNs);
        if (load.processShiftNs.empty()) return true;
        *aligned = TimelineData::load(db, load, error);
        return *aligned != nullptr;
    });
}

bool TraceSession::report(const ReportOptions& options, ReportData* out, Error* error) {
    return query(error, [&](Database& db) { return collectReportData(db, options, out, error); });
}

bool TraceSession::graphSummary(int unjoinedLimit, GraphSummary* out, Error* error) {
    *out = GraphSummary{};
    return query(error, [&](Database& db) {
        const std::int64_t id = storeGraphId(db);
        if (id == 0) return true;
        if (!loadStoredGraph(db, id, &out->graph, error)) return false;
        out->hasGraph = true;
        out->rules = readGraphRuleCounts(db, id);
        return listUnjoinedExecutions(db, id, unjoinedLimit, &out->unjoined, error);
    });
}

bool TraceSession::hasFileGraph(Error* error) {
    bool has = false;
    return query(error, [&](Database& db) {
        has = storeHasFileGraph(db);
        return true;
    }) && has;
}

bool TraceSession::nodeExecutions(const std::vector<std::int64_t>& nodeIds, const NodeExecutionOptions& options,
                                  NodeExecutionData* out, Error* error) {
    return query(error, [&](Database& db) { return loadNodeExecutions(db, nodeIds, options, out, error); });
}

bool TraceSession::clusterSummary(const ClusterQuery& query, ClusterSummary* out, Error* error) {
    return this->query(error, [&](Database& db) { return clusterSummaryOnJobClock(db, query, out, error); });
}

bool TraceSession::communication(CommunicationOverview* out, Error* error) {
    return query(error, [&](Database& db) { return communicationOfStore(db, out, error); });
}

bool TraceSession::collectiveSlices(int rank, const std::string& opName, const TimeRange& storedRange,
                                    std::vector<std::int64_t>* out, Error* error) {
    return query(error, [&](Database& db) {
        *out = readCollectiveSliceIds(db, rank, opName, storedRange.startNs, storedRange.endNs);
        return true;
    });
}

bool TraceSession::rankClock(std::vector<RankClockRow>* out, Error* error) {
    return query(error, [&](Database& db) { return rankClockRows(db, out, error); });
}

bool TraceSession::setRankClockOffsets(const std::map<int, TimeNs>& manualNs, Error* error) {
    return storeRankClockOffsets(storePath(), manualNs, error);
}

GraphLoadResult TraceSession::graph(const GraphLoadRequest& request) {
    std::lock_guard lock(graphMutex_);
    return loadGraphFromStore(storePath(), request);
}

bool TraceSession::importGraph(const std::string& graphPath, GraphImportReport* report, Error* error) {
    std::lock_guard lock(graphMutex_);
    return graphPath.empty() ? deriveGraphIntoStore(storePath(), report, error)
                             : importGraphFile(storePath(), graphPath, report, error);
}

} // namespace opscope
