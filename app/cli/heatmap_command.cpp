// opscope-cli heatmap TRACE|STORE: the operator x time-bucket matrix as CSV, or shaded text.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/heatmap/heatmap_bins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli heatmap TRACE|STORE [--metric time|count|mean|METRIC] [--buckets N] [--top N]\n"
    "                           [--by name|type] [--other] [--all-tracks] [--range START_NS:END_NS] [--csv]\n"
    "One row per operator (top N by execution time, default 20; 0: all) or type, one column per time bucket\n"
    "(default 200) over the range (default: first to last activity). Cells: execution time in the bucket\n"
    "(time, the default, also accepted under its old name busy): each execution clipped to the bucket and\n"
    "summed, i.e. the row's compute, communication or memory time by its device class (the last CSV\n"
    "column); waits and markers are gaps, never rows. It is no \"device busy\", which unites compute,\n"
    "communication and memory across operators (bubbles, breakdown; docs/device-time.md). Or: executions\n"
    "starting in the bucket (count), their mean duration (mean), or the time-weighted mean of a slice metric\n"
    "such as aic_mac_ratio. --other adds a row for the operators left out. Without --csv a shaded text map.\n";

bool parseValue(const std::string& metric, HeatmapOptions* options) {
    if (metric == "time" || metric == "busy") options->value = HeatmapValue::BusyTime;
    else if (metric == "count") options->value = HeatmapValue::Count;
    else if (metric == "mean" || metric == "mean-duration") options->value = HeatmapValue::MeanDuration;
    else if (!metric.empty()) {
        options->value = HeatmapValue::Metric;
        options->metricName = metric;
    } else return false;
    return true;
}

std::string cellText(const HeatmapResult& h, double v) {
    switch (h.value) {
    case HeatmapValue::BusyTime:
    case HeatmapValue::MeanDuration: return std::isnan(v) ? std::string() : microsText(v);
    case HeatmapValue::Count: return numberText(v, 0);
    case HeatmapValue::Metric: return numberText(v, 6);
    }
    return {};
}

std::string valueLabel(const HeatmapResult& h) {
    switch (h.value) {
    case HeatmapValue::BusyTime: return "time (us)";
    case HeatmapValue::Count: return "count";
    case HeatmapValue::MeanDuration: return "mean duration (us)";
    case HeatmapValue::Metric: return h.valueName + (h.valueUnit.empty() ? "" : " (" + h.valueUnit + ")");
    }
    return {};
}

void printCsv(const HeatmapResult& h, bool byType) {
    // The class column comes last so that the bucket columns keep their place (docs/cli.md, heatmap).
    std::vector<std::string> header{byType ? "type" : "operator", "total time (us)", "executions"};
    for (int b = 0; b < h.bucketCount; ++b)
        header.push_back(valueLabel(h) + " @ +" + microsText(h.bucketEdgesNs[static_cast<std::size_t>(b)] - h.range.startNs) + " us");
    header.push_back("class");
    writeCsvRow(stdout, header);
    for (std::size_t r = 0; r < h.rows.size(); ++r) {
        std::vector<std::string> row{h.rows[r].label, microsText(h.rows[r].totalNs), std::to_string(h.rows[r].count)};
        for (int b = 0; b < h.bucketCount; ++b) row.push_back(cellText(h, h.cell(r, static_cast<std::size_t>(b))));
        row.push_back(h.rows[r].deviceClass ? deviceClassName(*h.rows[r].deviceClass) : "");
        writeCsvRow(stdout, row);
    }
}

void printShaded(const HeatmapResult& h) {
    static const char kShades[] = " .:-=+*#%@";
    std::printf("%s from %lld to %lld ns, %d buckets of about %s us; max %s\n", valueLabel(h).c_str(),
                static_cast<long long>(h.range.startNs), static_cast<long long>(h.range.endNs), h.bucketCount,
                microsText(h.range.durationNs() / std::max(1, h.bucketCount)).c_str(), cellText(h, h.maxValue).c_str());
    double lo = std::min(0.0, h.minValue), span = h.maxValue - lo;
    for (std::size_t r = 0; r < h.rows.size(); ++r) {
        std::string label = h.rows[r].label.size() > 40 ? h.rows[r].label.substr(0, 37) + "..." : h.rows[r].label;
        const char* cls = h.rows[r].deviceClass ? deviceClassName(*h.rows[r].deviceClass) : "";
        std::printf("%-40s %-13s |", label.c_str(), cls);
        for (int b = 0; b < h.bucketCount; ++b) {
            double v = h.cell(r, static_cast<std::size_t>(b));
            int shade = std::isnan(v) || span <= 0 ? 0 : static_cast<int>(std::lround((v - lo) / span * 9.0));
            std::putchar(kShades[std::clamp(shade, 0, 9)]);
        }
        std::printf("|\n");
    }
}

int runHeatmap(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    HeatmapOptions options;
    std::string metric, by;
    if (parser.option("--metric", &metric) && !parseValue(metric, &options)) {
        std::fprintf(stderr, "opscope-cli heatmap: --metric needs a value\n");
        return kExitBadInput;
    }
    if (parser.option("--by", &by)) {
        if (by != "name" && by != "type") {
            std::fprintf(stderr, "opscope-cli heatmap: --by wants name or type\n");
            return kExitBadInput;
        }
        options.grouping.by = by == "name" ? GroupBy::Name : GroupBy::Type;
    }
    if (parser.flag("--all-tracks")) options.tracks.scope = TrackScope::All;
    options.includeOther = parser.flag("--other");
    bool csv = parser.flag("--csv");
    std::int64_t buckets = options.bucketCount, top = options.topN;
    if (!intOption(parser, "--buckets", 1, 100000, &buckets, "heatmap") ||
        !intOption(parser, "--top", 0, 1'000'000, &top, "heatmap") || !rangeOption(parser, &options.range, "heatmap"))
        return kExitBadInput;
    options.bucketCount = static_cast<int>(buckets);
    options.topN = static_cast<int>(top);
    std::string input;
    if (!singleInput(parser, &input, "heatmap", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "heatmap");
    if (!session) return kExitBadInput;
    HeatmapResult result;
    Error error;
    if (!session->heatmap(options, &result, &error)) {
        std::fprintf(stderr, "opscope-cli heatmap: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (result.fellBackToAll)
        std::fprintf(stderr, "opscope-cli heatmap: no track is marked as device compute; using every slice track\n");
    if (csv) printCsv(result, options.grouping.by == GroupBy::Type);
    else printShaded(result);
    return kExitOk;
}

const bool registered = registerCommand({"heatmap", "operator x time heatmap (time, count, mean or a metric)", &runHeatmap});

} // namespace
} // namespace opscope::cli
