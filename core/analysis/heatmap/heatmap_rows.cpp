#include "core/analysis/heatmap/heatmap_rows.h"

#include "core/analysis/snapshot/metric_access.h"

#include <algorithm>
#include <cmath>

namespace opscope {

bool discoverHeatmapMetrics(Database& db, const StoreSnapshot& snapshot, std::vector<HeatmapMetricChoice>* out,
                            Error* error) {
    out->clear();
    MetricCatalog catalog;
    if (!MetricCatalog::load(db, &catalog, error)) return false;
    std::vector<std::uint32_t> oneGroup(snapshot.slices.slices.size(), 0);
    MetricSums sums;
    if (!aggregateMetrics(db, snapshot.slices, oneGroup, 1, {}, &sums, error)) return false;
    for (std::size_t c = 0; c < sums.keyIds.size(); ++c) {
        if (sums.countOf(0, c) == 0) continue;
        for (const MetricKeyInfo& k : catalog.keys())
            // Identifiers (Task ID, Stream ID) and shapes are labels: a colour scale over them means nothing.
            if (k.id == sums.keyIds[c] && !isIdentifierMetric(k.name) && k.group != "Shapes")
                out->push_back({k.name, k.unit, k.group});
    }
    std::sort(out->begin(), out->end(), [](const HeatmapMetricChoice& a, const HeatmapMetricChoice& b) {
        return a.group != b.group ? a.group < b.group : a.name < b.name;
    });
    return true;
}

void keepRowsWithData(HeatmapResult* h, int topN) {
    const std::size_t width = static_cast<std::size_t>(h->bucketCount);
    std::vector<HeatmapRow> rows;
    std::vector<double> cells;
    for (std::size_t r = 0; r < h->rows.size(); ++r) {
        if (topN > 0 && rows.size() >= static_cast<std::size_t>(topN)) break;
        auto first = h->cells.begin() + static_cast<std::ptrdiff_t>(r * width);
        if (std::all_of(first, first + static_cast<std::ptrdiff_t>(width), [](double v) { return std::isnan(v); }))
            continue;
        rows.push_back(h->rows[r]);
        cells.insert(cells.end(), first, first + static_cast<std::ptrdiff_t>(width));
    }
    h->rows = std::move(rows);
    h->cells = std::move(cells);
}

bool computeHeatmapRows(Database& db, const StoreSnapshot& snapshot, const HeatmapOptions& options,
                        HeatmapResult* out, Error* error) {
    const bool metric = options.value == HeatmapValue::Metric;
    HeatmapOptions wanted = options;
    if (metric) {
        wanted.topN = 0;
        wanted.includeOther = false;
    }
    if (!computeHeatmap(db, snapshot, wanted, out, error)) return false;
    if (metric) keepRowsWithData(out, options.topN);
    return true;
}

} // namespace opscope
