#include "core/report/report_data.h"

#include "core/analysis/breakdown/breakdown_analysis.h"

#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/store/graph_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_error.h"

#include <chrono>
#include <ctime>
#include <filesystem>

namespace opscope {

namespace {

bool cancelled(const ReportOptions& options, Error* error) {
    if (!options.cancel || !options.cancel->load()) return false;
    if (error) *error = Error{ErrorCode::Cancelled, {}, -1, -1, -1, {}, {}};
    return true;
}

std::string utcNow() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

void readGraph(Database& db, ReportData* out) {
    GraphHeader h;
    if (!readLatestGraphHeader(db, &h)) return;
    ReportGraphSection g;
    g.sourcePath = h.sourcePath;
    g.format = h.format;
    g.derived = h.derived;
    g.nodes = h.nodes;
    g.edges = h.edges;
    g.joinedNodes = h.joinedNodes;
    g.unjoinedExecutions = h.unjoinedExecutions;
    out->graph = g;
}

} // namespace

bool collectReportData(Database& db, const ReportOptions& options, ReportData* out, Error* error) {
    *out = ReportData{};
    out->options = options;
    std::error_code ec;
    out->storePath = std::filesystem::absolute(db.path(), ec).string();
    out->generatedAt = utcNow();
    const bool read = guardStore(db, error, [&] {
        out->summary = readStoreSummary(db);
        readGraph(db, out);
        return true;
    });
    if (!read) return false;
    const std::string source = out->summary.sourcePath.empty() ? db.path() : out->summary.sourcePath;
    out->title = std::filesystem::path(source).filename().string();
    if (out->title.empty()) out->title = source;

    OperatorStatsOptions stats;
    stats.topN = options.topOperators;
    if (cancelled(options, error) || !computeOperatorStats(db, stats, &out->operators, error)) return false;

    BubbleOptions bubbles;
    bubbles.minBubbleNs = options.minBubbleNs;
    bubbles.largestCount = options.largestBubbles;
    if (cancelled(options, error) || !computeBubbles(db, bubbles, &out->bubbles, error)) return false;
    out->balance = deviceBalance(out->bubbles);

    if (cancelled(options, error) || !computeBreakdown(db, BreakdownOptions{}, &out->breakdown, error)) return false;

    HeatmapOptions heatmap;
    heatmap.topN = options.heatmapRows;
    heatmap.bucketCount = options.heatmapBuckets;
    if (cancelled(options, error) || !computeHeatmap(db, heatmap, &out->heatmap, error)) return false;

    DiagnosisOptions diagnosis;
    diagnosis.rules = options.diagnosis.rules;
    diagnosis.device = options.diagnosis.device;
    diagnosis.fusionPatterns = options.diagnosis.fusionPatterns;
    if (cancelled(options, error) || !runDiagnosis(db, diagnosis, &out->diagnosis, error)) return false;
    return !cancelled(options, error);
}

} // namespace opscope
