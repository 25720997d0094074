#include "core/report/report_data.h"

#include "core/analysis/breakdown/breakdown_analysis.h"

#include "core/analysis/diagnosis_engine.h"
#include "core/store/sqlite_db.h"

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
    if (!db.tableExists("graph")) return;
    Statement st = db.prepare("SELECT source_path, format, derived, node_count, edge_count, joined_node_count, "
                              "unjoined_exec_count FROM graph ORDER BY id DESC LIMIT 1");
    if (!st.step()) return;
    ReportGraphSection g;
    g.sourcePath = st.text(0);
    g.format = st.text(1);
    g.derived = st.int64(2) != 0;
    g.nodes = st.int64(3);
    g.edges = st.int64(4);
    g.joinedNodes = st.int64(5);
    g.unjoinedExecutions = st.int64(6);
    out->graph = g;
}

} // namespace

bool collectReportData(Database& db, const ReportOptions& options, ReportData* out, Error* error) {
    *out = ReportData{};
    out->options = options;
    std::error_code ec;
    out->storePath = std::filesystem::absolute(db.path(), ec).string();
    out->generatedAt = utcNow();
    try {
        out->summary = readStoreSummary(db);
        readGraph(db, out);
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::BadDatabase, db.path(), -1, -1, -1, "an opscope store", e.what()};
        return false;
    }
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

    if (cancelled(options, error) || !runDiagnosis(db, DiagnosisOptions{}, &out->diagnosis, error)) return false;
    return !cancelled(options, error);
}

} // namespace opscope
