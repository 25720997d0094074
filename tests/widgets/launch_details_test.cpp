// Details both ways in the main window (a kernel's launching call and operators; a host op's launched
// kernels, double-click selects one) and flows drawn for the selection only unless "all" is on.
#include "app/gui/analysis_docks.h"
#include "app/gui/main_window.h"
#include "core/session/trace_session.h"
#include "tests/launch_fixtures.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/details/details_panel.h"
#include "widgets/details/slice_details_model.h"
#include "widgets/launch/critical_path_highlight.h"
#include "widgets/timeline/timeline_view.h"

#include <QAction>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <catch2/catch.hpp>

#include <algorithm>

using namespace opscope;

namespace {

struct LaggingWindow {
    QTemporaryDir dir;
    gui::MainWindow window;
    LaggingWindow() {
        const QString trace = dir.filePath(QStringLiteral("lag.json"));
        QFile file(trace);
        REQUIRE(file.open(QIODevice::WriteOnly));
        file.write(opscope::test::kLaggingTrace);
        file.close();
        QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
        window.resize(1400, 900);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        window.openPaths({trace});
        window.waitForImport();
        if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
        REQUIRE(loaded.first().at(0).toBool());
    }
    std::int64_t sliceNamed(const std::string& name) {
        std::int64_t id = 0;
        Error error;
        REQUIRE(window.document()->session()->query(&error, [&](Database& db) {
            Statement st = db.prepare("SELECT s.id FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = ? ORDER BY s.id");
            st.bind(1, name);
            if (st.step()) id = st.int64(0);
            return true;
        }));
        REQUIRE(id != 0);
        return id;
    }
    void click(std::int64_t sliceId) {
        window.timeline()->revealSlice(sliceId);
        auto centre = window.timeline()->sliceCenter(sliceId);
        REQUIRE(centre);
        QTest::mouseClick(window.timeline()->viewport(), Qt::LeftButton, {}, centre->toPoint());
        REQUIRE(window.timeline()->selectedSlice() == sliceId);
    }
    // The section titled `title` and its rows as field -> (value, jump id).
    QModelIndex section(const QString& title) {
        SliceDetailsModel* m = window.details()->model();
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, 0).data().toString() == title) return m->index(r, 0);
        return {};
    }
    QModelIndex row(const QModelIndex& section, const QString& field) {
        SliceDetailsModel* m = window.details()->model();
        for (int r = 0; r < m->rowCount(section); ++r)
            if (m->index(r, 0, section).data().toString() == field) return m->index(r, 0, section);
        return {};
    }
    QString value(const QModelIndex& field) { return field.siblingAtColumn(SliceDetailsModel::ValueColumn).data().toString(); }
};

} // namespace

TEST_CASE("details: selecting a kernel shows the call, operators, step, phase and delay", "[launch][details]") {
    LaggingWindow w;
    w.click(w.sliceNamed("k_opt"));
    const QModelIndex by = w.section(QStringLiteral("Launched by"));
    REQUIRE(by.isValid());
    CHECK(w.value(w.row(by, QStringLiteral("Top-level operator"))) == QStringLiteral("Optimizer.step#SGD.step"));
    CHECK(w.value(w.row(by, QStringLiteral("Innermost operator"))) == QStringLiteral("aten::_foreach_add_"));
    CHECK(w.value(w.row(by, QStringLiteral("Step"))) == QStringLiteral("1"));
    CHECK(w.value(w.row(by, QStringLiteral("Phase"))) == QStringLiteral("optimizer"));
    CHECK(w.value(w.row(by, QStringLiteral("Launch delay"))).contains(QStringLiteral("143"))); // 230 - 87 us
    // The launching call's row points at the call: a double-click selects it.
    const QModelIndex call = w.row(by, QStringLiteral("Launch call"));
    REQUIRE(call.isValid());
    CHECK(call.data(SliceDetailsModel::JumpSliceRole).toLongLong() != 0);
    CHECK_FALSE(w.section(QStringLiteral("Launched kernels")).isValid());
}

