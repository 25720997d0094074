#include "core/analysis/operators/operator_stats_json.h"

#include "core/model/device_class.h"

#include <cmath>

namespace opscope {

namespace {

// NaN and infinities have no JSON form: null.
nlohmann::ordered_json number(double v) { return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(); }

} // namespace

nlohmann::ordered_json operatorStatsJson(const OperatorStats& stats) {
    using json = nlohmann::ordered_json;
    json metrics = json::array();
    for (const MetricColumn& m : stats.metrics) metrics.push_back({{"name", m.name}, {"unit", m.unit}});
    json rows = json::array();
    for (const OperatorStatsRow& r : stats.rows) {
        json means = json::array();
        for (double v : r.metricMeans) means.push_back(number(v));
        rows.push_back({{"key", r.key},
                        {"core_type", r.coreType},
                        {"count", r.count},
                        {"total_ns", r.totalNs},
                        {"min_ns", r.minNs},
                        {"avg_ns", number(r.avgNs)},
                        {"max_ns", r.maxNs},
                        {"ratio_pct", number(r.busyShare * 100.0)},
                        {"step_share_pct", number(r.stepShare * 100.0)},
                        {"class", r.deviceClass ? deviceClassName(*r.deviceClass) : ""},
                        {"metric_means", std::move(means)}});
    }
    return json{{"group_by", groupByName(stats.groupBy)},
                {"slice_count", stats.sliceCount},
                {"compute_task_ns", stats.computeTaskNs},
                {"step_time_ns", stats.stepTimeNs},
                {"metrics", std::move(metrics)},
                {"rows", std::move(rows)}};
}

} // namespace opscope
