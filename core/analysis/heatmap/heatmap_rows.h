// The heatmap as every front end shows it: which metrics can colour it (metric discovery) and which
// rows a metric heatmap keeps (row rules). Once lived in the GUI only; the CLI and the report use it too.
#pragma once
#include "core/analysis/heatmap/heatmap_bins.h"

#include <string>
#include <vector>

namespace opscope {

struct HeatmapMetricChoice {
    std::string name;
    std::string unit;
    std::string group;
};

// Metrics with at least one numeric value on the snapshot's slices (text-only keys are not offered),
// sorted by group, then name.
bool discoverHeatmapMetrics(Database& db, const StoreSnapshot& snapshot, std::vector<HeatmapMetricChoice>* out,
                            Error* error);

// For a metric, the top rows by time that report it: operators without the metric would be blank rows,
// so the heatmap is computed over every row and the first topN rows with data are kept (no "other" row).
void keepRowsWithData(HeatmapResult* heatmap, int topN);

// computeHeatmap on a snapshot with the row rules above applied.
bool computeHeatmapRows(Database& db, const StoreSnapshot& snapshot, const HeatmapOptions& options,
                        HeatmapResult* out, Error* error);

} // namespace opscope
