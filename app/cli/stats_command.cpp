// opscope-cli stats TRACE|STORE: operator statistics per name or type, as a table or CSV.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/launch/step_selection.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/analysis/operators/operator_stats_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli stats TRACE|STORE [--by name|type|type+shapes] [--type-source auto|type|cat|args]\n"
    "                         [--type-field NAME] [--all-tracks] [--top N] [--range START_NS:END_NS] [--step N]\n"
    "                         [--no-metrics] [--core-type TYPE] [--csv | --json]\n"
    "Operator statistics over device compute tracks (all slice tracks with --all-tracks): count, total, self,\n"
    "average, min, max, p50/p90/p99 (nearest rank), compute share (a compute operator's total over the summed\n"
    "time of all compute tasks, op_statistic.csv's Ratio; communication and memory rows come after the compute\n"
    "ones with no share; waits and markers are left out, docs/device-time.md), the device class, and the mean\n"
    "of each metric (CSV).\n"
    "--by type groups by the importer's type, else the category (--type-source picks one; 'args' reads the\n"
    "args field --type-field, default \"OP Type\"). With --range, slices starting inside the range count.\n"
    "With --step N, the slices of ProfilerStep#N by launch: device events whose launching call ran in the\n"
    "step (wherever the device ran them), unlinked device events and host slices starting inside it.\n"
    "Annotation slices on compute tracks (gpu_user_annotation) mark ranges, not work: they are left out.\n"
    "Ascend: rows are keyed by name or type and Core Type (kernel_details' Accelerator Core), as\n"
    "op_statistic.csv keys them; --core-type AI_CORE|AI_VECTOR_CORE|AI_CPU|MIX_AIC|MIX_AIV keeps one. The CSV\n"
    "adds 'core type' and 'ratio (%)' (the compute share under op_statistic.csv's name) after 'class', then\n"
    "'step share (%)' (the row's total over the summed ProfilerStep#N time; empty without steps).\n"
    "--by type+shapes keys Ascend rows by OP type and Input Shapes. Identifier columns (Task ID, Stream ID ...)\n"
    "and shapes are never averaged. --json prints the rows as docs/cli.md describes.\n";

bool parseGrouping(ArgParser& parser, GroupingOptions* grouping, bool* byShapes) {
    std::string by, source, field;
    if (parser.option("--by", &by)) {
        if (by != "name" && by != "type" && by != "type+shapes") return false;
        grouping->by = by == "name" ? GroupBy::Name : GroupBy::Type;
        *byShapes = by == "type+shapes";
    }
    if (parser.option("--type-source", &source)) {
        if (source == "auto") grouping->typeSource = TypeSource::Auto;
        else if (source == "type") grouping->typeSource = TypeSource::TypeColumn;
        else if (source == "cat") grouping->typeSource = TypeSource::Category;
        else if (source == "args") grouping->typeSource = TypeSource::ArgsField;
        else return false;
        grouping->by = GroupBy::Type;
    }
    if (parser.option("--type-field", &field)) {
        grouping->argsField = field;
        grouping->typeSource = TypeSource::ArgsField;
        grouping->by = GroupBy::Type;
    }
    return true;
}

std::vector<std::string> header(const OperatorStats& stats, bool csv) {
    std::vector<std::string> h{stats.groupBy == GroupBy::Name ? "operator" : "type",
                               "count", "total (us)", "self (us)", "avg (us)", "min (us)", "max (us)",
                               "p50 (us)", "p90 (us)", "p99 (us)", "compute share (%)", "class"};
    if (csv) {
        h.push_back("core type");
        h.push_back("ratio (%)");
        h.push_back("step share (%)");
    }
    if (stats.hasCpuTime) h.push_back("cpu time (us)"); // only traces with thread time (Chrome tts/tdur)
    for (const MetricColumn& m : stats.metrics)
        h.push_back("mean " + m.name + (m.unit.empty() ? "" : " (" + m.unit + ")"));
    return h;
}

std::vector<std::string> cells(const OperatorStatsRow& r, bool metrics, bool cpuTime) {
    std::vector<std::string> c{r.key, std::to_string(r.count), microsText(r.totalNs), microsText(r.selfNs),
                               microsText(r.avgNs), microsText(r.minNs), microsText(r.maxNs), microsText(r.p50Ns),
                               microsText(r.p90Ns), microsText(r.p99Ns), numberText(r.busyShare * 100.0, 2),
                               r.deviceClass ? deviceClassName(*r.deviceClass) : ""};
    if (metrics) {
        c.push_back(r.coreType);
        c.push_back(numberText(r.busyShare * 100.0, 3));
        c.push_back(std::isnan(r.stepShare) ? std::string() : numberText(r.stepShare * 100.0, 3));
    }
    if (cpuTime) c.push_back(r.cpuCount > 0 ? microsText(r.cpuNs) : std::string());
    if (metrics)
        for (double v : r.metricMeans) c.push_back(numberText(v, 6));
    return c;
}

