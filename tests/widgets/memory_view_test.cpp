// The Memory view offscreen: curves and the peak from the memory tables, zero-only series hidden, a range
// dragged on the curves lists the allocations alive in it (sortable) and becomes the timeline selection,
// and a click on an allocation selects its operator's slice.
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/memory/memory_plot.h"
#include "widgets/memory/memory_tables.h"
#include "widgets/memory/memory_view.h"

#include <qcustomplot.h>

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>

using namespace opscope;
using namespace opscope::testing;

namespace {

// NPU 0: PTA allocated 10 / 30 / 50 / 20 KiB at 1, 6, 16, 41 µs (reserved 64 KiB); one module that stays 0.
// Blocks: MatMul 20 KiB 16..41 µs (slice matmul[1]), Add 20 KiB 6..20 µs, launch 10 KiB from 1 µs, never freed.
void addMemory(AnalysisViewsFixture& f) {
    Database& db = f.store.db();
    db.exec("INSERT INTO memory_record(device_id, component, ts, allocated_bytes, reserved_bytes, source) VALUES "
            "(1, 'PTA', 1000, 10240, 65536, 't'), (1, 'PTA', 6000, 30720, 65536, 't'), "
            "(1, 'PTA', 16000, 51200, 65536, 't'), (1, 'PTA', 41000, 20480, 65536, 't')");
    db.exec("INSERT INTO memory_module(device_id, component, ts, reserved_bytes, source) VALUES (1, 'SLOG', 1000, 0, 't')");
    db.exec("INSERT INTO memory_allocation(id, device_id, operator, size_bytes, alloc_ts, release_ts, source, slice_id) VALUES "
            "(1, 1, 'MatMul', 20480, 16000, 41000, 't', " + std::to_string(f.matmul[1]) + "), "
            "(2, 1, 'Add', 20480, 6000, 20000, 't', " + std::to_string(f.add[0]) + "), "
            "(3, 1, 'aclnnMatMul launch', 10240, 1000, NULL, 't', " + std::to_string(f.launch) + ")");
    // A derived copy-bandwidth track, as the import writes it: 2 GB/s from 6 to 8 µs.
    db.exec("INSERT INTO process(pid, name, device_id) VALUES('derived:memory-bandwidth:1', 'Memory bandwidth (derived)', 1)");
    db.exec("INSERT INTO track(process_id, kind, name, unit, device_id, counter_count) VALUES("
            "(SELECT id FROM process WHERE pid = 'derived:memory-bandwidth:1'), 'counter', 'HtoD bandwidth', 'B/s', 1, 2)");
    db.exec("INSERT INTO counter(track_id, ts, value) SELECT id, 6000, 2e9 FROM track WHERE name = 'HtoD bandwidth'");
    db.exec("INSERT INTO counter(track_id, ts, value) SELECT id, 8000, 0 FROM track WHERE name = 'HtoD bandwidth'");
}

void drag(QWidget* w, QPoint from, QPoint to) {
    QMouseEvent press(QEvent::MouseButtonPress, from, w->mapToGlobal(from), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w, &press);
    QMouseEvent move(QEvent::MouseMove, to, w->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(w, &move);
    QMouseEvent release(QEvent::MouseButtonRelease, to, w->mapToGlobal(to), Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
    QApplication::sendEvent(w, &release);
}

} // namespace

TEST_CASE("memory view: curves, the peak, zero-only series hidden until asked for", "[widgets][memory]") {
    AnalysisViewsFixture f("memory_view_curves");
    addMemory(f);
    MemoryView view(&f.zoom);
    showAt(view, {1000, 700});
    QSignalSpy computed(&view, &MemoryView::computed);
    view.setDocument(f.document.get());
    REQUIRE(view.waitForLoaded());
    CHECK(computed.count() == 1);
    REQUIRE(view.summaries().size() == 1);
    CHECK(view.summaries()[0].peaks.device.peakAllocatedBytes == 51200);
    CHECK(view.summaries()[0].peaks.device.peakAllocatedTsNs == 16000);
    // PTA allocated, PTA reserved, PTA fragmentation, HtoD copy bandwidth; the all-zero SLOG module is hidden.
    CHECK(view.plot()->curveCount() == 4);
    CHECK(view.plot()->bandwidthCurveCount() == 1);
    CHECK(view.plot()->hiddenZeroSeries() == 1);
    view.zeroSeriesBox()->setChecked(true);
    CHECK(view.plot()->curveCount() == 5);
    CHECK(view.largestTable()->model()->rowCount() == 3);
    CHECK(view.unreleasedTable()->model()->rowCount() == 1);
    CHECK(view.operatorTable()->model()->rowCount() == 3);
}

TEST_CASE("memory view: a range dragged on the curves lists the allocations alive in it, sortable",
          "[widgets][memory]") {
    AnalysisViewsFixture f("memory_view_range");
    addMemory(f);
    MemoryView view(&f.zoom);
    QAbstractItemModelTester tester(view.aliveModel());
    showAt(view, {1000, 700});
    view.setDocument(f.document.get());
    REQUIRE(view.waitForLoaded());
    QSignalSpy selection(&f.zoom, &ZoomControl::selectionChanged);
    QCustomPlot* plot = view.plot()->plot();
    const int y = plot->yAxis->coordToPixel(plot->yAxis->range().center());
    // 21 µs .. 30 µs: only MatMul (16..41) and the unreleased launch block are alive there.
    const QPoint from(static_cast<int>(view.plot()->pixelOfTime(21'000)), y);
    const QPoint to(static_cast<int>(view.plot()->pixelOfTime(30'000)), y);
    drag(plot, from, to);
    REQUIRE(selection.count() == 1);
    CHECK(f.zoom.hasSelection());
    CHECK(std::abs(f.zoom.selection().startNs - 21'000) < 200);
    CHECK(std::abs(f.zoom.selection().endNs - 30'000) < 200);
    CHECK(view.tabs()->currentWidget() == view.aliveTable());
    QSortFilterProxyModel* proxy = view.aliveProxy();
    REQUIRE(proxy->rowCount() == 2);
    proxy->sort(MemoryBlockModel::SizeColumn, Qt::DescendingOrder);
    CHECK(proxy->index(0, MemoryBlockModel::OperatorColumn).data().toString() == QStringLiteral("MatMul"));
    CHECK(proxy->index(1, MemoryBlockModel::OperatorColumn).data().toString() == QStringLiteral("aclnnMatMul launch"));
    proxy->sort(MemoryBlockModel::SizeColumn, Qt::AscendingOrder);
    CHECK(proxy->index(0, MemoryBlockModel::OperatorColumn).data().toString() == QStringLiteral("aclnnMatMul launch"));
    // A selection made on the timeline lists its allocations too.
    f.zoom.setSelection({5'000, 7'000});
    CHECK(view.aliveProxy()->rowCount() == 2); // Add (from 6 µs) and the launch block
}

TEST_CASE("memory view: clicking an allocation selects its operator on the timeline", "[widgets][memory]") {
    AnalysisViewsFixture f("memory_view_click");
    addMemory(f);
    MemoryView view(&f.zoom);
    showAt(view, {1000, 700});
    view.setDocument(f.document.get());
    REQUIRE(view.waitForLoaded());
    QSignalSpy activated(&view, &MemoryView::sliceActivated);
    QTableView* table = view.largestTable();
    view.tabs()->setCurrentWidget(table);
    QModelIndex first;
    for (int r = 0; r < table->model()->rowCount(); ++r)
        if (table->model()->index(r, MemoryBlockModel::OperatorColumn).data().toString() == QStringLiteral("MatMul"))
            first = table->model()->index(r, MemoryBlockModel::OperatorColumn);
    REQUIRE(first.isValid());
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(first).center());
    REQUIRE(activated.count() == 1);
    CHECK(activated.at(0).at(0).toLongLong() == f.matmul[1]);
}

TEST_CASE("memory view: a trace without memory keeps the plot's full height, and curves bring the legend back",
          "[widgets][memory]") {
    AnalysisViewsFixture f("memory_view_empty");
    MemoryView view(&f.zoom);
    showAt(view, {1000, 700});
    view.setDocument(f.document.get());
    REQUIRE(view.waitForLoaded());
    QCustomPlot* plot = view.plot()->plot();
    CHECK(view.plot()->curveCount() == 0);
    CHECK_FALSE(plot->legend->visible());
    plot->replot();
    // The hidden, empty legend no longer squeezes the axis rect to its least height.
    CHECK(plot->axisRect()->height() > plot->height() / 2);

    addMemory(f);
    view.setDocument(f.document.get());
    REQUIRE(view.waitForLoaded());
    CHECK(view.plot()->curveCount() == 4);
    CHECK(plot->legend->visible());
    CHECK(plot->plotLayout()->element(0, 1) == plot->legend);
    CHECK(plot->axisRect()->height() > plot->height() / 2);
}
