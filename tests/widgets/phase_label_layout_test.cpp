#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/diagnosis/phase_compare_plot.h"
#include "widgets/diagnosis/phase_label_layout.h"

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

// Text 14 px high, lines up to 100 px wide, values 40 px wide: the room a bar needs is
// level names 104, slanted 10 x spacing >= 14 x 32 (spacing 45), two upright lines 32, one 18.
PhaseLabelRoom roomOf(int spacing) {
    PhaseLabelRoom room;
    room.barSpacingPx = spacing;
    room.lineHeightPx = 14;
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

TEST_CASE("Phase names lie level while the widest line and the gap fit a bar", "[phase_labels]") {
    CHECK(fitPhaseLabels(roomOf(104)).tickAngle == 0);
    CHECK(fitPhaseLabels(roomOf(104)).durationLine);
    CHECK(fitPhaseLabels(roomOf(103)).tickAngle == -45);
}

TEST_CASE("Phase names slant while two lines and the gap fit across the slant", "[phase_labels]") {
    // 14 x (2 x 14 + 4) = 448: 10 x 45 = 450 fits, 10 x 44 = 440 does not.
    const PhaseLabelLayout slanted = fitPhaseLabels(roomOf(45));
    CHECK(slanted.tickAngle == -45);
    CHECK(slanted.durationLine);
    CHECK(slanted.tickStride == 1);
    CHECK(fitPhaseLabels(roomOf(44)).tickAngle == -90);
}

TEST_CASE("Upright phase names drop their duration line, then every other name, as the bars narrow", "[phase_labels]") {
    const PhaseLabelLayout twoLines = fitPhaseLabels(roomOf(32));
    CHECK(twoLines.tickAngle == -90);
    CHECK(twoLines.durationLine);
    CHECK(twoLines.tickStride == 1);
    const PhaseLabelLayout oneLine = fitPhaseLabels(roomOf(31));
    CHECK_FALSE(oneLine.durationLine);
    CHECK(oneLine.tickStride == 1);
    CHECK(fitPhaseLabels(roomOf(18)).tickStride == 1);
    CHECK(fitPhaseLabels(roomOf(17)).tickStride == 2);
    CHECK(fitPhaseLabels(roomOf(9)).tickStride == 2);
    CHECK(fitPhaseLabels(roomOf(8)).tickStride == 3);
    CHECK(fitPhaseLabels(roomOf(0)).tickStride == 18); // no room measured yet: one pixel per bar
}

TEST_CASE("Phase values lie level, stand upright, or are left to the tooltip", "[phase_labels]") {
    using Values = PhaseLabelLayout::Values;
    CHECK(fitPhaseLabels(roomOf(44)).values == Values::Level);
    CHECK(fitPhaseLabels(roomOf(43)).values == Values::Upright);
    CHECK(fitPhaseLabels(roomOf(18)).values == Values::Upright);
    CHECK(fitPhaseLabels(roomOf(17)).values == Values::Hidden);
}

TEST_CASE("The phase plot fits its labels to its width and keeps every bar clickable", "[phase_labels]") {
    PhaseComparePlot plot;
    opscope::testing::showAt(plot, QSize(1400, 600));
    plot.setPhases(steps(4));
    CHECK(plot.labelLayout().tickAngle == 0);
    CHECK(plot.labelLayout().durationLine);
    CHECK(tickCount(plot) == 4);
    CHECK(plot.xAxis->tickLabelRotation() == 0);

    plot.setPhases(steps(64));
    const PhaseLabelLayout wide = plot.labelLayout();
    CHECK(wide.tickAngle == -90);
    CHECK(plot.xAxis->tickLabelRotation() == -90);
    // However narrow, the names that are shown do not overlap: each has its lines and the gap.
    const QFontMetrics metrics(plot.xAxis->tickLabelFont());
    const int spacing = plot.axisRect()->width() / 64;
    CHECK(wide.tickStride * spacing >= (wide.durationLine ? 2 : 1) * metrics.height() + kPhaseLabelGapPx);
    CHECK(tickCount(plot) == (64 + wide.tickStride - 1) / wide.tickStride);

    plot.resize(QSize(500, 600));
    QCoreApplication::processEvents();
    const PhaseLabelLayout narrow = plot.labelLayout();
    const int narrowSpacing = plot.axisRect()->width() / 64;
    CHECK(narrow.tickStride > 1);
    CHECK(narrow.tickStride * narrowSpacing >= metrics.height() + kPhaseLabelGapPx);
    CHECK(narrow.values == PhaseLabelLayout::Values::Hidden);
    // A bar whose name is not shown is still found under the mouse.
    const double x = plot.xAxis->coordToPixel(1);
    const double y = plot.yAxis->coordToPixel(10);
    CHECK(plot.barAt(QPointF(x, y)) == 1);
}
