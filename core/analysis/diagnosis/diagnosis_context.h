// The inputs every diagnosis rule reads, built once per run: the snapshot of all slice tracks, the
// bubble report, per-operator metric means on compute tracks, device busy unions, the device profile.
#pragma once
#include "core/analysis/launch/launched_work.h"
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/breakdown/interval_union.h"
#include "core/analysis/snapshot/metric_access.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/model/time_format.h"
#include "core/model/spillable_array.h"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace opscope {

// Compute operators (by name) with the means of the metrics the rules ask about.
struct OperatorMetricTable {
    std::vector<std::string> names;
    std::vector<TimeNs> totalNs;
    std::vector<std::int64_t> count;
    std::vector<std::vector<std::int64_t>> sampleSliceIds; // the longest few executions
    std::map<std::string, std::size_t> columnOf;          // normalized metric name -> MetricSums column
    MetricSums sums;

    std::size_t size() const { return names.size(); }
    bool hasMetric(const std::string& normalized) const { return columnOf.count(normalized) > 0; }
    bool hasAny(const std::vector<std::string>& names) const;
    double mean(std::size_t op, const std::string& normalized) const;  // NaN when absent
    double sum(std::size_t op, const std::string& normalized) const;   // 0 when absent
    // Largest mean among the names present for this operator; NaN when none.
    double maxMean(std::size_t op, const std::vector<std::string>& names) const;
};

struct AscendTasks; // ascend_tasks.h

struct DiagnosisContext {
    Database& db;
    const DiagnosisOptions& options;
    std::shared_ptr<const StoreSnapshot> snapshotOwner; // keeps a shared (session-cached) snapshot alive
    const StoreSnapshot& snapshot;          // every slice track
    bool fellBackToAll = false;             // no compute track: every track was taken as compute
    std::vector<std::int64_t> computeTracks; // track.is_compute: the operator table's tracks
    std::vector<std::int64_t> busyTracks;    // the tracks of device busy (device_busy.h)
    HostActivity host;
    BubbleReport bubbles;
    OperatorMetricTable ops;
    MetricCatalog metrics;
    TimeNs computeBusyNs = 0;               // per-track compute time (union per track) summed over the tracks
    TimeNs deviceTimeNs = 0;                // device spans summed
    std::map<std::int64_t, CoverageIndex> deviceBusy; // device key -> its device busy union (device_busy.h)
    std::map<std::int64_t, std::string> deviceKinds;  // device id -> "npu", "gpu": devices compare within a kind
    LaunchedWork launched;                  // compute slices by the start of their launching call
    std::optional<DeviceProfile> device;
    // Filled by the rules that compute them, then handed to the report.
    RooflineData roofline;
    std::vector<PhaseRow> phases;
    // The Ascend rules' per-task view, by ratio list (ascend_tasks.h: ascendTasks).
    std::map<std::string, std::shared_ptr<const AscendTasks>> ascendTaskCache;

    // allTracks: the snapshot of every slice track, loaded once by the caller (a session shares it).
    DiagnosisContext(Database& database, const DiagnosisOptions& opts, std::shared_ptr<const StoreSnapshot> allTracks)
        : db(database), options(opts), snapshotOwner(std::move(allTracks)), snapshot(*snapshotOwner) {}
};

// Loads the snapshot of every slice track, unless options.snapshot already holds it.
std::shared_ptr<const StoreSnapshot> diagnosisSnapshot(Database& db, const DiagnosisOptions& options, Error* error);
bool buildDiagnosisContext(DiagnosisContext* ctx, Error* error);

// The compute operators of a snapshot of every slice track, with the sums of the metrics the rules ask
// about: the part of the context that reads the metric rows and needs nothing else the context computes,
// so that a caller holding a second connection can build it beside the rest (options.operatorTable).
bool buildOperatorMetricTable(Database& db, const StoreSnapshot& snapshot,
                              const DiagnosisOptions& options, OperatorMetricTable* out, Error* error);

// The shape shared by per-operator rules: a value per operator, flagged above (or below) the threshold.
// Fires when flagged operators hold at least min_time_share of shareBaseNs. measured is the flagged
// operators' time-weighted mean, or the worst value when none is flagged. No value at all: missing input.
struct OperatorValue {
    std::string name;
    TimeNs totalNs = 0;
    std::int64_t count = 0;
    std::vector<std::int64_t> sampleSliceIds;
    double value = 0; // NaN: the operator lacks the inputs
};
Finding evaluateOperatorValues(const std::vector<OperatorValue>& ops, const RuleConfig& rule, bool fireAbove,
                               const std::string& unit, TimeNs shareBaseNs);

// The same over the compute operator table, with value(op) giving each operator's value.
Finding evaluateOperatorRule(const DiagnosisContext& ctx, const RuleConfig& rule, bool fireAbove,
                             const std::string& unit, const std::function<double(std::size_t op)>& value);

// "12.3%" for a share of 0.123.
std::string percentText(double share);
// Times in detail and evidence texts: humanDurationText ("1ms 234us"), core's one formatter (core/model/time_format.h).

// Normalized forms of a rule's list parameter.
std::vector<std::string> normalizedList(const RuleConfig& rule, const char* name);

// Calls fn(index into ctx.snapshot.slices.slices, slice) for every execution on the context's compute
// tracks that starts inside its range (instants are markers, not executions). A template: rules walk
// a million slices with it.
template <typename Fn>
void forEachComputeSlice(const DiagnosisContext& ctx, Fn&& fn) {
    const SliceSet& set = ctx.snapshot.slices;
    PageReleasingWalk<SliceRecord> walk(set.slices); // a mapped snapshot's pages go back behind the walk
    for (std::int64_t trackId : ctx.computeTracks) {
        const int t = set.indexOfTrack(trackId);
        if (t < 0) continue;
        for (std::uint32_t i = set.begin(static_cast<std::size_t>(t)); i < set.end(static_cast<std::size_t>(t)); ++i) {
            const SliceRecord& s = walk[i];
            if (s.isInstant() || (ctx.options.range && !ctx.options.range->contains(s.tsNs))) continue;
            fn(i, s);
        }
    }
}

} // namespace opscope
