#include "core/analysis/operators/operator_stats.h"

#include "core/analysis/breakdown/interval_union.h"
#include "core/analysis/launch/checked_sum.h"
#include "core/analysis/memory/memory_blocks.h"
#include "core/analysis/memory/operator_memory_columns.h"
#include "core/analysis/snapshot/metric_access.h"
#include "core/analysis/operators/operator_core_type.h"
#include "core/analysis/operators/operator_shape_grouping.h"
#include "core/store/memory_reader.h"
#include "core/store/profiler_step_reader.h"
#include "core/store/thread_time_reader.h"
#include "core/model/spillable_array.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace opscope {

TimeNs nearestRankPercentile(const std::vector<TimeNs>& sorted, double p) {
    if (sorted.empty()) return 0;
    auto n = static_cast<double>(sorted.size());
    auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * n));
    rank = std::clamp<std::size_t>(rank, 1, sorted.size());
    return sorted[rank - 1];
}

// A track's slices come sorted by start (sortTracksByTime), and clipping to the range keeps them so:
// the union is one running pass, with no list of the intervals (the largest track of a 10 GB store
// holds millions of slices). A length past int64 is pinned to its limit.
std::vector<TimeNs> busyTimePerTrack(const SliceSet& slices, const std::optional<TimeRange>& range) {
    std::vector<TimeNs> busy(slices.trackCount(), 0);
    PageReleasingWalk<SliceRecord> walk(slices.slices);
    for (std::size_t t = 0; t < slices.trackCount(); ++t) {
        UnionLength length;
        for (std::uint32_t i = slices.begin(t); i < slices.end(t); ++i) {
            const SliceRecord& s = walk[i];
            TimeNs a = s.tsNs, b = s.endNs();
            if (range) {
                a = std::max(a, range->startNs);
                b = std::min(b, range->endNs);
            }
            length.add({a, b});
        }
        if (!length.total(&busy[t])) busy[t] = std::numeric_limits<TimeNs>::max();
    }
    return busy;
}

