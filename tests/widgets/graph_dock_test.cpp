// The main window's Graph dock: a graph given with --graph (or found next to the trace) is imported
// into the trace's store on a worker and shown; without one, a derived graph is shown.
#include "app/gui/graph_dock.h"
#include "widgets/common/trace_document.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "core/session/open_trace.h"
#include "widgets/common/zoom_control.h"
#include "widgets/graph/counter_curves_panel.h"
#include "widgets/graph/graph_view.h"
#include "widgets/graph/graph_workspace.h"
#include "widgets/timeline/timeline_view.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QMainWindow>
#include <QSignalSpy>
#include <QTemporaryDir>

using namespace opscope;

namespace {

QString fixture(const char* name) { return QStringLiteral(OPSCOPE_TEST_DATA "/graphs/") + QLatin1String(name); }

struct Window {
    QMainWindow main;
    ZoomControl zoom;
    TimelineView* timeline = new TimelineView(&zoom, &main);
    gui::GraphDock* dock = new gui::GraphDock(timeline, &main);
    Window() {
        main.setCentralWidget(timeline);
        main.addDockWidget(Qt::BottomDockWidgetArea, dock);
        main.resize(1400, 900);
        main.show();
    }
};

std::string openStore(const QString& trace, const QTemporaryDir& dir) {
    OpenOptions options;
    options.storePath = dir.filePath(QStringLiteral("t.opscope.sqlite")).toStdString();
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace.toStdString()}, options, {}, &result, &error));
    return result.storePath;
}

// The document the main window hands the dock once the trace is open.
std::unique_ptr<TraceDocument> documentOf(const std::string& store) {
    Error error;
    std::unique_ptr<TraceDocument> document(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(document);
    return document;
}

} // namespace

TEST_CASE("Graph dock imports the graph given for the trace", "[graph][widgets][dock]") {
    QTemporaryDir dir;
    const std::string store = openStore(fixture("npu_trace.json"), dir);
    Window w;
    QSignalSpy imported(w.dock, &gui::GraphDock::graphImported);
    w.dock->setGraphPath(fixture("mini.om.json"));
    std::unique_ptr<TraceDocument> document1 = documentOf(store);
    w.dock->traceOpened(document1.get(), {fixture("npu_trace.json")});
    w.dock->waitForIdle();
    REQUIRE(imported.count() == 1);
    CHECK(imported.at(0).at(0).toBool());
    REQUIRE(w.dock->workspace()->isLoaded());
    CHECK(w.dock->workspace()->graph().format == "cann-om");
    CHECK(w.dock->workspace()->view()->scene()->nodes().size() == 6);
}

TEST_CASE("Graph dock finds a graph file next to the trace, else derives one", "[graph][widgets][dock]") {
    QTemporaryDir dir;
    const QString trace = dir.filePath(QStringLiteral("run_trace.json"));
    REQUIRE(QFile::copy(fixture("npu_trace.json"), trace));
    const std::string store = openStore(trace, dir);
    {
        Window w;
        std::unique_ptr<TraceDocument> document2 = documentOf(store);
        w.dock->traceOpened(document2.get(), {trace});
        w.dock->waitForIdle();
        REQUIRE(w.dock->workspace()->isLoaded());
        CHECK(w.dock->workspace()->graph().derived);
    }
    REQUIRE(QFile::copy(fixture("mini.graph.json"), dir.filePath(QStringLiteral("run.graph.json"))));
    Window w;
    QSignalSpy imported(w.dock, &gui::GraphDock::graphImported);
    std::unique_ptr<TraceDocument> document3 = documentOf(store);
    w.dock->traceOpened(document3.get(), {trace});
    w.dock->waitForIdle();
    REQUIRE(imported.count() == 1);
    CHECK(w.dock->workspace()->graph().format == "opscope-graph");
    CHECK(w.dock->workspace()->graph().joinedNodes == 5);
}

TEST_CASE("Another trace leaves no stale graph or counter panel, even with the dock hidden", "[graph][widgets][dock]") {
    QTemporaryDir dir, other;
    const std::string store = openStore(fixture("npu_trace.json"), dir);
    Window w;
    w.dock->setGraphPath(fixture("mini.graph.json"));
    std::unique_ptr<TraceDocument> first = documentOf(store);
    w.dock->traceOpened(first.get(), {fixture("npu_trace.json")});
    w.dock->waitForIdle();
    GraphWorkspace* workspace = w.dock->workspace();
    REQUIRE(workspace->isLoaded());
    const int conv = workspace->nodeIndexByName(QStringLiteral("conv1"));
    REQUIRE(conv >= 0);
    workspace->selectNode(conv);
    REQUIRE(workspace->counters()->isVisible());
    REQUIRE(workspace->counters()->executionCount() == 2);

    // The dock hidden, the next trace opens: its graph loads only when the dock is shown again, but the old
    // one, its selection and its executions' curves are gone now.
    w.dock->hide();
    const std::string next = openStore(fixture("kineto_chakra_trace.json"), other);
    std::unique_ptr<TraceDocument> second = documentOf(next);
    w.dock->traceOpened(second.get(), {fixture("kineto_chakra_trace.json")});
    CHECK_FALSE(workspace->isLoaded());
    CHECK_FALSE(workspace->counters()->isVisibleTo(workspace));
    CHECK(workspace->counters()->executionCount() == 0);
    CHECK_FALSE(workspace->view()->scene());
    w.dock->show();
    w.dock->waitForIdle();
    REQUIRE(workspace->isLoaded());
    CHECK_FALSE(workspace->counters()->isVisibleTo(workspace)); // until a node of the new graph is chosen
}
