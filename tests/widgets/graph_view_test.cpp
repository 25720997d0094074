// The graph view over a real store: loading (and deriving), colours, search, scope collapse, zoom,
// export, the counter panel, and the selection sync with the timeline in both directions.
#include "core/importers/graph/graph_import.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "core/session/open_trace.h"
#include "widgets/common/zoom_control.h"
#include "widgets/graph/counter_curves_panel.h"
#include "widgets/graph/graph_timeline_link.h"
#include "widgets/graph/graph_view.h"
#include "widgets/common/trace_document.h"
#include "widgets/graph/graph_workspace.h"
#include "widgets/timeline/timeline_view.h"

#include <catch2/catch.hpp>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstdlib>
#include <fstream>

using namespace opscope;

namespace {

std::string fixture(const std::string& name) { return std::string(OPSCOPE_TEST_DATA) + "/graphs/" + name; }

// The npu fixture trace in a temporary store, with a graph file imported (empty: none).
struct GraphStore {
    QTemporaryDir dir;
    std::string store;
    explicit GraphStore(const std::string& graph, const std::string& trace = "npu_trace.json") {
        REQUIRE(dir.isValid());
        OpenOptions options;
        options.storePath = dir.filePath(QStringLiteral("t.opscope.sqlite")).toStdString();
        OpenResult result;
        Error error;
        REQUIRE(openTrace({fixture(trace)}, options, {}, &result, &error));
        store = result.storePath;
        if (graph.empty()) return;
        GraphImportReport report;
        const std::string path = graph.front() == '/' ? graph : fixture(graph);
        REQUIRE(importGraphFile(store, path, &report, &error));
    }
    std::string write(const std::string& name, const std::string& text) const {
        const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
        std::ofstream(path) << text;
        return path;
    }
};

void loadInto(GraphWorkspace& w, const std::string& store) {
    w.resize(1200, 800);
    w.show();
    QSignalSpy spy(&w, &GraphWorkspace::loaded);
    Error error;
    std::unique_ptr<TraceDocument> document(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(document);
    w.setDocument(document.get());
    REQUIRE(w.waitForLoaded());
    REQUIRE(spy.count() == 1);
    CHECK(spy.at(0).at(0).toBool());
}

// Saves a picture of the widget when OPSCOPE_TEST_OUTPUT names a folder (for looking at it).
void maybeSave(QWidget* w, const char* name) {
    if (const char* dir = std::getenv("OPSCOPE_TEST_OUTPUT")) w->grab().save(QString::fromUtf8(dir) + "/" + name);
}

} // namespace

TEST_CASE("Graph view shows an imported graph with unjoined nodes greyed and a legend", "[graph][widgets]") {
    GraphStore s("mini.graph.json");
    GraphWorkspace w;
    loadInto(w, s.store);
    const GraphScene* scene = w.view()->scene();
    REQUIRE(scene);
    REQUIRE(scene->nodes().size() == 6);
    CHECK(scene->edges().size() == 6);
    CHECK_FALSE(scene->derived());
    const int input = w.nodeIndexByName(QStringLiteral("input"));
    const int conv = w.nodeIndexByName(QStringLiteral("conv1"));
    REQUIRE(input >= 0);
    REQUIRE(conv >= 0);
    CHECK_FALSE(scene->nodes()[static_cast<std::size_t>(input)].joined);
    CHECK(scene->nodes()[static_cast<std::size_t>(input)].fill == GraphColourScale::noValueFill());
    CHECK(scene->nodes()[static_cast<std::size_t>(conv)].joined);
    CHECK(scene->scale().title() == QStringLiteral("Total time share"));
    CHECK(w.unjoined().size() == 1);
    // Colour by mean duration: conv1 (the longest) gets the darkest colour of the ramp.
    w.setColourColumn(1);
    CHECK(scene->nodes()[static_cast<std::size_t>(conv)].fill == GraphColourScale::rampColour(1.0));
    // The layout is now cached in the store.
    Database db(s.store, Database::Mode::ReadOnly);
    CHECK(db.scalarInt("SELECT layout_done FROM graph") == 1);
    maybeSave(&w, "graph_view.png");
}

TEST_CASE("Clicking a node selects its executions on the timeline and plots one point per execution",
          "[graph][widgets]") {
    GraphStore s("mini.graph.json");
    Error error;
    auto data = TimelineData::load(s.store, &error);
    REQUIRE(data);
    ZoomControl zoom;
    TimelineView timeline(&zoom);
    timeline.resize(1200, 500);
    timeline.setData(data);
    timeline.show();
    GraphWorkspace w;
    loadInto(w, s.store);
    GraphTimelineLink link(&w, &timeline);
    QSignalSpy selected(&w, &GraphWorkspace::executionsSelected);

    const int conv = w.nodeIndexByName(QStringLiteral("conv1"));
    QTest::mouseClick(w.view(), Qt::LeftButton, {}, w.view()->nodeCenter(conv).toPoint());
    REQUIRE(selected.count() == 1);
    const QVector<qint64> ids = selected.at(0).at(0).value<QVector<qint64>>();
    REQUIRE(ids.size() == 2);
    CHECK(w.view()->selectedNode() == conv);
    CHECK(w.counters()->isVisible());
    CHECK(w.counters()->executionCount() == 2);
    CHECK(w.counters()->durationPointCount() == 2);
    CHECK(w.counters()->counterGraphCount() == 1); // AI Core Freq over the two windows
    REQUIRE(link.highlighted());
    CHECK(link.highlighted()->matches.size() == 2);
    CHECK(timeline.selectedSlice() == ids[0]);

    // Stepping to the next execution moves the timeline's selection.
    QSignalSpy stepped(&w, &GraphWorkspace::executionStepped);
    emit w.counters()->executionChosen(1);
    REQUIRE(stepped.count() == 1);
    CHECK(timeline.selectedSlice() == ids[1]);
    maybeSave(&w, "graph_selected.png");
}

TEST_CASE("Selecting a slice on the timeline selects its node in the graph", "[graph][widgets]") {
    GraphStore s("mini.graph.json");
    Error error;
    auto data = TimelineData::load(s.store, &error);
    REQUIRE(data);
    ZoomControl zoom;
    TimelineView timeline(&zoom);
    timeline.resize(1400, 600);
    timeline.setData(data);
    timeline.show();
    GraphWorkspace w;
    loadInto(w, s.store);
    GraphTimelineLink link(&w, &timeline);
    Database db(s.store, Database::Mode::ReadOnly);
    const qint64 relu = db.scalarInt("SELECT s.id FROM slice_view s WHERE s.name = 'net/layer1/relu' ORDER BY s.ts LIMIT 1");
    QSignalSpy spy(&timeline, &TimelineView::sliceSelected);
    timeline.revealSlice(relu);
    auto centre = timeline.sliceCenter(relu);
    REQUIRE(centre.has_value());
    QTest::mouseClick(timeline.viewport(), Qt::LeftButton, {}, centre->toPoint());
    REQUIRE(spy.count() == 1);
    CHECK(spy.at(0).at(0).toLongLong() == relu);
    CHECK(w.view()->selectedNode() == w.nodeIndexByName(QStringLiteral("layer1/relu")));
    CHECK(w.counters()->executionCount() == 2);
    CHECK(w.counters()->currentExecution() == 0);
    // Stepping in the execution plot works from a node the timeline selected, too.
    REQUIRE(link.highlighted());
    CHECK(link.highlighted()->matches.size() == 2);
    const QVector<qint64> ids = w.selectedExecutions();
    REQUIRE(ids.size() == 2);
    CHECK(ids[0] == relu);
    QSignalSpy stepped(&w, &GraphWorkspace::executionStepped);
    w.counters()->step(+1);
    REQUIRE(stepped.count() == 1);
    CHECK(w.counters()->currentExecution() == 1);
    CHECK(timeline.selectedSlice() == ids[1]);
    emit w.counters()->executionChosen(0); // a click on a point
    CHECK(timeline.selectedSlice() == relu);
}

TEST_CASE("Search, zoom, fit and export", "[graph][widgets]") {
    GraphStore s("mini.graph.json");
    GraphWorkspace w;
    loadInto(w, s.store);
    w.search(QStringLiteral("conv"));
    w.findNext();
    CHECK(w.view()->selectedNode() == -1);
    GraphView* v = w.view();
    const double fitted = v->zoom();
    QTest::keyClick(v, Qt::Key_Plus);
    CHECK(v->zoom() > fitted);
    QTest::keyClick(v, Qt::Key_F);
    CHECK(v->zoom() == Approx(fitted));
    QWheelEvent wheel(QPointF(100, 100), v->mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, -240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(v, &wheel);
    CHECK(v->zoom() < fitted);
    QTemporaryDir out;
    QString message;
    REQUIRE(w.exportImage(out.filePath(QStringLiteral("g.png")), &message));
    REQUIRE(w.exportImage(out.filePath(QStringLiteral("g.svg")), &message));
    CHECK(QImage(out.filePath(QStringLiteral("g.png"))).width() == v->width());
    QFile svg(out.filePath(QStringLiteral("g.svg")));
    REQUIRE(svg.open(QIODevice::ReadOnly));
    CHECK(svg.readAll().contains("conv1"));
}

TEST_CASE("Scopes collapse into group nodes and expand again", "[graph][widgets]") {
    GraphStore probe("");
    const std::string graph = probe.write("scoped.graph.json", R"({"format": "opscope-graph", "nodes": [
        {"name": "block/a", "outputs": ["ta"]}, {"name": "block/b", "inputs": ["ta"], "outputs": ["tb"]},
        {"name": "block/c", "inputs": ["tb"], "outputs": ["tc"]}, {"name": "conv1", "inputs": ["tc"]}]})");
    GraphImportReport report;
    Error error;
    REQUIRE(importGraphFile(probe.store, graph, &report, &error));
    GraphWorkspace w;
    loadInto(w, probe.store);
    REQUIRE(w.view()->scene()->nodes().size() == 4);
    w.setScopeDepth(1);
    REQUIRE(w.waitForLoaded());
    const GraphScene* scene = w.view()->scene();
    REQUIRE(scene->nodes().size() == 2);
    const int group = w.nodeIndexByName(QStringLiteral("block"));
    REQUIRE(group >= 0);
    CHECK(scene->nodes()[static_cast<std::size_t>(group)].group);
    CHECK(scene->nodes()[static_cast<std::size_t>(group)].nodeIds.size() == 3);
    CHECK(scene->edges().size() == 1);
    QTest::mouseDClick(w.view(), Qt::LeftButton, {}, w.view()->nodeCenter(group).toPoint());
    REQUIRE(w.waitForLoaded());
    CHECK(w.view()->scene()->nodes().size() == 4);
}

