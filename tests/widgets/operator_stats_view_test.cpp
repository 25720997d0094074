#include "app/gui/analysis_docks.h"
#include "app/gui/main_window.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/csv_export.h"
#include "widgets/common/duration_cell.h"
#include "widgets/operators/operator_stats_model.h"
#include "widgets/operators/operator_stats_view.h"
#include "widgets/timeline/timeline_view.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::AnalysisViewsFixture;

namespace {

struct StatsFixture {
    AnalysisViewsFixture data{"stats-view"};
    OperatorStatsView view{&data.zoom};
    StatsFixture() {
        opscope::testing::showAt(view, QSize(1200, 400));
        view.setDocument(data.document.get());
        REQUIRE(view.waitForLoaded());
    }
    QPoint rowCentre(int proxyRow) const {
        return view.tableView()->visualRect(view.proxy()->index(proxyRow, OperatorStatsModel::KeyColumn)).center();
    }
    int proxyRowOf(const QString& key) const {
        for (int r = 0; r < view.proxy()->rowCount(); ++r)
            if (view.proxy()->index(r, 0).data(OperatorStatsModel::KeyRole).toString() == key) return r;
        return -1;
    }
};

TimeNs centre(TimeRange r) { return r.startNs + r.durationNs() / 2; }

} // namespace