void printTable(const OperatorStats& stats) {
    std::vector<std::string> h = header(stats, false);
    h.resize(12);
    std::size_t nameWidth = h[0].size();
    for (const OperatorStatsRow& r : stats.rows) nameWidth = std::max(nameWidth, std::min<std::size_t>(r.key.size(), 60));
    std::printf("%-*s", static_cast<int>(nameWidth), h[0].c_str());
    for (std::size_t i = 1; i < h.size(); ++i) std::printf("  %14s", h[i].c_str());
    std::printf("\n");
    for (const OperatorStatsRow& r : stats.rows) {
        std::vector<std::string> c = cells(r, false, false);
        std::string name = c[0].size() > 60 ? c[0].substr(0, 57) + "..." : c[0];
        std::printf("%-*s", static_cast<int>(nameWidth), name.c_str());
        for (std::size_t i = 1; i < c.size(); ++i) std::printf("  %14s", c[i].c_str());
        std::printf("\n");
    }
    std::printf("\n%lld executions, summed compute-task time %s, track time (union per track, summed) %s over %zu "
                "track(s)", static_cast<long long>(stats.sliceCount), humanDurationText(stats.computeTaskNs).c_str(),
                humanDurationText(stats.busyNs).c_str(), stats.tracks.size());
    if (stats.skippedNotWork > 0)
        std::printf("; %lld waits and markers left out (gaps, not work)", static_cast<long long>(stats.skippedNotWork));
    if (!stats.metrics.empty()) std::printf("; %zu metric column(s) with --csv", stats.metrics.size());
    std::printf("\n");
}

int runStats(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    OperatorStatsOptions options;
    if (!parseGrouping(parser, &options.grouping, &options.splitByInputShapes)) {
        std::fprintf(stderr, "opscope-cli stats: bad --by or --type-source\n%s", kHelp);
        return kExitBadInput;
    }
    if (parser.flag("--all-tracks")) options.tracks.scope = TrackScope::All;
    bool csv = parser.flag("--csv");
    bool json = parser.flag("--json");
    options.includeMetrics = !parser.flag("--no-metrics");
    options.splitByCoreType = true;
    parser.option("--core-type", &options.coreType);
    std::int64_t top = 0;
    if (!intOption(parser, "--top", 0, 1'000'000'000, &top, "stats") ||
        !rangeOption(parser, &options.grouping.range, "stats"))
        return kExitBadInput;
    options.topN = static_cast<int>(top);
    std::int64_t step = -1;
    if (!intOption(parser, "--step", 0, 1'000'000'000'000, &step, "stats")) return kExitBadInput;
    std::string input;
    if (!singleInput(parser, &input, "stats", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "stats");
    if (!session) return kExitBadInput;
    OperatorStats stats;
    Error error;
    if (step >= 0) {
        StepSelection selection;
        if (!session->stepSelection(step, &selection, &error)) {
            std::fprintf(stderr, "opscope-cli stats: %s\n", describe(error).c_str());
            return kExitBadInput;
        }
        options.grouping.onlySliceIds = std::make_shared<const std::vector<std::int64_t>>(std::move(selection.sliceIds));
        options.stepWindow = selection.hostWindow;
    }
    if (!session->operatorStats(options, &stats, &error)) {
        std::fprintf(stderr, "opscope-cli stats: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (stats.fellBackToAll)
        std::fprintf(stderr, "opscope-cli stats: no track is marked as device compute; using every slice track\n");
    if (json) {
        std::printf("%s\n", operatorStatsJson(stats).dump(2).c_str());
        return kExitOk;
    }
    if (!csv) {
        printTable(stats);
        return kExitOk;
    }
    writeCsvRow(stdout, header(stats, true));
    for (const OperatorStatsRow& r : stats.rows) writeCsvRow(stdout, cells(r, true, stats.hasCpuTime));
    return kExitOk;
}

const bool registered = registerCommand({"stats", "operator statistics per name or type (table or CSV)", &runStats});

} // namespace
} // namespace opscope::cli