TEST_CASE("details: selecting a host op lists its kernels; double-click selects one", "[launch][details]") {
    LaggingWindow w;
    const std::int64_t kernel = w.sliceNamed("k_fwd");
    w.click(w.sliceNamed("aten::linear"));
    const QModelIndex launched = w.section(QStringLiteral("Launched kernels"));
    REQUIRE(launched.isValid());
    CHECK(w.value(launched).contains(QStringLiteral("1 device events")));
    CHECK(w.value(launched).contains(QStringLiteral("20")));
    const QModelIndex stream = w.row(launched, QStringLiteral("Device 0, stream 7"));
    REQUIRE(stream.isValid());
    const QModelIndex kernelRow = w.row(launched, QStringLiteral("k_fwd"));
    REQUIRE(kernelRow.isValid());
    CHECK(kernelRow.data(SliceDetailsModel::JumpSliceRole).toLongLong() == kernel);
    QTreeView* tree = w.window.details()->view();
    tree->scrollTo(kernelRow);
    const QRect rect = tree->visualRect(kernelRow);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    CHECK(w.window.timeline()->selectedSlice() == kernel);
    CHECK(w.section(QStringLiteral("Launched by")).isValid()); // the details now show the kernel
}

TEST_CASE("flows: only the selection's by default, every flow with the toggle", "[launch][flows]") {
    LaggingWindow w;
    TimelineView* view = w.window.timeline();
    // The flows are read after the first frame, on a worker (other views' jobs may be running too).
    QElapsedTimer waited;
    waited.start();
    while (view->flowsPending() && waited.elapsed() < 60000) QTest::qWait(20);
    REQUIRE_FALSE(view->flowsPending());
    REQUIRE(view->flows().size() == 1); // the fwdbwd flow of aten::mm
    const std::int64_t flowSource = view->data()->slices()[view->flows().front().outSlice].id;
    QAction* all = w.window.findChild<QAction*>(QStringLiteral("action_showFlows"));
    REQUIRE(all);
    CHECK_FALSE(all->isChecked());
    w.window.zoom()->fitAll();
    view->viewport()->grab();
    CHECK(view->flowsDrawn() == 0);
    CHECK(view->flowsHighlighted() == 0);
    w.click(flowSource);
    view->viewport()->grab();
    CHECK(view->flowsDrawn() == 0);
    CHECK(view->flowsHighlighted() == 1);
    w.click(w.sliceNamed("k_fwd")); // a slice without flows: nothing drawn
    view->viewport()->grab();
    CHECK(view->flowsDrawn() + view->flowsHighlighted() == 0);
    all->setChecked(true);
    CHECK(view->flowsVisible());
    view->viewport()->grab();
    CHECK(view->flowsDrawn() == 1);
    all->setChecked(false);
    CHECK_FALSE(view->flowsVisible());
}

TEST_CASE("critical path: the View action outlines each step's path and off clears it", "[launch][critical]") {
    LaggingWindow w;
    QAction* action = w.window.findChild<QAction*>(QStringLiteral("action_criticalPath"));
    REQUIRE(action);
    CriticalPathHighlight* highlight = w.window.analysisDocks()->criticalPath();
    action->setChecked(true);
    REQUIRE(highlight->waitForLoaded(30000));
    REQUIRE(highlight->paths().size() == 2); // ProfilerStep#1 and #2
    const auto& shown = w.window.document()->selection()->highlighted();
    REQUIRE(shown);
    std::vector<std::int64_t> ids;
    for (const SliceMatch& m : shown->matches) ids.push_back(m.sliceId);
    CHECK(ids == highlight->pathSliceIds());
    // Step 2 ends with its kernel k_fwd2: the device event is on its path.
    CHECK(std::find(ids.begin(), ids.end(), w.sliceNamed("k_fwd2")) != ids.end());
    CHECK(highlight->summary().contains(QStringLiteral("Step")));
    action->setChecked(false);
    CHECK_FALSE(w.window.document()->selection()->highlighted());
}
