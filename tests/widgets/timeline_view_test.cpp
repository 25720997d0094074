#include "app/gui/main_window.h"
#include "app/gui/search_panel.h"
#include "app/gui/selection_stats_panel.h"
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/theme.h"
#include "widgets/common/zoom_control.h"
#include "widgets/details/details_panel.h"
#include "widgets/details/slice_details_model.h"
#include "widgets/selection/selection_stats_model.h"
#include "widgets/timeline/timeline_view.h"

#include <QCheckBox>
#include <QImage>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QTreeView>
#include <QWheelEvent>

#include <catch2/catch.hpp>

#include <memory>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

namespace {

struct ViewFixture {
    FixtureStore store{"timeline-view"};
    SmallTimeline fx{store};
    ZoomControl zoom;
    TimelineView view{&zoom};
    ViewFixture() {
        Error error;
        view.setData(TimelineData::load(store.path(), &error));
        view.resize(1200, 500);
        view.show();
        REQUIRE(QTest::qWaitForWindowExposed(&view));
    }
    QPoint timePoint(TimeNs t, int y = 200) const { return QPoint(static_cast<int>(view.mapper().toPx(t)), y); }
};

const TimelineFlow& flowInto(const TimelineData& data, std::int64_t sliceId) {
    for (const TimelineFlow& f : data.flows())
        if (data.flowIn(f).sliceId == sliceId) return f;
    FAIL("no flow into the slice");
    return data.flows().front();
}

int processOf(const TimelineData& data, std::int64_t trackId) {
    return static_cast<int>(data.tracks()[static_cast<std::size_t>(data.trackIndexOf(trackId))].processIndex);
}

// Centre of a process header row on the viewport (nothing pinned, not scrolled).
double headerCentreY(const TimelineView& view, int processIndex) {
    const TimelineRow& r = view.layout().rows()[static_cast<std::size_t>(view.layout().rowOfProcess(processIndex))];
    return TimelineView::kRulerHeight + r.y + r.height / 2.0;
}

void wheel(QWidget* target, QPoint pos, QPoint angle, Qt::KeyboardModifiers modifiers) {
    QWheelEvent event(pos, target->mapToGlobal(pos), QPoint(), angle, Qt::NoButton, modifiers, Qt::NoScrollPhase, false);
    QApplication::sendEvent(target, &event);
}

struct WindowFixture {
    FixtureStore store{"main-window"};
    SmallTimeline fx{store};
    gui::MainWindow window;
    WindowFixture() {
        QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
        window.resize(1400, 900);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        window.openPaths({QString::fromStdString(store.path())});
        window.waitForImport();
        if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
        REQUIRE(loaded.count() == 1);
        REQUIRE(loaded.first().at(0).toBool());
    }
    QPoint centreOf(std::int64_t sliceId) {
        auto c = window.timeline()->sliceCenter(sliceId);
        REQUIRE(c);
        return c->toPoint();
    }
};

} // namespace

TEST_CASE("Ctrl+wheel zooms around the cursor, plain wheel does not zoom", "[timeline_view]") {
    ViewFixture f;
    const TimeRange before = f.zoom.visibleRange();
    QSignalSpy spy(&f.zoom, &ZoomControl::visibleRangeChanged);
    const TimeNs anchor = 1'050'000;
    const QPoint at = f.timePoint(anchor);
    const TimeNs anchorOnScreen = f.view.mapper().toNs(at.x());
    wheel(f.view.viewport(), at, QPoint(0, 120), Qt::ControlModifier);
    REQUIRE(spy.count() == 1);
    const TimeRange after = f.zoom.visibleRange();
    CHECK(after.durationNs() < before.durationNs());
    CHECK(after.durationNs() == Approx(before.durationNs() * 0.85).epsilon(0.01));
    // The time under the cursor stays under the cursor.
    CHECK(f.view.mapper().toNs(at.x()) == Approx(anchorOnScreen).margin(before.durationNs() / 500));
    wheel(f.view.viewport(), at, QPoint(0, -120), Qt::ControlModifier);
    CHECK(f.zoom.visibleRange().durationNs() == Approx(before.durationNs()).epsilon(0.01));
    CHECK(spy.count() == 2);
    wheel(f.view.viewport(), at, QPoint(0, 120), Qt::NoModifier); // vertical scroll only
    CHECK(spy.count() == 2);
}

