// The bubbles-over-time plot draws discs below kDensityFromBubbles bubbles and a density grid from it
// on; either way each bubble can be hovered and clicked.
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/bubbles/bubble_scatter.h"

#include <QSignalSpy>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

// count bubbles 10 us apart, lasting 1, 2, 3 ... 7 us in turn; the last one 1 ms long.
std::vector<BubbleSeries> bubbles(std::size_t count) {
    BubbleSeries series;
    series.label = QStringLiteral("NPU 0");
    for (std::size_t i = 0; i < count; ++i) {
        Bubble b;
        b.startNs = static_cast<TimeNs>(i) * 10'000;
        b.durNs = i + 1 == count ? 1'000'000 : static_cast<TimeNs>(1 + i % 7) * 1'000;
        series.bubbles.push_back(b);
    }
    return {series};
}

int countedInDensity(const BubbleScatter& scatter) {
    int total = 0;
    for (int column = 0; column < kDensityColumns; ++column)
        for (int row = 0; row < kDensityRows; ++row) total += scatter.densityCount(0, column, row);
    return total;
}

} // namespace

TEST_CASE("Below the density threshold every bubble is a disc", "[bubbles_view][density]") {
    BubbleScatter scatter;
    opscope::testing::showAt(scatter, QSize(700, 400));
    scatter.setSeries(bubbles(kDensityFromBubbles - 1), 0);
    CHECK_FALSE(scatter.drawsDensity());
    CHECK(scatter.graph(0)->dataCount() == static_cast<int>(kDensityFromBubbles - 1));
    CHECK(countedInDensity(scatter) == 0);
}

TEST_CASE("From the density threshold on the bubbles are counted in cells, and stay clickable", "[bubbles_view][density]") {
    BubbleScatter scatter;
    opscope::testing::showAt(scatter, QSize(700, 400));
    scatter.setSeries(bubbles(kDensityFromBubbles), 0);
    REQUIRE(scatter.drawsDensity());
    CHECK(scatter.graph(0)->dataCount() == 0); // the graph only names the series in the legend
    CHECK(countedInDensity(scatter) == static_cast<int>(kDensityFromBubbles));
    // The longest bubble is alone in the top row, in the last column.
    CHECK(scatter.densityCount(0, kDensityColumns - 1, kDensityRows - 1) == 1);
    // Seven durations, 1..7 us, fall in the rows of the lower half of the log range (1 us .. 1 ms).
    int rowsUsed = 0;
    for (int row = 0; row < kDensityRows; ++row) {
        int inRow = 0;
        for (int column = 0; column < kDensityColumns; ++column) inRow += scatter.densityCount(0, column, row);
        if (inRow > 0) ++rowsUsed;
    }
    CHECK(rowsUsed == 8);

    QSignalSpy clicked(&scatter, &BubbleScatter::bubbleClicked);
    const BubblePointRef last{0, static_cast<int>(kDensityFromBubbles) - 1};
    QTest::mouseClick(&scatter, Qt::LeftButton, {}, scatter.pointCentre(last).toPoint());
    REQUIRE(clicked.count() == 1);
    CHECK(clicked.at(0).at(1).toInt() == last.index);

    // Fewer bubbles again: discs, and the density is gone.
    scatter.setSeries(bubbles(3), 0);
    CHECK_FALSE(scatter.drawsDensity());
    CHECK(scatter.graph(0)->dataCount() == 3);
}
