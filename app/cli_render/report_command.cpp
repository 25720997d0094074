// opscope-cli report TRACE|STORE [--graph G] -o report.html: one self-contained HTML file (inline CSS,
// images as data URIs) with the trace summary, devices, top operators, bubbles, heatmap, timeline and
// diagnosis. Images are rendered with Qt offscreen, as `screenshot` does.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/cli_language.h"
#include "app/cli/compare_inputs.h"
#include "app/cli_render/offscreen_application.h"
#include "app/render/language.h"
#include "app/render/report_images.h"
#include "app/render/report_translation.h"
#include "core/importers/graph/graph_import.h"
#include "core/store/timeline_data.h"
#include "widgets/common/trace_document.h"

#include <QApplication>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli report TRACE|STORE [--graph GRAPH] [--history H] [--compare BASE [--step N[:M]]] [--top N]\n"
    "                          [--min-bubble-us X] [--rules FILE] [--device ID|FILE] [--fusion-patterns FILE]\n"
    "                          [--lang en|zh_CN] -o REPORT.html\n"
    "Writes one HTML file that opens in any browser offline: trace summary, device busy/idle share, the top N\n"
    "operators (default 20) with their metrics, the bubble distribution with the largest bubbles, heatmap and\n"
    "timeline images, diagnosis findings with evidence and suggestions. --graph imports a computation graph\n"
    "into the store first (as `opscope-cli graph import`) and adds a graph section. --history H adds a Trends\n"
    "section: trace duration, busy and bubble time and the top operators over the runs of the run history H.\n"
    "--compare BASE adds a Comparison section: this trace against BASE (a trace, a store or a baseline JSON)\n"
    "as `opscope-cli compare BASE TRACE [--step N[:M]]` computes it: the device operators (the top N) and the\n"
    "host operators added, deleted, increased or decreased (by count). --step N:M: BASE's step N, this one's M.\n"
    "--rules, --device, --fusion-patterns: the diagnosis's rules file, device profile and graph fusion\n"
    "patterns, as `opscope-cli diagnose` takes them (a bad file is an error).\n"
    "--lang: the report's language (default: the GUI's language setting, else the locale).\n";

// The Comparison section: the same core calls as `compare BASE TRACE`, the current side read
// through the session the report already holds.
bool addComparison(const std::string& basePath, TraceSession& session, const std::string& input, std::int64_t baseStep,
                   std::int64_t newStep, ReportData* data) {
    BaselineOptions baseOptions, newOptions;
    baseOptions.step = baseStep;
    newOptions.step = newStep;
    BaselineAggregates base, current;
    if (!loadAggregates(basePath, baseOptions, &base, "report")) return false;
    Error error;
    if (!session.baseline(newOptions, &current, &error)) {
        std::fprintf(stderr, "opscope-cli report: %s: %s\n", input.c_str(), describe(error).c_str());
        return false;
    }
    CompareOptions options;
    options.gateFindings = baseOptions.includeFindings;
    data->comparison = ReportComparison{compareBaselines(base, current, options), baseStep, newStep};
    return true;
}

// The Trends section: the history's series of the report's headline figures and top operators.
bool addTrends(const std::string& historyPath, ReportData* data) {
    Error error;
    std::optional<history::HistoryStore> store = history::HistoryStore::open(historyPath, false, &error);
    if (!store) {
        std::fprintf(stderr, "opscope-cli report: %s\n", describe(error).c_str());
        return false;
    }
    std::vector<std::string> operators;
    for (const OperatorStatsRow& row : data->operators.rows) {
        if (operators.size() == 5) break;
        operators.push_back(row.key);
    }
    data->trends = history::reportTrends(*store, operators, history::ThresholdsConfig{}, &error);
    if (error) {
        std::fprintf(stderr, "opscope-cli report: %s\n", describe(error).c_str());
        return false;
    }
    return true;
}

int runReport(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    std::string out, graph, historyPath, compareWith, stepText;
    if (!parser.option("-o", &out)) parser.option("--output", &out);
    parser.option("--graph", &graph);
    parser.option("--history", &historyPath);
    parser.option("--compare", &compareWith);
    parser.option("--step", &stepText);
    ReportOptions options;
    std::int64_t top = options.topOperators;
    double minBubbleUs = 0;
    if (!intOption(parser, "--top", 1, 10000, &top, "report") ||
        !doubleOption(parser, "--min-bubble-us", 0, &minBubbleUs, "report"))
        return kExitBadInput;
    options.topOperators = static_cast<int>(top);
    std::string language;
    if (!languageOption(parser, &language, "report")) return kExitBadInput;
    if (!diagnosisOptions(parser, &options.diagnosis, "report")) return kExitBadInput;
    options.minBubbleNs = static_cast<TimeNs>(minBubbleUs * 1000.0);
    std::string input;
    if (!singleInput(parser, &input, "report", kHelp)) return kExitBadInput;
    if (out.empty()) {
        std::fprintf(stderr, "opscope-cli report: -o REPORT.html is required\n%s", kHelp);
        return kExitBadInput;
    }
    // Usage errors first, before any trace is opened or any figure computed.
    if (!stepText.empty() && compareWith.empty()) {
        std::fprintf(stderr, "opscope-cli report: --step goes with --compare BASE\n");
        return kExitBadInput;
    }
    std::int64_t baseStep = -1, newStep = -1;
    if (!stepText.empty() && !parseStepPair(stepText, &baseStep, &newStep)) {
        std::fprintf(stderr, "opscope-cli report: --step wants N or N:M (step numbers), not '%s'\n", stepText.c_str());
        return kExitBadInput;
    }
    std::shared_ptr<TraceSession> session = openInputSession(input, "report");
    if (!session) return kExitBadInput;
    Error error;
    if (!graph.empty()) {
        GraphImportReport imported;
        if (!session->importGraph(graph, &imported, &error)) {
            std::fprintf(stderr, "opscope-cli report: %s\n", describe(error).c_str());
            return kExitBadInput;
        }
    }
    ReportData data;
    if (!session->report(options, &data, &error)) {
        std::fprintf(stderr, "opscope-cli report: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (!historyPath.empty() && !addTrends(historyPath, &data)) return kExitBadInput;
    if (!compareWith.empty() && !addComparison(compareWith, *session, input, baseStep, newStep, &data))
        return kExitBadInput;
    std::shared_ptr<const TimelineData> timeline = session->timeline(&error);
    if (!timeline) std::fprintf(stderr, "opscope-cli report: no timeline image: %s\n", describe(error).c_str());
    auto app = ensureApplication();
    gui::installTranslations(QString::fromStdString(language)); // the images' labels too
    TraceDocument document(session, timeline);
    const ReportImages images = gui::renderReportImages(data, &document);
    if (!writeHtmlReport(out, data, images, &error, gui::reportStringTable(), language)) {
        std::fprintf(stderr, "opscope-cli report: cannot write %s\n", out.c_str());
        return kExitFailure;
    }
    std::printf("%s\n", out.c_str());
    return kExitOk;
}

const bool registered = registerCommand(
    {"report", "write a self-contained HTML report (summary, operators, bubbles, findings, images)", &runReport});

} // namespace
} // namespace opscope::cli