TEST_CASE("Operator statistics per name, sorted by total time", "[operator_stats_view]") {
    StatsFixture f;
    QAbstractItemModelTester model(f.view.model(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxy(f.view.proxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    REQUIRE(f.view.proxy()->rowCount() == 2);
    CHECK(f.view.proxy()->index(0, 0).data().toString() == QStringLiteral("MatMul"));
    const int matmul = f.view.model()->rowOfKey("MatMul");
    REQUIRE(matmul >= 0);
    const OperatorStatsRow& row = f.view.model()->row(matmul);
    CHECK(row.count == 3);
    CHECK(row.totalNs == 12'000);
    CHECK(row.p50Ns == 4'000);
    // Durations shown in the human format, exported as µs with the unit in the header; the metrics averaged.
    CHECK(f.view.model()->headerData(OperatorStatsModel::TotalColumn, Qt::Horizontal).toString() == QStringLiteral("Total"));
    CHECK(f.view.model()->headerData(OperatorStatsModel::TotalColumn, Qt::Horizontal, kCsvRole).toString() == QStringLiteral("Total (µs)"));
    CHECK(f.view.model()->index(matmul, OperatorStatsModel::TotalColumn).data().toString() == QStringLiteral("12µs"));
    CHECK(f.view.model()->index(matmul, OperatorStatsModel::TotalColumn).data(kCsvRole).toString() == QStringLiteral("12.000"));
    int macColumn = -1;
    for (int c = OperatorStatsModel::FixedColumnCount; c < f.view.model()->columnCount(); ++c)
        if (f.view.model()->headerData(c, Qt::Horizontal).toString().startsWith(QStringLiteral("aic_mac_ratio"))) macColumn = c;
    REQUIRE(macColumn > 0);
    CHECK(f.view.model()->index(matmul, macColumn).data(OperatorStatsModel::SortRole).toDouble() == Approx(0.8));
    // Grouping by type, resetting the models under the testers.
    f.view.setGroupBy(GroupBy::Type);
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.proxy()->rowCount() == 1);
    CHECK(f.view.proxy()->index(0, 0).data().toString() == QStringLiteral("kernel"));
}

TEST_CASE("Filtering and sorting the statistics, and the CSV is the table as shown", "[operator_stats_view]") {
    StatsFixture f;
    f.view.filterEdit()->setText(QStringLiteral("add"));
    REQUIRE(f.view.proxy()->rowCount() == 1);
    CHECK(f.view.proxy()->index(0, 0).data().toString() == QStringLiteral("Add"));
    f.view.filterEdit()->clear();
    f.view.tableView()->sortByColumn(OperatorStatsModel::CountColumn, Qt::AscendingOrder);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("stats.csv"));
    QString error;
    REQUIRE(f.view.exportCsv(path, &error));
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].startsWith(QStringLiteral("Operator,Count,Total (µs),Self (µs),Average (µs)")));
    CHECK(lines[1].startsWith(QStringLiteral("Add,2,2.000,")));
    CHECK(lines[2].startsWith(QStringLiteral("MatMul,3,12.000,")));
}

TEST_CASE("Selecting a statistics row highlights its executions and steps through them", "[operator_stats_view]") {
    StatsFixture f;
    QSignalSpy highlighted(&f.view, &OperatorStatsView::slicesHighlighted);
    QSignalSpy activated(&f.view, &OperatorStatsView::sliceActivated);
    f.data.zoom.setVisibleRange({30'000, 34'000}); // narrower than a MatMul: widened to fit it
    QTest::mouseClick(f.view.tableView()->viewport(), Qt::LeftButton, {}, f.rowCentre(f.proxyRowOf(QStringLiteral("MatMul"))));
    // Every execution highlighted, the first one centred.
    REQUIRE(highlighted.count() == 2);
    auto slices = highlighted.first().at(0).value<std::shared_ptr<const SliceSearchResult>>();
    REQUIRE(slices);
    REQUIRE(slices->matches.size() == 3);
    CHECK(slices->matches[0].sliceId == f.data.matmul[0]);
    CHECK(slices->matches[2].sliceId == f.data.matmul[2]);
    CHECK(highlighted.first().at(1).toInt() == -1);
    CHECK(highlighted.last().at(1).toInt() == 0);
    REQUIRE(activated.count() == 1);
    CHECK(activated.last().at(0).toLongLong() == f.data.matmul[0]);
    CHECK(f.view.executions() == std::vector<std::int64_t>{f.data.matmul[0], f.data.matmul[1], f.data.matmul[2]});
    CHECK(f.data.zoom.visibleRange().durationNs() == 5'000);
    CHECK(centre(f.data.zoom.visibleRange()) == 3'000);
    // Enter steps forward, Shift+Enter back.
    QTest::keyClick(f.view.tableView(), Qt::Key_Return);
    REQUIRE(activated.count() == 2);
    CHECK(activated.last().at(0).toLongLong() == f.data.matmul[1]);
    CHECK(f.view.currentExecution() == 1);
    CHECK(centre(f.data.zoom.visibleRange()) == 18'000);
    CHECK(f.data.zoom.visibleRange().durationNs() == 5'000); // the zoom is kept from then on
    QTest::keyClick(f.view.tableView(), Qt::Key_Return, Qt::ShiftModifier);
    REQUIRE(activated.count() == 3);
    CHECK(activated.last().at(0).toLongLong() == f.data.matmul[0]);
    f.view.stepExecution(false); // wraps around to the last
    REQUIRE(activated.count() == 4);
    CHECK(activated.last().at(0).toLongLong() == f.data.matmul[2]);
    CHECK(highlighted.count() == 5);
}

TEST_CASE("Another grouping resets the execution stepper; names are elided in the middle", "[operator_stats_view]") {
    StatsFixture f;
    CHECK(f.view.tableView()->textElideMode() == Qt::ElideMiddle);
    // Columns sized to what they hold: every figure fits unelided, the names column is bounded.
    QTableView* table = f.view.tableView();
    for (int c : {OperatorStatsModel::CountColumn, OperatorStatsModel::TotalColumn, OperatorStatsModel::AverageColumn}) {
        INFO(c);
        CHECK(table->columnWidth(c) >= static_cast<QAbstractItemView*>(table)->sizeHintForColumn(c)); // public there
        CHECK(table->columnWidth(c) >= table->horizontalHeader()->sectionSizeHint(c));
    }
    CHECK(table->columnWidth(OperatorStatsModel::KeyColumn) <= 420);
    REQUIRE(f.view.selectOperator(QStringLiteral("MatMul")));
    f.view.stepExecution(true);
    CHECK(f.view.stepperText().contains(QStringLiteral("2 of 3")));
    QSignalSpy highlighted(&f.view, &OperatorStatsView::slicesHighlighted);
    f.view.setGroupBy(GroupBy::Type);
    REQUIRE(f.view.waitForLoaded());
    CHECK(f.view.executions().empty());
    CHECK(f.view.currentExecution() == -1);
    CHECK(f.view.stepperText().isEmpty());
    CHECK_FALSE(f.view.tableView()->selectionModel()->hasSelection());
    REQUIRE(highlighted.count() == 1); // the timeline's highlight of the old row is cleared
    CHECK(highlighted.first().at(0).value<std::shared_ptr<const SliceSearchResult>>() == nullptr);
    // The same grouping again (a recomputation) keeps the row and its position.
    f.view.setGroupBy(GroupBy::Name);
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.selectOperator(QStringLiteral("MatMul")));
    f.view.stepExecution(true);
    f.view.recompute();
    REQUIRE(f.view.waitForLoaded());
    CHECK(f.view.stepperText().contains(QStringLiteral("2 of 3")));
}

TEST_CASE("A slice selected on the timeline selects its operator's row", "[operator_stats_view]") {
    StatsFixture f;
    QSignalSpy activated(&f.view, &OperatorStatsView::sliceActivated);
    f.view.showOperatorOfSlice(f.data.add[1]);
    const QModelIndexList rows = f.view.tableView()->selectionModel()->selectedRows();
    REQUIRE(rows.size() == 1);
    CHECK(rows.first().data(OperatorStatsModel::KeyRole).toString() == QStringLiteral("Add"));
    CHECK(f.view.currentExecution() == 1);
    CHECK(activated.isEmpty()); // the timeline is not moved back
}

TEST_CASE("In the main window a statistics row selects the execution on the timeline", "[operator_stats_view]") {
    AnalysisViewsFixture data("stats-window");
    gui::MainWindow window;
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    window.resize(1400, 900);
    window.openPaths({QString::fromStdString(data.store.path())});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.count() == 1);
    OperatorStatsView* stats = window.analysisDocks()->stats();
    stats->setDocument(window.document());
    REQUIRE(stats->waitForLoaded());
    REQUIRE(stats->selectOperator(QStringLiteral("MatMul")));
    CHECK(window.timeline()->selectedSlice() == data.matmul[0]);
    stats->stepExecution(true);
    CHECK(window.timeline()->selectedSlice() == data.matmul[1]);
    const TimeRange visible = window.zoom()->visibleRange();
    CHECK(visible.startNs <= 16'000);
    CHECK(visible.endNs >= 20'000);
}
