// Keys from anywhere in the main window: Ctrl+F and / focus the search, the timeline's keys work after a
// click in a table or the heatmap, and stepping through executions keeps the analysis tab in front.
#include "app/gui/analysis_docks.h"
#include "app/gui/main_window.h"
#include "app/gui/search_panel.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/zoom_control.h"
#include "widgets/heatmap/heatmap_plot.h"
#include "widgets/heatmap/heatmap_view.h"
#include "widgets/operators/operator_stats_model.h"
#include "widgets/operators/operator_stats_view.h"
#include "widgets/timeline/timeline_view.h"

#include <QDockWidget>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::AnalysisViewsFixture;

namespace {

struct WindowFixture {
    AnalysisViewsFixture data;
    gui::MainWindow window;
    explicit WindowFixture(const std::string& name) : data(name) {
        QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
        window.resize(1400, 900);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        REQUIRE(QTest::qWaitForWindowActive(&window));
        window.openPaths({QString::fromStdString(data.store.path())});
        window.waitForImport();
        if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
        REQUIRE(loaded.count() == 1);
    }
    QDockWidget* dock(const char* name) const { return window.findChild<QDockWidget*>(QString::fromLatin1(name)); }
    // Shows the operator statistics tab and clicks the MatMul row: the focus is then in that table.
    OperatorStatsView* clickStatsRow() {
        dock("operatorStatsDock")->raise();
        OperatorStatsView* stats = window.analysisDocks()->stats();
        stats->setDocument(window.document());
        REQUIRE(stats->waitForLoaded());
        int row = -1;
        for (int r = 0; r < stats->proxy()->rowCount(); ++r)
            if (stats->proxy()->index(r, 0).data(OperatorStatsModel::KeyRole).toString() == QStringLiteral("MatMul")) row = r;
        REQUIRE(row >= 0);
        QTableView* table = stats->tableView();
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {},
                          table->visualRect(stats->proxy()->index(row, OperatorStatsModel::KeyColumn)).center());
        REQUIRE(QApplication::focusWidget() == table);
        return stats;
    }
};

} // namespace

TEST_CASE("Ctrl+F and / focus the search box from a table", "[keyboard]") {
    QSettings().clear();
    WindowFixture f("keys-search");
    OperatorStatsView* stats = f.clickStatsRow();
    QLineEdit* search = f.window.search()->lineEdit();
    search->setText(QStringLiteral("Mat"));
    QTest::keyClick(stats->tableView(), Qt::Key_F, Qt::ControlModifier);
    CHECK(QApplication::focusWidget() == search);
    CHECK(search->selectedText() == QStringLiteral("Mat")); // ready to be typed over
    stats->tableView()->setFocus();
    REQUIRE(QApplication::focusWidget() == stats->tableView());
    QTest::keyClick(stats->tableView(), Qt::Key_Slash);
    CHECK(QApplication::focusWidget() == search);
    // In the search box itself "/" is a character like any other.
    search->clear();
    QTest::keyClick(search, Qt::Key_Slash);
    CHECK(search->text() == QStringLiteral("/"));
}

TEST_CASE("The timeline's keys work after a click in the statistics table", "[keyboard]") {
    QSettings().clear();
    WindowFixture f("keys-table");
    OperatorStatsView* stats = f.clickStatsRow();
    QTableView* table = stats->tableView();
    f.window.zoom()->fitAll();
    const TimeNs whole = f.window.zoom()->visibleRange().durationNs();
    QTest::keyClick(table, Qt::Key_W);
    CHECK(f.window.zoom()->visibleRange().durationNs() < whole);
    CHECK(QApplication::focusWidget() == table); // the focus stays where the user clicked
    QTest::keyClick(table, Qt::Key_F);
    CHECK(f.window.zoom()->visibleRange().durationNs() == whole);
    f.window.zoom()->setVisibleRange({10'000, 20'000}, ZoomControl::History::Push);
    QTest::keyClick(table, Qt::Key_Backspace);
    CHECK(f.window.zoom()->visibleRange().durationNs() == whole);
    const TimeNs startBefore = f.window.zoom()->visibleRange().startNs;
    f.window.zoom()->setVisibleRange({10'000, 20'000});
    QTest::keyClick(table, Qt::Key_D);
    CHECK(f.window.zoom()->visibleRange().startNs == 11'000);
    QTest::keyClick(table, Qt::Key_A);
    CHECK(f.window.zoom()->visibleRange().startNs == 10'000);
    f.window.zoom()->setSelection({12'000, 14'000});
    QTest::keyClick(table, Qt::Key_Z);
    CHECK(f.window.zoom()->visibleRange().startNs == 12'000);
    CHECK(f.window.zoom()->visibleRange().endNs == 14'000);
    CHECK(startBefore == 0);
    // Typing in the filter box still types.
    stats->filterEdit()->setFocus();
    QTest::keyClick(stats->filterEdit(), Qt::Key_W);
    CHECK(stats->filterEdit()->text() == QStringLiteral("w"));
    CHECK(f.window.zoom()->visibleRange().startNs == 12'000);
}

TEST_CASE("The timeline's keys work after a click on a heatmap cell", "[keyboard]") {
    QSettings().clear();
    WindowFixture f("keys-heatmap");
    f.dock("heatmapDock")->raise();
    HeatmapView* heatmap = f.window.analysisDocks()->heatmap();
    heatmap->setDocument(f.window.document());
    REQUIRE(heatmap->waitForLoaded());
    REQUIRE_FALSE(heatmap->result().rows.empty());
    QTest::mouseClick(heatmap->plot(), Qt::LeftButton, {}, heatmap->plot()->cellCentre({0, 0}).toPoint());
    REQUIRE(QApplication::focusWidget() == heatmap->plot());
    f.window.zoom()->setVisibleRange({10'000, 20'000});
    QTest::keyClick(heatmap->plot(), Qt::Key_F);
    CHECK(f.window.zoom()->visibleRange().startNs == 0);
    CHECK(f.window.zoom()->visibleRange().endNs == AnalysisViewsFixture::kEndNs);
}

TEST_CASE("Next in the operator statistics keeps its tab in front", "[keyboard]") {
    QSettings().clear();
    WindowFixture f("keys-next");
    OperatorStatsView* stats = f.clickStatsRow();
    REQUIRE(f.dock("operatorStatsDock")->isVisible());
    // Whether the offscreen platform shows a tabbed dock is not the point: Details must not be raised.
    QSignalSpy detailsShown(f.dock("detailsDock"), &QDockWidget::visibilityChanged);
    stats->stepExecution(true);
    stats->stepExecution(true);
    CHECK(f.window.timeline()->selectedSlice() == f.data.matmul[2]);
    CHECK(f.dock("operatorStatsDock")->isVisible());
    for (const QList<QVariant>& change : detailsShown) CHECK_FALSE(change.at(0).toBool());
    // A click on the timeline still brings Details to the front.
    f.dock("operatorStatsDock")->raise();
    QCoreApplication::processEvents();
    emit f.window.timeline()->sliceSelected(f.data.add[0]);
    CHECK(f.dock("detailsDock")->isVisible());
}
