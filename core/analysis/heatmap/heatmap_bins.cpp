#include "core/analysis/heatmap/heatmap_bins.h"

#include "core/analysis/snapshot/metric_access.h"
#include "core/model/spillable_array.h"
#include "core/store/sqlite_db.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace opscope {

std::vector<TimeNs> bucketEdges(TimeRange range, int bucketCount) {
    std::vector<TimeNs> edges;
    if (bucketCount <= 0) return edges;
    TimeNs span = std::max<TimeNs>(0, range.durationNs());
    TimeNs n = bucketCount;
    // start + span * i / n without overflow: split span into quotient and remainder.
    for (TimeNs i = 0; i <= n; ++i) edges.push_back(range.startNs + (span / n) * i + (span % n) * i / n);
    return edges;
}

namespace {

struct CellAccumulator {
    std::vector<double> weight; // BusyTime: ns; Count / MeanDuration: executions; Metric: ns with a value
    std::vector<double> sum;    // MeanDuration: sum of durations; Metric: sum of value * ns
};

std::size_t bucketOf(const std::vector<TimeNs>& edges, TimeNs t) {
    auto it = std::upper_bound(edges.begin(), edges.end(), t);
    return static_cast<std::size_t>(it - edges.begin()) - 1;
}

TimeRange activityRange(const SliceSet& slices) {
    TimeRange r{std::numeric_limits<TimeNs>::max(), std::numeric_limits<TimeNs>::min()};
    for (const SliceRecord& s : walkReleasing(slices.slices)) {
        r.startNs = std::min(r.startNs, s.tsNs);
        r.endNs = std::max(r.endNs, s.endNs());
    }
    return r.endNs >= r.startNs ? r : TimeRange{};
}

// Adds one slice to the cells of its row: clipped per bucket, or at its start bucket.
void accumulate(const SliceRecord& s, double metric, HeatmapValue value, const std::vector<TimeNs>& edges,
                std::size_t rowBase, CellAccumulator& acc) {
    TimeNs lo = edges.front(), hi = edges.back();
    if (value == HeatmapValue::Count || value == HeatmapValue::MeanDuration) {
        if (s.tsNs < lo || s.tsNs >= hi) return;
        std::size_t b = rowBase + bucketOf(edges, s.tsNs);
        acc.weight[b] += 1;
        acc.sum[b] += static_cast<double>(s.durNs);
        return;
    }
    if (value == HeatmapValue::Metric && std::isnan(metric)) return;
    TimeNs a = std::max(s.tsNs, lo), e = std::min(s.endNs(), hi);
    if (e <= a) return;
    for (std::size_t b = bucketOf(edges, a); b + 1 < edges.size() && edges[b] < e; ++b) {
        TimeNs part = std::min(e, edges[b + 1]) - std::max(a, edges[b]);
        if (part <= 0) continue;
        acc.weight[rowBase + b] += static_cast<double>(part);
        acc.sum[rowBase + b] += metric * static_cast<double>(part);
    }
}

double cellValue(HeatmapValue value, double weight, double sum) {
    switch (value) {
    case HeatmapValue::BusyTime: return weight;
    case HeatmapValue::Count: return weight;
    case HeatmapValue::MeanDuration:
    case HeatmapValue::Metric: return weight > 0 ? sum / weight : std::numeric_limits<double>::quiet_NaN();
    }
    return 0;
}

// Row totals over the range, then the kept rows in order; other groups map to the "(other)" row or none.
std::vector<std::size_t> chooseRows(const StoreSnapshot& snap, const OperatorGrouping& grouping,
                                    const HeatmapOptions& options, TimeRange range, HeatmapResult* out) {
    std::size_t groups = grouping.labels.size();
    std::vector<HeatmapRow> totals(groups);
    const bool classes = !snap.deviceClasses.empty();
    for (std::size_t g = 0; g < groups; ++g) totals[g].label = grouping.labels[g];
    PageReleasingWalk<SliceRecord> walk(snap.slices.slices);
    for (std::size_t i = 0; i < snap.slices.slices.size(); ++i) {
        std::uint32_t g = grouping.groupOfSlice[i];
        if (g == kNoGroup) continue;
        const SliceRecord& s = walk[i];
        TimeNs a = std::max(s.tsNs, range.startNs), e = std::min(s.endNs(), range.endNs);
        if (e > a) totals[g].totalNs += e - a;
        if (range.contains(s.tsNs)) ++totals[g].count;
        std::optional<DeviceClass> c = classes ? snap.deviceClasses.classOf(s.id) : std::nullopt;
        if (c && (!totals[g].deviceClass || *c == DeviceClass::Compute)) totals[g].deviceClass = c;
    }
    std::vector<std::size_t> order(groups);
    std::iota(order.begin(), order.end(), 0);
    order.erase(std::remove_if(order.begin(), order.end(),
                               [&](std::size_t g) { return totals[g].totalNs == 0 && totals[g].count == 0; }),
                order.end());
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return totals[a].totalNs != totals[b].totalNs ? totals[a].totalNs > totals[b].totalNs
                                                      : totals[a].label < totals[b].label;
    });
    std::size_t kept = options.topN > 0 ? std::min(order.size(), static_cast<std::size_t>(options.topN)) : order.size();
    bool other = options.includeOther && kept < order.size();
    std::vector<std::size_t> rowOfGroup(groups, static_cast<std::size_t>(-1));
    for (std::size_t r = 0; r < kept; ++r) {
        rowOfGroup[order[r]] = r;
        out->rows.push_back(totals[order[r]]);
    }
    if (other) {
        HeatmapRow rest{kOtherRowLabel, 0, 0, std::nullopt};
        for (std::size_t r = kept; r < order.size(); ++r) {
            rowOfGroup[order[r]] = kept;
            rest.totalNs += totals[order[r]].totalNs;
            rest.count += totals[order[r]].count;
        }
        out->rows.push_back(rest);
    }
    return rowOfGroup;
}