TEST_CASE("W/S zoom, A/D and horizontal wheel pan, F fits, Backspace goes back", "[timeline_view]") {
    ViewFixture f;
    QSignalSpy spy(&f.zoom, &ZoomControl::visibleRangeChanged);
    const TimeNs full = f.zoom.visibleRange().durationNs();
    f.view.setFocus();
    QTest::keyClick(&f.view, Qt::Key_W);
    CHECK(f.zoom.visibleRange().durationNs() == Approx(full * 0.8).epsilon(0.01));
    QTest::keyClick(&f.view, Qt::Key_W);
    const TimeRange zoomed = f.zoom.visibleRange();
    CHECK(zoomed.durationNs() == Approx(full * 0.64).epsilon(0.01));
    QTest::keyClick(&f.view, Qt::Key_D);
    CHECK(f.zoom.visibleRange().startNs > zoomed.startNs);
    CHECK(f.zoom.visibleRange().durationNs() == zoomed.durationNs());
    QTest::keyClick(&f.view, Qt::Key_A);
    CHECK(f.zoom.visibleRange().startNs == zoomed.startNs);
    wheel(f.view.viewport(), f.timePoint(1'050'000), QPoint(-120, 0), Qt::NoModifier);
    CHECK(f.zoom.visibleRange().startNs > zoomed.startNs);
    QTest::keyClick(&f.view, Qt::Key_S);
    CHECK(f.zoom.visibleRange().durationNs() == Approx(zoomed.durationNs() / 0.8).epsilon(0.01));
    QTest::keyClick(&f.view, Qt::Key_F);
    CHECK(f.zoom.visibleRange().durationNs() == full);
    QTest::keyClick(&f.view, Qt::Key_Backspace);
    CHECK(f.zoom.visibleRange().durationNs() == Approx(zoomed.durationNs() / 0.8).epsilon(0.01));
    CHECK(spy.count() >= 7);
}

TEST_CASE("drag on the ruler measures a range, Z zooms to it", "[timeline_view]") {
    ViewFixture f;
    QSignalSpy spy(&f.zoom, &ZoomControl::selectionChanged);
    const QPoint a = f.timePoint(1'020'000, 10), b = f.timePoint(1'040'000, 10);
    QTest::mousePress(f.view.viewport(), Qt::LeftButton, {}, a);
    QTest::mouseMove(f.view.viewport(), b);
    QTest::mouseRelease(f.view.viewport(), Qt::LeftButton, {}, b);
    REQUIRE(spy.count() >= 1);
    REQUIRE(f.zoom.hasSelection());
    CHECK(f.zoom.selection().startNs == Approx(1'020'000).margin(200));
    CHECK(f.zoom.selection().endNs == Approx(1'040'000).margin(200));
    QTest::keyClick(&f.view, Qt::Key_Z);
    CHECK(f.zoom.visibleRange().startNs == f.zoom.selection().startNs);
    CHECK(f.zoom.visibleRange().endNs == f.zoom.selection().endNs);
}

TEST_CASE("collapsing a process and pinning a track change the rows", "[timeline_view]") {
    ViewFixture f;
    CHECK(f.view.visibleTrackCount() == 4);
    f.view.setProcessCollapsed(0, true);
    CHECK(f.view.visibleTrackCount() == 2);
    f.view.setProcessCollapsed(0, false);
    const int stream = f.view.data()->trackIndexOf(f.fx.streamTrack);
    f.view.setTrackPinned(stream, true);
    REQUIRE(f.view.layout().pinnedRows().size() == 1);
    CHECK(f.view.layout().pinnedRows()[0].trackIndex == stream);
    CHECK(f.view.layout().rowOfTrack(stream) == -1);
    CHECK(f.view.visibleTrackCount() == 4);
}

TEST_CASE("clicking a known slice fills the details panel with its args", "[timeline_view][details]") {
    WindowFixture w;
    QSignalSpy selected(w.window.timeline(), &TimelineView::sliceSelected);
    const QPoint at = w.centreOf(w.fx.forward);
    QTest::mouseClick(w.window.timeline()->viewport(), Qt::LeftButton, {}, at);
    REQUIRE(selected.count() == 1);
    CHECK(selected.first().at(0).toLongLong() == w.fx.forward);
    SliceDetailsModel* model = w.window.details()->model();
    CHECK(model->sliceId() == w.fx.forward);
    // Find the "seq" argument row under "Arguments".
    QString seq, name;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex section = model->index(r, 0);
        for (int c = 0; c < model->rowCount(section); ++c) {
            const QModelIndex field = model->index(c, 0, section);
            if (field.data().toString() == QStringLiteral("seq")) seq = model->index(c, 1, section).data().toString();
            if (field.data().toString() == QStringLiteral("Name")) name = model->index(c, 1, section).data().toString();
        }
    }
    CHECK(name == QStringLiteral("aten::forward"));
    CHECK(seq == QStringLiteral("7"));
    // Ctrl+C copies the selected rows as field<TAB>value.
    QTreeView* tree = w.window.details()->view();
    tree->selectionModel()->select(model->index(0, 0).model()->index(0, 0, model->index(0, 0)),
                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    CHECK(w.window.details()->selectedText() == QStringLiteral("  Name\taten::forward"));
    // Clicking empty space clears the selection.
    QTest::mouseClick(w.window.timeline()->viewport(), Qt::LeftButton, {},
                      QPoint(w.window.timeline()->viewport()->width() - 5, w.window.timeline()->viewport()->height() - 5));
    REQUIRE(selected.count() == 2);
    CHECK(selected.last().at(0).toLongLong() == 0);
}

