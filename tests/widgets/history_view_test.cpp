// The History view over a small history written here: metrics and scopes offered, the trend drawn with its
// change, a click asking for the run's trace and Ctrl+click on two runs asking for their comparison.
#include "core/session/open_trace.h"
#include "core/history/history_store.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/history/history_plot.h"
#include "widgets/history/history_view.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

// 30 runs of busy_ns 1000 µs (±0.5%), a 10% step from run 20; two operators.
QString writeHistory(const QTemporaryDir& dir) {
    const QString path = dir.filePath(QStringLiteral("h.sqlite"));
    Error error;
    auto store = history::HistoryStore::open(path.toStdString(), true, &error);
    REQUIRE(store);
    for (int i = 0; i < 30; ++i) {
        history::RunInfo run;
        run.label = "run" + std::to_string(i);
        run.runTimeNs = (1'790'000'000LL + i * 86'400LL) * 1'000'000'000LL;
        run.tracePath = dir.filePath(QStringLiteral("t%1.json").arg(i)).toStdString();
        const double busy = 1e6 * (i >= 20 ? 1.1 : 1.0) * (1.0 + 0.005 * ((i * 7) % 3 - 1));
        REQUIRE(store->addRun(run, {{"busy_ns", "", busy, "ns"}, {"op.total_ns", "MatMul", 5e5, "ns"},
                                    {"op.total_ns", "Add", 1e5, "ns"}},
                              &error));
    }
    return path;
}

QPoint pixelOf(HistoryPlot* plot, std::size_t index) {
    const auto& p = plot->trend().points[index];
    const double x = static_cast<double>(p.run.runTimeNs / 1'000'000'000);
    return QPoint(static_cast<int>(plot->xAxis->coordToPixel(x)), static_cast<int>(plot->yAxis->coordToPixel(p.value)));
}

} // namespace

TEST_CASE("The history view offers every metric and its scopes and draws the step", "[history_view]") {
    QTemporaryDir dir;
    HistoryView view;
    opscope::testing::showAt(view, QSize(1200, 700));
    QString message;
    REQUIRE(view.openHistory(writeHistory(dir), &message));
    REQUIRE(view.waitForLoaded(10000));
    CHECK(view.metricBox()->count() == 2);
    CHECK(view.metricBox()->currentText() == QStringLiteral("busy_ns"));
    const history::Trend& t = view.plot()->trend();
    REQUIRE(t.points.size() == 30);
    REQUIRE(t.changes.size() == 1);
    CHECK(t.changes[0].firstRun.label == "run20");
    view.showMetric(QStringLiteral("op.total_ns"), QStringLiteral("Add"));
    REQUIRE(view.waitForLoaded(10000));
    CHECK(view.scopeBox()->count() == 2);
    CHECK(view.scopeBox()->currentData().toString() == QStringLiteral("Add"));
    CHECK(view.plot()->trend().scope == "Add");
    CHECK(view.plot()->trend().changes.empty());
}

TEST_CASE("A click on a run asks for its trace; Ctrl+click on two runs asks for their comparison", "[history_view]") {
    QTemporaryDir dir;
    HistoryView view;
    opscope::testing::showAt(view, QSize(1200, 700));
    QString message;
    REQUIRE(view.openHistory(writeHistory(dir), &message));
    REQUIRE(view.waitForLoaded(10000));
    view.plot()->replot();
    QSignalSpy open(&view, &HistoryView::openTraceRequested);
    QSignalSpy compare(&view, &HistoryView::compareRequested);
    QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, pixelOf(view.plot(), 5));
    REQUIRE(open.count() == 1);
    CHECK(open.at(0).at(0).toString() == dir.filePath(QStringLiteral("t5.json")));
    // Far from any point: nothing.
    QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::NoModifier, QPoint(5, 5));
    CHECK(open.count() == 1);
    QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::ControlModifier, pixelOf(view.plot(), 25));
    CHECK(compare.count() == 0);
    CHECK(view.plot()->pickedForCompare().size() == 1);
    QTest::mouseClick(view.plot(), Qt::LeftButton, Qt::ControlModifier, pixelOf(view.plot(), 10));
    REQUIRE(compare.count() == 1);
    // The earlier run is the base.
    CHECK(compare.at(0).at(0).toString() == dir.filePath(QStringLiteral("t10.json")));
    CHECK(compare.at(0).at(1).toString() == dir.filePath(QStringLiteral("t25.json")));
    CHECK(open.count() == 1);
}

TEST_CASE("The history view refuses a file that is not a history", "[history_view]") {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("x.sqlite"));
    QFile f(path);
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write("not sqlite");
    f.close();
    HistoryView view;
    QString message;
    CHECK_FALSE(view.openHistory(path, &message));
    CHECK(message.contains(QStringLiteral("x.sqlite")));
}
