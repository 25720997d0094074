#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/diagnosis/phase_compare_plot.h"
#include "widgets/cluster/rank_grid_plot.h"
#include "widgets/common/bar_chart_plot.h"
#include "widgets/common/bar_label_layout.h"

#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

// Labels of two lines 14 px high, up to 100 px wide, values 40 px wide: the room a bar needs is
// level names 104, slanted 10 x spacing >= 14 x 32 (spacing 45), two upright lines 32, one 18.
BarLabelRoom roomOf(int spacing) {
    BarLabelRoom room;
    room.barSpacingPx = spacing;
    room.lineHeightPx = 14;
    room.lineCount = 2;
    room.widestLinePx = 100;
    room.widestValuePx = 40;
    return room;
}

std::vector<PhaseRow> steps(int count) {
    std::vector<PhaseRow> rows;
    for (int i = 0; i < count; ++i) {
        PhaseRow row;
        row.name = "ProfilerStep#" + std::to_string(i + 1);
        row.kind = "step";
        row.instances = 1;
        row.startNs = i * 1'000'000;
        row.endNs = row.startNs + 900'000;
        row.durationNs = 900'000;
        row.utilization = 0.5 + 0.005 * i;
        rows.push_back(row);
    }
    return rows;
}

int tickCount(const PhaseComparePlot& plot) {
    auto ticker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    REQUIRE(ticker);
    return static_cast<int>(ticker->ticks().size());
}

} // namespace

TEST_CASE("Bar labels lie level while the widest line and the gap fit a bar", "[bar_labels]") {
    CHECK(fitBarLabels(roomOf(104)).tickAngle == 0);
    CHECK(fitBarLabels(roomOf(104)).shownLines == 2);
    CHECK(fitBarLabels(roomOf(103)).tickAngle == -45);
}

TEST_CASE("Bar labels slant while two lines and the gap fit across the slant", "[bar_labels]") {
    // 14 x (2 x 14 + 4) = 448: 10 x 45 = 450 fits, 10 x 44 = 440 does not.
    const BarLabelLayout slanted = fitBarLabels(roomOf(45));
    CHECK(slanted.tickAngle == -45);
    CHECK(slanted.shownLines == 2);
    CHECK(slanted.tickStride == 1);
    CHECK(fitBarLabels(roomOf(44)).tickAngle == -90);
}

TEST_CASE("Upright labels drop their last lines, then every other name, as the bars narrow", "[bar_labels]") {
    const BarLabelLayout twoLines = fitBarLabels(roomOf(32));
    CHECK(twoLines.tickAngle == -90);
    CHECK(twoLines.shownLines == 2);
    CHECK(twoLines.tickStride == 1);
    const BarLabelLayout oneLine = fitBarLabels(roomOf(31));
    CHECK_FALSE(oneLine.shownLines == 2);
    CHECK(oneLine.tickStride == 1);
    CHECK(fitBarLabels(roomOf(18)).tickStride == 1);
    CHECK(fitBarLabels(roomOf(17)).tickStride == 2);
    CHECK(fitBarLabels(roomOf(9)).tickStride == 2);
    CHECK(fitBarLabels(roomOf(8)).tickStride == 3);
    CHECK(fitBarLabels(roomOf(0)).tickStride == 18); // no room measured yet: one pixel per bar
}

TEST_CASE("Bar values lie level, stand upright, or are left to the tooltip", "[bar_labels]") {
    using Values = BarLabelLayout::Values;
    CHECK(fitBarLabels(roomOf(44)).values == Values::Level);
    CHECK(fitBarLabels(roomOf(43)).values == Values::Upright);
    CHECK(fitBarLabels(roomOf(18)).values == Values::Upright);
    CHECK(fitBarLabels(roomOf(17)).values == Values::Hidden);
}

TEST_CASE("The phase plot fits its labels to its width and keeps every bar clickable", "[bar_labels]") {
    PhaseComparePlot plot;
    opscope::testing::showAt(plot, QSize(1400, 600));
    plot.setPhases(steps(4));
    CHECK(plot.labelLayout().tickAngle == 0);
    CHECK(plot.labelLayout().shownLines == 2);
    CHECK(tickCount(plot) == 4);
    CHECK(plot.xAxis->tickLabelRotation() == 0);

    plot.setPhases(steps(64));
    const BarLabelLayout wide = plot.labelLayout();
    CHECK(wide.tickAngle == -90);
    CHECK(plot.xAxis->tickLabelRotation() == -90);
    // However narrow, the names that are shown do not overlap: each has its lines and the gap.
    const QFontMetrics metrics(plot.xAxis->tickLabelFont());
    const int spacing = plot.axisRect()->width() / 64;
    CHECK(wide.tickStride * spacing >= wide.shownLines * metrics.height() + kBarLabelGapPx);
    CHECK(tickCount(plot) == (64 + wide.tickStride - 1) / wide.tickStride);

    plot.resize(QSize(500, 600));
    QCoreApplication::processEvents();
    const BarLabelLayout narrow = plot.labelLayout();
    const int narrowSpacing = plot.axisRect()->width() / 64;
    CHECK(narrow.tickStride > 1);
    CHECK(narrow.tickStride * narrowSpacing >= metrics.height() + kBarLabelGapPx);
    CHECK(narrow.values == BarLabelLayout::Values::Hidden);
    // A bar whose name is not shown is still found under the mouse.
    const double x = plot.xAxis->coordToPixel(1);
    const double y = plot.yAxis->coordToPixel(10);
    CHECK(plot.barAt(QPointF(x, y)) == 1);
}