TEST_CASE("flows connect the right slices and the details panel jumps along them", "[timeline_view][flows]") {
    WindowFixture w;
    QTest::mouseClick(w.window.timeline()->viewport(), Qt::LeftButton, {}, w.centreOf(w.fx.kernelMatmul));
    REQUIRE(w.window.timeline()->selectedSlice() == w.fx.kernelMatmul);
    SliceDetailsModel* model = w.window.details()->model();
    QSignalSpy jump(w.window.details(), &DetailsPanel::jumpToSlice);
    QModelIndex fromRow;
    for (int r = 0; r < model->rowCount(); ++r) {
        const QModelIndex section = model->index(r, 0);
        if (section.data().toString() != QStringLiteral("Flows")) continue;
        REQUIRE(model->rowCount(section) == 1);
        fromRow = model->index(0, 0, section);
    }
    REQUIRE(fromRow.isValid());
    CHECK(fromRow.data().toString() == QStringLiteral("From"));
    CHECK(fromRow.data(SliceDetailsModel::JumpSliceRole).toLongLong() == w.fx.matmul);
    QTreeView* tree = w.window.details()->view();
    tree->scrollTo(fromRow);
    const QRect rect = tree->visualRect(fromRow);
    REQUIRE(tree->viewport()->rect().contains(rect.center()));
    INFO("visible " << tree->isVisible() << " index at " << tree->indexAt(rect.center()).data().toString().toStdString());
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
    REQUIRE(jump.count() == 1);
    CHECK(jump.first().at(0).toLongLong() == w.fx.matmul);
    CHECK(w.window.timeline()->selectedSlice() == w.fx.matmul);
    CHECK(model->sliceId() == w.fx.matmul);
}

TEST_CASE("a rectangle selection gives the right aggregates", "[timeline_view][selection_stats]") {
    WindowFixture w;
    TimelineView* view = w.window.timeline();
    QSignalSpy region(view, &TimelineView::regionSelected);
    QSignalSpy computed(w.window.selectionStats(), &gui::SelectionStatsPanel::computed);
    // From 1'025'000 to 1'055'000, across the main thread only (its depth-0 and depth-2 rows).
    const QPointF step = *view->sliceCenter(w.fx.step);
    const QPointF relu = *view->sliceCenter(w.fx.relu);
    const QPoint a(static_cast<int>(view->mapper().toPx(1'025'000)), static_cast<int>(step.y()) - 5);
    const QPoint b(static_cast<int>(view->mapper().toPx(1'055'000)), static_cast<int>(relu.y()) + 5);
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, a);
    QTest::mouseMove(view->viewport(), b);
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::ShiftModifier, b);
    REQUIRE(region.count() == 1);
    const auto tracks = region.first().at(2).value<QVector<qint64>>();
    REQUIRE(tracks.size() == 1);
    CHECK(tracks[0] == w.fx.mainTrack);
    if (computed.isEmpty()) REQUIRE(computed.wait(5000));
    REQUIRE(computed.count() == 1);
    const SelectionStats& stats = w.window.selectionStats()->model()->stats();
    CHECK(stats.sliceCount == 5); // step, forward, matmul, relu, backward
    const QSortFilterProxyModel* proxy = w.window.selectionStats()->proxy();
    REQUIRE(proxy->rowCount() == 5);
    CHECK(proxy->index(0, SelectionStatsModel::NameColumn).data().toString() == QStringLiteral("ProfilerStep#1"));
    bool sawMatmul = false;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        if (proxy->index(r, 0).data().toString() != QStringLiteral("aten::matmul")) continue;
        sawMatmul = true;
        CHECK(proxy->index(r, SelectionStatsModel::CountColumn).data().toString() == QStringLiteral("1"));
        CHECK(proxy->index(r, SelectionStatsModel::TotalColumn).data(SelectionStatsModel::SortRole).toLongLong() == 20'000);
    }
    CHECK(sawMatmul);
}