namespace {

// Durations regrouped contiguously per group (a counting sort), so percentiles need no per-group vectors.
void fillDurationStats(const StoreSnapshot& snap, const OperatorGrouping& grouping,
                       std::vector<OperatorStatsRow>& rows) {
    const auto& slices = snap.slices.slices;
    std::vector<std::size_t> offset(rows.size() + 1, 0);
    for (std::uint32_t g : grouping.groupOfSlice)
        if (g != kNoGroup) ++offset[g + 1];
    for (std::size_t g = 1; g <= rows.size(); ++g) offset[g] += offset[g - 1];
    std::vector<TimeNs> durations(offset.back());
    std::vector<std::size_t> cursor(offset.begin(), offset.end() - 1);
    PageReleasingWalk<SliceRecord> walk(slices);
    for (std::size_t i = 0; i < slices.size(); ++i) {
        std::uint32_t g = grouping.groupOfSlice[i];
        if (g == kNoGroup) continue;
        const SliceRecord& s = walk[i];
        OperatorStatsRow& row = rows[g];
        ++row.count;
        row.totalNs += s.durNs;
        row.selfNs += s.selfNs;
        durations[cursor[g]++] = s.durNs;
    }
    std::vector<TimeNs> sorted;
    for (std::size_t g = 0; g < rows.size(); ++g) {
        sorted.assign(durations.begin() + static_cast<std::ptrdiff_t>(offset[g]),
                      durations.begin() + static_cast<std::ptrdiff_t>(offset[g + 1]));
        std::sort(sorted.begin(), sorted.end());
        OperatorStatsRow& row = rows[g];
        if (sorted.empty()) continue;
        row.minNs = sorted.front();
        row.maxNs = sorted.back();
        row.p50Ns = nearestRankPercentile(sorted, 50);
        row.p90Ns = nearestRankPercentile(sorted, 90);
        row.p99Ns = nearestRankPercentile(sorted, 99);
        row.avgNs = static_cast<double>(row.totalNs) / static_cast<double>(row.count);
    }
}

// Thread (CPU) time per row, from the slices the trace gave tdur or B/E tts to.
bool fillCpuTime(Database& db, const StoreSnapshot& snap, const OperatorGrouping& grouping, OperatorStats* out,
                 Error* error) {
    std::unordered_map<std::int64_t, TimeNs> threadDur;
    if (!readThreadDurations(db, &threadDur, error)) return false;
    if (threadDur.empty()) return true;
    const auto& slices = snap.slices.slices;
    PageReleasingWalk<SliceRecord> walk(slices);
    for (std::size_t i = 0; i < slices.size(); ++i) {
        const std::uint32_t g = grouping.groupOfSlice[i];
        if (g == kNoGroup) continue;
        auto it = threadDur.find(walk[i].id);
        if (it == threadDur.end()) continue;
        OperatorStatsRow& row = out->rows[g];
        if (__builtin_add_overflow(row.cpuNs, it->second, &row.cpuNs)) row.cpuNs = std::numeric_limits<TimeNs>::max();
        ++row.cpuCount;
        out->hasCpuTime = true;
    }
    return true;
}

bool fillMetrics(Database& db, const StoreSnapshot& snap, const OperatorGrouping& grouping, OperatorStats* out,
                 Error* error) {
    MetricCatalog catalog;
    if (!MetricCatalog::load(db, &catalog, error)) return false;
    MetricSums sums;
    if (!aggregateMetrics(db, snap.slices, grouping.groupOfSlice, out->rows.size(), {}, &sums, error)) return false;
    std::vector<std::size_t> used;
    for (std::size_t c = 0; c < sums.keyIds.size(); ++c) {
        const MetricKeyInfo* key = nullptr;
        for (const MetricKeyInfo& k : catalog.keys())
            if (k.id == sums.keyIds[c]) key = &k;
        // Identifiers (Task ID, Stream ID ...) and shapes are labels: their mean means nothing.
        if (key && (isIdentifierMetric(key->name) || key->group == "Shapes")) continue;
        bool any = false;
        for (std::size_t g = 0; g < out->rows.size() && !any; ++g) any = sums.countOf(g, c) > 0;
        if (!any) continue;
        used.push_back(c);
        MetricColumn column;
        column.keyId = sums.keyIds[c];
        for (const MetricKeyInfo& k : catalog.keys())
            if (k.id == column.keyId) {
                column.name = k.name;
                column.unit = k.unit;
                column.group = k.group;
            }
        out->metrics.push_back(std::move(column));
    }
    for (std::size_t g = 0; g < out->rows.size(); ++g)
        for (std::size_t c : used) out->rows[g].metricMeans.push_back(sums.mean(g, c));
    return true;
}

// The step time of the analysed slices: ProfilerStep#N host slices starting inside the range, or the one
// step window of a step selection.
bool fillStepTime(Database& db, const OperatorStatsOptions& options, OperatorStats* out, Error* error) {
    const GroupingOptions& grouping = options.grouping;
    std::vector<TimeRange> steps;
    if (options.stepWindow) steps.push_back(*options.stepWindow);
    else if (!readProfilerStepSpans(db, &steps, error)) return false;
    for (const TimeRange& step : steps) {
        if (grouping.range && !grouping.range->contains(step.startNs)) continue;
        if (__builtin_add_overflow(out->stepTimeNs, step.durationNs(), &out->stepTimeNs))
            out->stepTimeNs = std::numeric_limits<TimeNs>::max();
    }
    for (OperatorStatsRow& row : out->rows)
        row.stepShare = out->stepTimeNs > 0 ? static_cast<double>(row.totalNs) / static_cast<double>(out->stepTimeNs)
                                            : std::numeric_limits<double>::quiet_NaN();
    return true;
}

// Per-operator memory from the allocation blocks (core/analysis/memory/operator_memory_columns.h).
bool fillMemoryColumns(Database& db, OperatorStats* out, Error* error) {
    MemoryData memory;
    if (!readMemoryBlocks(db, &memory.blocks, error)) return false;
    appendOperatorMemoryColumns(operatorMemory(memory, kAllDevices), out);
    return true;
}

} // namespace

std::string operatorRowId(const std::string& key, const std::string& coreType) {
    return coreType.empty() ? key : key + " (" + coreType + ")";
}

