#include "core/history/run_history.h"

#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/store/memory_reader.h"
#include "core/store/store_identity.h"
#include "core/store/store_error.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

namespace opscope::history {

namespace {

std::int64_t nowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string hostName() {
    char name[256] = {};
    if (::gethostname(name, sizeof name - 1) != 0) return {};
    return name;
}

RunInfo describeRun(const std::string& path, const RunDescription& d) {
    RunInfo info;
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    info.tracePath = ec ? path : absolute.lexically_normal().string();
    info.label = d.label.empty() ? std::filesystem::path(path).filename().string() : d.label;
    info.commit = d.commit;
    info.host = d.host.empty() ? hostName() : d.host;
    info.addedAtNs = nowNs();
    info.runTimeNs = d.runTimeNs != 0 ? d.runTimeNs : info.addedAtNs;
    info.knownChange = d.knownChange;
    return info;
}

std::vector<SeriesPoint> toPoints(const std::vector<double>& values, const std::vector<bool>& known) {
    std::vector<SeriesPoint> points(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) points[i] = {values[i], known[i]};
    return points;
}

} // namespace

bool collectStoreFigures(Database& store, const std::string& tracePath, const RunDescription& description,
                         CollectedRun* out, Error* error) {
    *out = CollectedRun{};
    out->info = describeRun(tracePath, description);
    if (!guardStore(store, error, [&] {
            out->info.contentHash = storeContentHash(store);
            return true;
        }))
        return false;
    BreakdownReport breakdown;
    if (!computeBreakdown(store, BreakdownOptions{}, &breakdown, error)) return false;
    out->metrics = metricsFromBreakdown(breakdown);
    MemoryData memory;
    if (!readMemoryData(store, &memory, error)) return false;
    const std::vector<RunMetric> peaks = metricsFromMemory(summarizeMemory(memory, MemorySummaryOptions{}));
    out->metrics.insert(out->metrics.end(), peaks.begin(), peaks.end());
    return true;
}

CollectedRun assembleRun(const BaselineAggregates& aggregates, CollectedRun storeFigures) {
    CollectedRun run;
    run.info = std::move(storeFigures.info);
    run.metrics = metricsFromAggregates(aggregates);
    run.metrics.insert(run.metrics.end(), storeFigures.metrics.begin(), storeFigures.metrics.end());
    return run;
}

CollectedRun runFromBaseline(const BaselineAggregates& baseline, const std::string& baselinePath,
                             const std::string& fileHash, const RunDescription& description) {
    CollectedRun run;
    run.info = describeRun(baselinePath, description);
    run.info.contentHash = fileHash;
    run.metrics = metricsFromAggregates(baseline);
    return run;
}

bool computeTrend(HistoryStore& store, const std::string& metric, const std::string& scope,
                  const ThresholdsConfig& config, Trend* out, Error* error) {
    *out = Trend{};
    out->metric = metric;
    out->scope = scope;
    Error readError;
    std::vector<SeriesRow> rows = store.series(metric, scope, &readError);
    if (readError) {
        if (error) *error = readError;
        return false;
    }
    out->unit = rows.empty() ? std::string() : rows.front().unit;
    out->thresholds = config.forMetric(metric, out->unit);
    std::vector<SeriesPoint> points;
    points.reserve(rows.size());
    for (const SeriesRow& r : rows) points.push_back({r.value, r.run.knownChange});
    const SeriesAnalysis analysis = analyzeSeries(points, out->thresholds);
    for (std::size_t i = 0; i < rows.size(); ++i)
        out->points.push_back({rows[i].run, rows[i].value, analysis.smoothed[i], analysis.bands[i], analysis.beyond[i]});
    for (const Change& c : analysis.changes) out->changes.push_back({c, rows[c.firstIndex].run, rows[c.lastIndex].run});
    return true;
}

std::vector<Trend> reportTrends(HistoryStore& store, const std::vector<std::string>& operators,
                                const ThresholdsConfig& config, Error* error) {
    std::vector<std::pair<std::string, std::string>> wanted = {
        {"trace.duration_ns", ""}, {"busy_ns", ""}, {"bubble.total_ns", ""}};
    for (const std::string& op : operators) wanted.emplace_back("op.total_ns", op);
    std::vector<Trend> out;
    for (const auto& [metric, scope] : wanted) {
        Trend t;
        if (!computeTrend(store, metric, scope, config, &t, error)) return {};
        if (!t.points.empty()) out.push_back(std::move(t));
    }
    return out;
}

bool checkRun(HistoryStore& store, const CollectedRun& candidate, const ThresholdsConfig& config, CheckReport* out,
              Error* error) {
    *out = CheckReport{};
    // The farthest back any judgement of the newest run can look: a stretch of runs beyond their bands,
    // each judged against a window before it, or a drift window.
    int reach = 1;
    auto widen = [&](const Thresholds& t) { reach = std::max(reach, 3 * t.window + t.confirmRuns); };
    widen(config.forMetric("", ""));
    for (const auto& entry : config.metrics) widen(config.forMetric(entry.first, ""));

    Error readError;
    const std::vector<RunInfo> runs = store.latestRuns(static_cast<std::size_t>(reach), &readError);
    auto values = store.metricsOfRuns(runs, &readError);
    if (readError) {
        if (error) *error = readError;
        return false;
    }
    out->runsConsidered = runs.size();
    for (const RunMetric& m : candidate.metrics) {
        const auto it = values.find({m.name, m.scope});
        if (it == values.end()) continue;
        std::vector<double> series;
        std::vector<bool> known;
        std::vector<std::size_t> runIndex;
        for (const HistoryStore::MetricValue& v : it->second) {
            series.push_back(v.value);
            known.push_back(runs[v.runIndex].knownChange);
            runIndex.push_back(v.runIndex);
        }
        series.push_back(m.value);
        known.push_back(candidate.info.knownChange);
        const Thresholds t = config.forMetric(m.name, m.unit);
        const std::vector<SeriesPoint> points = toPoints(series, known);
        // Judged against the runs since the last known change, within the window: as the check itself.
        Band latest;
        const std::optional<Change> change = checkLatest(points, t, &latest);
        if (latest.judged) ++out->metricsChecked;
        if (!change) continue;
        HistoryRegression r;
        r.metric = m.name;
        r.scope = m.scope;
        r.unit = m.unit;
        r.change = *change;
        r.latest = m.value;
        if (change->firstIndex < runIndex.size()) r.firstRun = runs[runIndex[change->firstIndex]];
        out->regressions.push_back(std::move(r));
    }
    std::stable_sort(out->regressions.begin(), out->regressions.end(), [](const auto& a, const auto& b) {
        return std::fabs(a.change.relative()) > std::fabs(b.change.relative());
    });
    return true;
}

} // namespace opscope::history