void finishCells(const CellAccumulator& acc, HeatmapResult* out) {
    out->cells.resize(acc.weight.size());
    bool first = true;
    for (std::size_t i = 0; i < acc.weight.size(); ++i) {
        // Busy time and counts are 0 in an empty cell; means have no value there (NaN).
        double v = cellValue(out->value, acc.weight[i], acc.sum[i]);
        out->cells[i] = v;
        if (std::isnan(v)) continue;
        out->minValue = first ? v : std::min(out->minValue, v);
        out->maxValue = first ? v : std::max(out->maxValue, v);
        first = false;
    }
}

} // namespace

bool computeHeatmap(Database& db, const StoreSnapshot& snapshot, const HeatmapOptions& options,
                    HeatmapResult* out, Error* error) {
    *out = HeatmapResult{};
    out->value = options.value;
    out->fellBackToAll = snapshot.fellBackToAll;
    out->range = options.range ? *options.range : activityRange(snapshot.slices);
    out->bucketCount = std::max(1, options.bucketCount);
    out->bucketEdgesNs = bucketEdges(out->range, out->bucketCount);
    std::vector<double> metric;
    switch (options.value) {
    case HeatmapValue::BusyTime: out->valueName = "time"; out->valueUnit = "ns"; break;
    case HeatmapValue::Count: out->valueName = "count"; break;
    case HeatmapValue::MeanDuration: out->valueName = "mean duration"; out->valueUnit = "ns"; break;
    case HeatmapValue::Metric: {
        MetricCatalog catalog;
        if (!MetricCatalog::load(db, &catalog, error)) return false;
        const MetricKeyInfo* key = catalog.find(options.metricName);
        if (!key) {
            if (error)
                *error = Error{ErrorCode::WrongType, db.path(), -1, -1, -1, "a metric held by the store",
                               options.metricName};
            return false;
        }
        out->valueName = key->name;
        out->valueUnit = key->unit;
        if (!loadMetricColumn(db, snapshot.slices, key->id, &metric, error)) return false;
        break;
    }
    }
    GroupingOptions grouping = options.grouping;
    grouping.range.reset();
    OperatorGrouping groups;
    if (!groupOperators(db, snapshot, grouping, &groups, error)) return false;
    std::vector<std::size_t> rowOfGroup = chooseRows(snapshot, groups, options, out->range, out);
    std::size_t width = static_cast<std::size_t>(out->bucketCount);
    CellAccumulator acc;
    acc.weight.assign(out->rows.size() * width, 0.0);
    acc.sum.assign(out->rows.size() * width, 0.0);
    if (out->range.durationNs() > 0 || options.value == HeatmapValue::Count) {
        PageReleasingWalk<SliceRecord> walk(snapshot.slices.slices);
        for (std::size_t i = 0; i < snapshot.slices.slices.size(); ++i) {
            std::uint32_t g = groups.groupOfSlice[i];
            if (g == kNoGroup || rowOfGroup[g] == static_cast<std::size_t>(-1)) continue;
            accumulate(walk[i], metric.empty() ? 0.0 : metric[i], options.value,
                       out->bucketEdgesNs, rowOfGroup[g] * width, acc);
        }
    }
    finishCells(acc, out);
    return true;
}

bool computeHeatmap(Database& db, const HeatmapOptions& options, HeatmapResult* out, Error* error) {
    StoreSnapshot snapshot;
    if (!loadSnapshot(db, options.tracks, &snapshot, error)) return false;
    return computeHeatmap(db, snapshot, options, out, error);
}

} // namespace opscope