bool computeOperatorStats(Database& db, const StoreSnapshot& snapshot, const OperatorStatsOptions& options,
                          OperatorStats* out, Error* error) {
    *out = OperatorStats{};
    out->groupBy = options.grouping.by;
    out->tracks = snapshot.slices.trackIds;
    out->fellBackToAll = snapshot.fellBackToAll;
    out->range = options.grouping.range;
    OperatorGrouping grouping;
    if (!groupOperators(db, snapshot, options.grouping, &grouping, error)) return false;
    if (options.splitByInputShapes && !splitByInputShapes(db, snapshot, &grouping, error)) return false;
    std::vector<std::string> coreTypes(grouping.labels.size());
    if ((options.splitByCoreType || !options.coreType.empty()) &&
        !splitByCoreType(db, snapshot, options.coreType, &grouping, &coreTypes, error))
        return false;
    out->rows.resize(grouping.labels.size());
    for (std::size_t g = 0; g < grouping.labels.size(); ++g) {
        out->rows[g].key = grouping.labels[g];
        if (options.splitByCoreType) out->rows[g].coreType = coreTypes[g];
    }
    if (options.keepGrouping) {
        auto kept = std::make_shared<OperatorGrouping>(grouping);
        for (std::size_t g = 0; g < kept->labels.size(); ++g)
            kept->labels[g] = operatorRowId(out->rows[g].key, out->rows[g].coreType);
        out->grouping = std::move(kept);
    }
    fillDurationStats(snapshot, grouping, out->rows);
    for (TimeNs busy : busyTimePerTrack(snapshot.slices, options.grouping.range)) addChecked(out->busyNs, busy);
    out->skippedNotWork = snapshot.skippedNotWork;
    // op_statistic.csv's Ratio: a compute operator's total over the summed time of every compute task.
    const auto& slices = snapshot.slices.slices;
    PageReleasingWalk<SliceRecord> walk(slices);
    for (std::size_t i = 0; i < slices.size(); ++i) {
        std::uint32_t g = grouping.groupOfSlice[i];
        if (g == kNoGroup) continue;
        const SliceRecord& s = walk[i];
        std::optional<DeviceClass> c = snapshot.deviceClasses.classOf(s.id);
        if (!c) continue;
        OperatorStatsRow& row = out->rows[g];
        if (*c == DeviceClass::Compute) {
            row.deviceClass = DeviceClass::Compute;
            out->computeTaskNs += s.durNs;
        } else if (!row.deviceClass) {
            row.deviceClass = *c;
        }
    }
    for (OperatorStatsRow& row : out->rows) {
        out->sliceCount += row.count;
        if (out->computeTaskNs > 0)
            row.busyShare = row.deviceClass == DeviceClass::Compute
                                ? static_cast<double>(row.totalNs) / static_cast<double>(out->computeTaskNs)
                                : 0.0;
        else
            row.busyShare = out->busyNs > 0 ? static_cast<double>(row.totalNs) / static_cast<double>(out->busyNs) : 0;
    }
    if (!fillStepTime(db, options, out, error)) return false;
    if (!fillCpuTime(db, snapshot, grouping, out, error)) return false;
    if (options.includeMetrics && !fillMetrics(db, snapshot, grouping, out, error)) return false;
    if (options.includeMetrics && !fillMemoryColumns(db, out, error)) return false;
    // Compute operators first: communication and memory rows are listed apart, never as the top operator.
    auto listedApart = [&](const OperatorStatsRow& r) {
        return out->computeTaskNs > 0 && r.deviceClass && *r.deviceClass != DeviceClass::Compute;
    };
    std::sort(out->rows.begin(), out->rows.end(), [&](const OperatorStatsRow& a, const OperatorStatsRow& b) {
        if (listedApart(a) != listedApart(b)) return !listedApart(a);
        if (a.totalNs != b.totalNs) return a.totalNs > b.totalNs;
        return a.key != b.key ? a.key < b.key : a.coreType < b.coreType;
    });
    if (options.topN > 0 && out->rows.size() > static_cast<std::size_t>(options.topN))
        out->rows.resize(static_cast<std::size_t>(options.topN));
    return true;
}

bool computeOperatorStats(Database& db, const OperatorStatsOptions& options, OperatorStats* out, Error* error) {
    StoreSnapshot snapshot;
    if (!loadSnapshot(db, options.tracks, &snapshot, error)) return false;
    return computeOperatorStats(db, snapshot, options, out, error);
}

} // namespace opscope
