#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/duration_cell.h"
#include "widgets/common/lane_names.h"
#include "widgets/bubbles/bubble_histogram.h"
#include "widgets/bubbles/bubble_scatter.h"
#include "widgets/bubbles/bubble_summary_model.h"
#include "widgets/bubbles/bubble_view.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/bubbles/bubble_table_model.h"

#include <QAbstractItemModelTester>
#include <QDoubleSpinBox>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::AnalysisViewsFixture;

namespace {

struct BubbleFixture {
    AnalysisViewsFixture data{"bubbles-view"};
    BubbleView view{&data.zoom};
    BubbleFixture() {
        opscope::testing::showAt(view, QSize(1300, 800));
        view.setMinBubbleNs(0);
        view.setDocument(data.document.get());
        REQUIRE(view.waitForLoaded());
    }
};

} // namespace

TEST_CASE("The bubble view finds the gaps of the compute track and their causes", "[bubbles_view]") {
    BubbleFixture f;
    const BubbleReport& r = f.view.report();
    REQUIRE(r.computeTracks.size() == 1);
    CHECK(r.computeTracks[0] == f.data.streamTrack);
    REQUIRE(r.deviceBubbles.size() == 2);
    CHECK(r.deviceBubbles[0].startNs == 6'000);
    CHECK(r.deviceBubbles[0].durNs == 10'000);
    CHECK(r.deviceBubbles[1].startNs == 21'000);
    CHECK(r.deviceBubbles[1].cause == BubbleCause::SyncWait);
    // Largest first in the table, with the operators around it.
    REQUIRE(f.view.tableProxy()->rowCount() == 2);
    const int first = f.view.tableProxy()->mapToSource(f.view.tableProxy()->index(0, 0)).row();
    CHECK(f.view.tableModel()->bubble(first).bubble.durNs == 20'000);
    CHECK(f.view.tableModel()->bubble(first).opBefore == "Add");
    CHECK(f.view.tableModel()->bubble(first).opAfter == "MatMul");
    // Summary: the device, then its track.
    REQUIRE(f.view.summaryModel()->rowCount() == 2);
    CHECK(f.view.summaryModel()->summary(0).trackId == 0);
    CHECK(f.view.summaryModel()->summary(0).bubbleCount == 2);
    CHECK(f.view.summaryModel()->summary(0).busyNs == 14'000);
}

TEST_CASE("The bubble view names a track as the timeline and Details do", "[bubbles_view]") {
    BubbleFixture f;
    const TimelineData& timeline = *f.data.document->timeline();
    const TimelineTrack& stream = timeline.tracks()[static_cast<std::size_t>(timeline.trackIndexOf(f.data.streamTrack))];
    const QString lane = QStringLiteral("NPU 0 / NPU 0 · Stream 2"); // the group, then the lane's own title
    CHECK(qualifiedLaneTitle(timeline, stream) == lane);
    CHECK(qualifiedLaneTitle(timeline, stream).endsWith(laneTitle(timeline, stream)));
    // The summary's track row, the counted-track list and the bubble table's Where column.
    REQUIRE(f.view.summaryModel()->rowCount() == 2);
    CHECK(f.view.summaryModel()->index(1, BubbleSummaryModel::WhereColumn).data().toString() == lane);
    CHECK(f.view.summaryModel()->index(0, BubbleSummaryModel::WhereColumn).data().toString().startsWith(QStringLiteral("NPU 0 (")));
    QStringList listed;
    for (int i = 0; i < f.view.trackList()->count(); ++i) listed << f.view.trackList()->item(i)->text();
    CHECK(listed.contains(lane));
    CHECK(listed.contains(QStringLiteral("python / MainThread")));
    CHECK_FALSE(listed.contains(QStringLiteral("NPU 0 / Stream 2"))); // the store's own label
    // "Device busy" is one label for one meaning, here as in the Summary, Compare and Details.
    CHECK(f.view.summaryModel()->headerData(BubbleSummaryModel::BusyColumn, Qt::Horizontal).toString() ==
          QStringLiteral("Device busy (%)"));
    f.view.setPerTrack(true);
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.tableModel()->rowCount() > 0);
    CHECK(f.view.tableModel()->index(0, BubbleTableModel::WhereColumn).data().toString() == lane);
}

TEST_CASE("Bubble models pass the item model tester", "[bubbles_view]") {
    BubbleFixture f;
    QAbstractItemModelTester summary(f.view.summaryModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester table(f.view.tableModel(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    QAbstractItemModelTester proxy(f.view.tableProxy(), QAbstractItemModelTester::FailureReportingMode::Fatal);
    f.view.setPerTrack(true); // resets both models under the testers
    REQUIRE(f.view.waitForLoaded());
    CHECK(f.view.tableModel()->rowCount() == 2);
    // Shown in the human format under a bare name; the CSV gets plain microseconds under "Duration (µs)".
    CHECK(f.view.tableModel()->headerData(BubbleTableModel::DurationColumn, Qt::Horizontal, kCsvRole).toString().contains(QStringLiteral("µs")));
    CHECK_FALSE(f.view.tableModel()->headerData(BubbleTableModel::DurationColumn, Qt::Horizontal).toString().contains(QStringLiteral("µs")));
    CHECK(f.view.tableModel()->data(f.view.tableModel()->index(0, BubbleTableModel::CauseColumn)).toString().size() > 0);
}

TEST_CASE("Clicking a bubble in the table zooms the timeline to it", "[bubbles_view]") {
    BubbleFixture f;
    QSignalSpy shown(&f.view, &BubbleView::bubbleShown);
    QTableView* table = f.view.tableView();
    const QRect row = table->visualRect(f.view.tableProxy()->index(0, BubbleTableModel::DurationColumn));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, row.center());
    REQUIRE(shown.count() == 1);
    const TimeRange expected = framedRange(21'000, 41'000);
    CHECK(f.data.zoom.visibleRange().startNs == expected.startNs);
    CHECK(f.data.zoom.visibleRange().endNs == expected.endNs);
    CHECK(f.data.zoom.hasSelection());
    CHECK(f.data.zoom.selection().startNs == 21'000);
    CHECK(f.data.zoom.selection().endNs == 41'000);
}

TEST_CASE("Clicking a bubble in the scatter zooms the timeline to it", "[bubbles_view]") {
    BubbleFixture f;
    QSignalSpy shown(&f.view, &BubbleView::bubbleShown);
    BubbleScatter* scatter = f.view.scatter();
    REQUIRE(scatter->series().size() == 1);
    REQUIRE(scatter->series()[0].bubbles.size() == 2);
    const QPointF at = scatter->pointCentre({0, 0});
    QTest::mouseClick(scatter, Qt::LeftButton, {}, at.toPoint());
    REQUIRE(shown.count() == 1);
    CHECK(shown.first().at(0).toLongLong() == 6'000);
    CHECK(shown.first().at(1).toLongLong() == 16'000);
    const TimeRange expected = framedRange(6'000, 16'000);
    CHECK(f.data.zoom.visibleRange().startNs == expected.startNs);
    CHECK(f.data.zoom.visibleRange().endNs == expected.endNs);
}

TEST_CASE("Clicking a histogram bar lists its bubbles", "[bubbles_view]") {
    BubbleFixture f;
    BubbleHistogram* histogram = f.view.histogram();
    int bin = -1;
    for (int i = 0; i < static_cast<int>(histogram->bins().size()); ++i)
        if (histogram->bins()[static_cast<std::size_t>(i)].lowNs <= 10'000 &&
            histogram->bins()[static_cast<std::size_t>(i)].highNs > 10'000)
            bin = i;
    REQUIRE(bin >= 0);
    REQUIRE(histogram->bins()[static_cast<std::size_t>(bin)].count == 2); // 10 µs and 20 µs share a bin
    QSignalSpy clicked(histogram, &BubbleHistogram::binClicked);
    QTest::mouseClick(histogram, Qt::LeftButton, {}, histogram->binCentre(bin).toPoint());
    REQUIRE(clicked.count() == 1);
    CHECK(clicked.first().at(0).toInt() == bin);
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.tableModel()->rowCount() == 2);
    // Sorted by start: the first row is the earlier bubble.
    const int first = f.view.tableProxy()->mapToSource(f.view.tableProxy()->index(0, 0)).row();
    CHECK(f.view.tableModel()->bubble(first).bubble.startNs == 6'000);
    f.view.showLargest();
    CHECK(f.view.tableModel()->rowCount() == 2);
}

TEST_CASE("The counted tracks and the minimum bubble are the user's", "[bubbles_view]") {
    BubbleFixture f;
    QListWidget* tracks = f.view.trackList();
    REQUIRE(tracks->count() == 2); // the stream and the host thread
    CHECK(f.view.countedTracks() == std::vector<std::int64_t>{f.data.streamTrack});
    f.view.minBubbleBox()->setValue(15.0); // as the user types it: also the new default
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.report().deviceBubbles.size() == 1);
    CHECK(f.view.report().deviceBubbles[0].durNs == 20'000);
    CHECK(QSettings().value(QStringLiteral("analysis/bubbleMinUs")).toDouble() == Approx(15.0));
    f.view.setCountedTracks({});
    REQUIRE(f.view.waitForLoaded());
    CHECK(f.view.report().computeTracks.empty());
    CHECK(f.view.report().deviceBubbles.empty());
    QSettings().remove(QStringLiteral("analysis/bubbleMinUs"));
}

TEST_CASE("The minimum bubble starts from the settings", "[bubbles_view]") {
    QSettings().setValue(QStringLiteral("analysis/bubbleMinUs"), 12.5);
    ZoomControl zoom;
    BubbleView view(&zoom);
    CHECK(view.minBubbleNs() == 12'500);
    QSettings().remove(QStringLiteral("analysis/bubbleMinUs"));
}

TEST_CASE("The bubble view can follow the timeline's visible range", "[bubbles_view]") {
    BubbleFixture f;
    f.view.setVisibleRangeOnly(true);
    f.data.zoom.setVisibleRange({0, 18'000});
    REQUIRE(f.view.waitForLoaded());
    REQUIRE(f.view.report().deviceBubbles.size() == 1);
    CHECK(f.view.report().deviceBubbles[0].startNs == 6'000);
    f.view.setVisibleRangeOnly(false);
    REQUIRE(f.view.waitForLoaded());
    CHECK(f.view.report().deviceBubbles.size() == 2);
}

TEST_CASE("The bubble charts say computing while they compute, then show the result", "[bubbles_view]") {
    AnalysisViewsFixture data{"bubbles-computing"};
    BubbleView view{&data.zoom};
    opscope::testing::showAt(view, QSize(1300, 800));
    view.setMinBubbleNs(0);
    view.setDocument(data.document.get()); // starts the job; the result arrives through the event loop
    CHECK(view.histogram()->placeholderText() == QStringLiteral("Computing…"));
    CHECK(view.scatter()->placeholderText() == QStringLiteral("Computing…"));
    REQUIRE(view.waitForLoaded());
    CHECK(view.histogram()->placeholderText().isEmpty()); // two bubbles: bars, no placeholder
    CHECK(view.scatter()->placeholderText().isEmpty());
    // A threshold above every gap: computed, and now truly empty.
    view.setMinBubbleNs(1'000'000);
    REQUIRE(view.waitForLoaded());
    CHECK(view.histogram()->placeholderText() == QStringLiteral("No bubbles"));
    CHECK(view.scatter()->placeholderText() == QStringLiteral("No bubbles"));
}