TEST_CASE("search finds and steps through matches, Enter and Shift+Enter", "[timeline_view][search]") {
    WindowFixture w;
    gui::SearchPanel* search = w.window.search();
    QSignalSpy activated(search, &gui::SearchPanel::matchActivated);
    QSignalSpy changed(search, &gui::SearchPanel::resultChanged);
    search->lineEdit()->setText(QStringLiteral("kernel"));
    search->searchNow();
    REQUIRE(changed.count() >= 1);
    REQUIRE(search->result());
    REQUIRE(search->result()->matches.size() == 3);
    QTest::keyClick(search->lineEdit(), Qt::Key_Return);
    REQUIRE(activated.count() == 1);
    CHECK(w.window.timeline()->selectedSlice() == w.fx.kernelMatmul);
    QTest::keyClick(search->lineEdit(), Qt::Key_Return);
    CHECK(w.window.timeline()->selectedSlice() == w.fx.launch);
    QTest::keyClick(search->lineEdit(), Qt::Key_Return, Qt::ShiftModifier);
    CHECK(w.window.timeline()->selectedSlice() == w.fx.kernelMatmul);
    QTest::keyClick(search->lineEdit(), Qt::Key_Return, Qt::ShiftModifier); // wraps to the last
    CHECK(w.window.timeline()->selectedSlice() == w.fx.kernelRelu);
    CHECK(activated.count() == 4);
    CHECK(search->currentMatch() == 2);

    search->regexBox()->setChecked(true);
    search->lineEdit()->setText(QStringLiteral("^aten::(matmul|relu)$"));
    search->searchNow();
    REQUIRE(search->result());
    CHECK(search->result()->matches.size() == 2);
    CHECK(changed.count() >= 2);
}

// Flow arrows whose slice lies in a collapsed process end on that process's header row, at the
// slice's time (as Perfetto draws them), and return to the slice when the process is expanded.
TEST_CASE("a flow into a collapsed process ends on its header at the slice's time", "[timeline_view][flows]") {
    ViewFixture f;
    const TimelineFlow& flow = flowInto(*f.view.data(), f.fx.kernelMatmul);
    const auto expanded = f.view.flowLine(flow);
    REQUIRE(expanded);
    CHECK(expanded->p1().x() == Approx(f.view.mapper().toPx(f.view.data()->flowLeavesNs(flow))));
    CHECK(expanded->p1().y() == Approx(f.view.sliceCenter(f.fx.matmul)->y()));
    CHECK(expanded->p2().x() == Approx(f.view.mapper().toPx(f.view.data()->flowArrivesNs(flow))));
    CHECK(expanded->p2().y() == Approx(f.view.sliceCenter(f.fx.kernelMatmul)->y()));

    const int gpu = processOf(*f.view.data(), f.fx.streamTrack);
    f.view.setProcessCollapsed(gpu, true);
    const auto collapsed = f.view.flowLine(flow);
    REQUIRE(collapsed);
    CHECK(collapsed->p1() == expanded->p1()); // the host end did not move
    CHECK(collapsed->p2().x() == Approx(f.view.mapper().toPx(f.view.data()->flowArrivesNs(flow))));
    CHECK(collapsed->p2().y() == Approx(headerCentreY(f.view, gpu)));

    // The arrow head is drawn there, on top of the header row's background (every flow shown).
    f.view.setFlowsVisible(true);
    const QImage image = f.view.viewport()->grab().toImage();
    const QColor background = TimelineTheme::fromPalette(f.view.palette()).processHeaderBackground;
    const QPoint inHead = (collapsed->p2() - QPointF(3, 0)).toPoint();
    CHECK(image.pixelColor(inHead) != background);

    f.view.setProcessCollapsed(gpu, false);
    REQUIRE(f.view.flowLine(flow));
    CHECK(f.view.flowLine(flow)->p2() == expanded->p2());
}

TEST_CASE("a flow with both ends in collapsed processes joins the two headers", "[timeline_view][flows]") {
    ViewFixture f;
    const TimelineFlow& flow = flowInto(*f.view.data(), f.fx.kernelRelu);
    const int host = processOf(*f.view.data(), f.fx.mainTrack), gpu = processOf(*f.view.data(), f.fx.streamTrack);
    f.view.setAllProcessesCollapsed(true);
    const auto line = f.view.flowLine(flow);
    REQUIRE(line);
    CHECK(line->p1().x() == Approx(f.view.mapper().toPx(f.view.data()->flowLeavesNs(flow))));
    CHECK(line->p1().y() == Approx(headerCentreY(f.view, host)));
    CHECK(line->p2().x() == Approx(f.view.mapper().toPx(f.view.data()->flowArrivesNs(flow))));
    CHECK(line->p2().y() == Approx(headerCentreY(f.view, gpu)));
}