TEST_CASE("A store without a graph gets a derived graph, marked as derived", "[graph][widgets]") {
    GraphStore s("");
    GraphWorkspace w;
    loadInto(w, s.store);
    REQUIRE(w.view()->scene());
    CHECK(w.view()->scene()->derived());
    CHECK(w.view()->scene()->nodes().size() == 6);
    maybeSave(&w, "graph_derived.png");
}

TEST_CASE("Counter panel plots ratio metrics per execution", "[graph][widgets]") {
    GraphStore s("mini.graph.json");
    {
        Database db(s.store, Database::Mode::ReadWrite);
        db.exec("INSERT INTO metric_key(id, name, unit, group_name) VALUES(1, 'aic_mac_ratio', '', 'AI Core PMU')");
        db.exec("INSERT INTO slice_metric SELECT g.slice_id, 1, 0.4, NULL FROM graph_node_slice g JOIN graph_node n "
                "ON n.id = g.node_id WHERE n.name = 'conv1'");
    }
    GraphWorkspace w;
    loadInto(w, s.store);
    w.selectNode(w.nodeIndexByName(QStringLiteral("conv1")));
    CHECK(w.counters()->metricGraphCount() == 1);
    CHECK(w.counters()->durationPointCount() == 2);
    CHECK(w.measures().columns.size() == 5);
}
