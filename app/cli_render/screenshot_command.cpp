// opscope-cli screenshot TRACE|STORE --view NAME [--range START:END] [--size WxH] -o out.png|out.svg
// Renders a view offscreen exactly as the GUI paints it.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/command_registry.h"
#include "app/cli_render/offscreen_application.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "app/render/builtin_views.h"
#include "app/render/compare_session.h"
#include "widgets/compare/compare_panel.h"
#include "core/importers/graph/graph_import.h"
#include "core/store/timeline_data.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/view_registry.h"
#include "widgets/common/view_snapshot.h"
#include "widgets/common/zoom_control.h"

#include <QApplication>
#include <QEventLoop>
#include <QWidget>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli screenshot TRACE|STORE [--view timeline] [--range START:END] [--size WxH] -o OUT\n"
    "Renders a view offscreen as the GUI shows it. OUT ending in .svg gives SVG, anything else PNG.\n"
    "  --view NAME       view to render (default: timeline): timeline, graph, stats, heatmap, bubbles,\n"
    "                    findings, roofline, phases, memory, cluster, communication, launches,\n"
    "                    critical-path\n"
    "  --range S:E       visible window in microseconds from trace start (decimals allowed)\n"
    "  --size WxH        image size in pixels (default 1600x900)\n"
    "  --graph GRAPH     import a computation graph into the store first (for --view graph)\n"
    "  --step N          the ProfilerStep#N a view shows (critical-path; default: the first step whose\n"
    "                    path reaches the device)\n"
    "  --device ID       device profile for findings, roofline and phases (a built-in id: ascend-910b2 ...)\n"

    "  --compare NEW     with --view compare: the Compare window of TRACE (base) against NEW, as\n"
    "                    File > Compare With... shows it (NEW is imported beside itself when needed)\n";

// The Compare window of base against newPath, loaded as the GUI loads it (CompareSession); null and
// *error when the second trace does not open.
std::unique_ptr<QWidget> comparePanelFor(const std::shared_ptr<TraceSession>& base,
                                         const std::shared_ptr<const TimelineData>& timeline, const std::string& baseLabel,
                                         const std::string& newPath, std::string* error) {
    gui::CompareSession session;
    QEventLoop loop;
    bool ok = false;
    QObject::connect(&session, &gui::CompareSession::finished, &loop, [&](bool done, const QString& message) {
        ok = done;
        *error = message.toStdString();
        loop.quit();
    });
    if (!session.start(base, timeline, QString::fromStdString(baseLabel), {QString::fromStdString(newPath)})) {
        *error = "the comparison did not start";
        return nullptr;
    }
    loop.exec();
    if (!ok) return nullptr;
    auto panel = std::make_unique<ComparePanel>();
    panel->setInputs(session.inputs());
    return panel;
}

bool parseSize(const std::string& text, int* w, int* h) {
    return std::sscanf(text.c_str(), "%dx%d", w, h) == 2 && *w > 0 && *h > 0 && *w <= 16384 && *h <= 16384;
}

// Microseconds relative to the trace start, parsed digit by digit like trace timestamps (no double).
bool parseRange(const std::string& text, TimeNs* startNs, TimeNs* endNs) {
    const auto colon = text.find(':');
    if (colon == std::string::npos) return false;
    const std::optional<TimeNs> start = parseMicrosToNs(std::string_view(text).substr(0, colon));
    const std::optional<TimeNs> end = parseMicrosToNs(std::string_view(text).substr(colon + 1));
    if (!start || !end || *end <= *start) return false;
    *startNs = *start;
    *endNs = *end;
    return true;
}