TEST_CASE("Upright labels keep as many of their first lines as the spacing holds", "[bar_labels]") {
    BarLabelRoom room = roomOf(46); // slanted needs 10 x 46 >= 14 x (3 x 14 + 4) = 644: no
    room.lineCount = 3;
    CHECK(fitBarLabels(room).tickAngle == -90);
    CHECK(fitBarLabels(room).shownLines == 3);  // 3 x 14 + 4 = 46
    room.barSpacingPx = 45;
    CHECK(fitBarLabels(room).shownLines == 2);
    room.barSpacingPx = 32;
    CHECK(fitBarLabels(room).shownLines == 2);
    room.barSpacingPx = 31;
    CHECK(fitBarLabels(room).shownLines == 1);
}

TEST_CASE("A bar chart names every stride-th bar with its first lines, and grows room for its legend", "[bar_labels]") {
    BarChartPlot plot;
    opscope::testing::showAt(plot, QSize(800, 500));
    std::vector<QStringList> labels;
    for (int i = 0; i < 200; ++i)
        labels.push_back({QStringLiteral("step %1").arg(i), QStringLiteral("rank 0 · NPU 0"), QStringLiteral("third")});
    plot.setBarLabels(labels);
    plot.legend->setVisible(true);
    plot.addGraph()->setName(QStringLiteral("in the legend"));
    plot.setValueTop(1000, 1.1);
    plot.xAxis->setRange(-0.6, 199.6);
    plot.replot();
    const BarLabelLayout& layout = plot.labelLayout();
    CHECK(layout.tickAngle == -90);
    CHECK(layout.shownLines == 1);
    CHECK(layout.tickStride > 1);
    auto ticker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    REQUIRE(ticker);
    CHECK(ticker->ticks().size() == (200 + layout.tickStride - 1) / layout.tickStride);
    CHECK(ticker->ticks().value(0) == QStringLiteral("step 0"));
    CHECK(ticker->ticks().value(layout.tickStride) == QStringLiteral("step %1").arg(layout.tickStride));
    // The legend and its inset fit above the tallest bar.
    const double tallestBarTop = plot.yAxis->coordToPixel(1000);
    CHECK(plot.legend->outerRect().bottom() <= tallestBarTop);
    CHECK(plot.yAxis->range().upper >= 1100);
}

TEST_CASE("A label stride gives each label its extent and the gap", "[bar_labels]") {
    CHECK(labelStride(18, 14) == 1); // 14 + 4 = 18
    CHECK(labelStride(17, 14) == 2);
    CHECK(labelStride(9, 14) == 2);
    CHECK(labelStride(8, 14) == 3);
    CHECK(labelStride(0, 14) == 18); // no room measured: one pixel per label
}

TEST_CASE("A rank grid of 64 ranks and 200 steps names every stride-th rank and step", "[bar_labels]") {
    RankGridPlot plot;
    opscope::testing::showAt(plot, QSize(900, 500));
    QStringList ranks, steps;
    for (int r = 0; r < 64; ++r) ranks << QStringLiteral("rank %1").arg(r);
    for (int c = 0; c < 200; ++c) steps << QStringLiteral("step %1").arg(c);
    std::vector<std::vector<std::optional<double>>> values(64, std::vector<std::optional<double>>(200, 1.0));
    plot.setGrid(ranks, steps, values, QStringLiteral("Rank"), QStringLiteral("Step"), QStringLiteral("ms"));
    const int rowStride = plot.rowLabelStride();
    CHECK(rowStride > 1);
    CHECK(rowStride * (plot.axisRect()->height() / 64) >= QFontMetrics(plot.yAxis->tickLabelFont()).height() + kBarLabelGapPx);
    const BarLabelLayout& columns = plot.columnLabelLayout();
    CHECK(columns.tickAngle == -90);
    CHECK(columns.tickStride > 1);
    auto rowTicker = plot.yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    auto columnTicker = plot.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    REQUIRE(rowTicker);
    REQUIRE(columnTicker);
    CHECK(rowTicker->ticks().size() == (64 + rowStride - 1) / rowStride);
    CHECK(columnTicker->ticks().size() == (200 + columns.tickStride - 1) / columns.tickStride);
    // Every cell is still clickable, named or not.
    QSignalSpy clicked(&plot, &RankGridPlot::cellClicked);
    QTest::mouseClick(&plot, Qt::LeftButton, Qt::NoModifier, plot.cellCentre(1, 1));
    REQUIRE(clicked.count() == 1);
    CHECK(clicked.at(0).at(0).toInt() == 1);
    CHECK(clicked.at(0).at(1).toInt() == 1);

    // A few ranks and steps keep all their labels, level.
    plot.setGrid(ranks.mid(0, 4), steps.mid(0, 5), {}, QStringLiteral("Rank"), QStringLiteral("Step"), QStringLiteral("ms"));
    plot.replot();
    CHECK(plot.rowLabelStride() == 1);
    CHECK(plot.columnLabelLayout().tickAngle == 0);
    CHECK(plot.yAxis->ticker().dynamicCast<QCPAxisTickerText>()->ticks().size() == 4);
}