int runScreenshot(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    std::string view = "timeline", range, size = "1600x900", out;
    parser.option("--view", &view);
    const bool hasRange = parser.option("--range", &range);
    parser.option("--size", &size);
    std::string graph, device;
    parser.option("--graph", &graph);
    std::int64_t step = -1;
    if (!intOption(parser, "--step", 0, 1'000'000'000'000, &step, "screenshot")) return kExitBadInput;
    parser.option("--device", &device);
    std::string compareWith;
    const bool comparing = parser.option("--compare", &compareWith);
    if (!parser.option("-o", &out)) parser.option("--output", &out);
    int width = 0, height = 0;
    TimeNs startNs = 0, endNs = 0;
    if (parser.positional().size() != 1 || !parser.unknownOptions().empty() || out.empty() ||
        !parseSize(size, &width, &height) || (hasRange && !parseRange(range, &startNs, &endNs))) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    auto app = ensureApplication();
    gui::registerBuiltinViews();
    const ViewFactory* factory = ViewRegistry::instance().find(QString::fromStdString(view));
    if (comparing != (view == "compare")) {
        std::fprintf(stderr, "opscope-cli screenshot: --view compare and --compare NEW go together\n");
        return kExitBadInput;
    }
    if (!factory && !comparing) {
        std::fprintf(stderr, "opscope-cli screenshot: unknown view '%s' (known: %s)\n", view.c_str(),
                     ViewRegistry::instance().names().join(QStringLiteral(", ")).toStdString().c_str());
        return kExitBadInput;
    }
    std::string error;
    std::shared_ptr<TraceSession> session = openSessionForReading(parser.positional()[0], &error);
    if (!session) {
        std::fprintf(stderr, "opscope-cli screenshot: %s\n", error.c_str());
        return kExitBadInput;
    }
    if (!graph.empty()) {
        GraphImportReport report;
        Error graphError;
        if (!session->importGraph(graph, &report, &graphError)) {
            std::fprintf(stderr, "opscope-cli screenshot: %s\n", describe(graphError).c_str());
            return kExitBadInput;
        }
    }
    Error loadError;
    auto timeline = session->timeline(&loadError);
    if (!timeline) {
        std::fprintf(stderr, "opscope-cli screenshot: %s\n", describe(loadError).c_str());
        return kExitBadInput;
    }
    ZoomControl zoom;
    TraceDocument document(session, timeline);
    std::unique_ptr<QWidget> widget;
    if (comparing) {
        std::string compareError;
        const std::string baseLabel = std::filesystem::path(parser.positional()[0]).filename().string();
        widget = comparePanelFor(session, timeline, baseLabel, compareWith, &compareError);
        if (!widget) {
            std::fprintf(stderr, "opscope-cli screenshot: %s\n", compareError.c_str());
            return kExitBadInput;
        }
    } else {
        widget.reset(factory->create({&document, &zoom, step}, nullptr));
    }
    if (!device.empty()) {
        bool known = false;
        if (widget->metaObject()->indexOfMethod("setDevice(QString)") >= 0)
            QMetaObject::invokeMethod(widget.get(), "setDevice", Qt::DirectConnection, Q_RETURN_ARG(bool, known),
                                      Q_ARG(QString, QString::fromStdString(device)));
        if (!known) {
            std::fprintf(stderr, "opscope-cli screenshot: --device: '%s' is no built-in profile of this view\n", device.c_str());
            return kExitBadInput;
        }
    }
    // Views that load on a worker (the graph) offer waitForLoaded(): draw them once they are ready.
    if (widget->metaObject()->indexOfMethod("waitForLoaded(int)") >= 0)
        QMetaObject::invokeMethod(widget.get(), "waitForLoaded", Qt::DirectConnection, Q_ARG(int, 120000));
    widget->resize(width, height);
    renderWidgetImage(widget.get(), QSize(width, height)); // first layout pass sets the zoom limits
    if (hasRange) {
        const TimeNs base = timeline->traceRange().startNs;
        zoom.setVisibleRange({base + startNs, base + endNs});
    }
    // After the range is set: views that recompute for it (the heatmap) catch up before the picture.
    if (widget->metaObject()->indexOfMethod("waitForLoaded(int)") >= 0)
        QMetaObject::invokeMethod(widget.get(), "waitForLoaded", Qt::DirectConnection, Q_ARG(int, 120000));
    QString message;
    if (!saveWidgetImage(widget.get(), QString::fromStdString(out), QSize(width, height), &message)) {
        std::fprintf(stderr, "opscope-cli screenshot: %s\n", message.toStdString().c_str());
        return kExitFailure;
    }
    std::printf("%s\n", out.c_str());
    return kExitOk;
}

const bool registered = registerCommand({"screenshot", "render a view (timeline) of a trace or store to PNG/SVG",
                                         &runScreenshot});

} // namespace
} // namespace opscope::cli
