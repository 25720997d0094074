// How a bar chart fits its tick labels and value labels into the room each bar gets. With a handful of
// bars every label lies level under its bar, all its lines shown, and each value sits on its bar; 64
// steps or 200 leave 6-20 px per bar, where level labels run into one another. Then the labels slant,
// then stand upright keeping only their first lines, and if even one line is too tall for a bar only
// every stride-th bar is named; the values stand upright too, or are left to the tooltip. Pure
// arithmetic on pixel sizes, so each threshold is tested exactly (bar_chart_plot.h applies it).
#pragma once

namespace opscope {

struct BarLabelRoom {
    int barSpacingPx = 0;   // the axis rect's width divided by the number of bars, rounded down
    int lineHeightPx = 0;   // one line of tick-label text
    int lineCount = 1;      // lines of the longest tick label (the first ones matter most)
    int widestLinePx = 0;   // the widest line of any tick label
    int widestValuePx = 0;  // the widest value label drawn on a bar; 0 when the chart has none
    int plotHeightPx = 0;   // the axis rect's height, and how far the legend (in its top right corner)
    int legendHeightPx = 0; // reaches down it: the room above the tallest bar holds its value, then the legend

    bool operator==(const BarLabelRoom&) const = default;
};

struct BarLabelLayout {
    enum class Values { Level, Upright, Hidden };

    int tickAngle = 0;    // 0, -45 or -90 degrees
    int shownLines = 1;   // each tick label's first shownLines lines
    int tickStride = 1;   // every tickStride-th bar (0, stride, 2 stride, ...) is named
    Values values = Values::Level;

    bool operator==(const BarLabelLayout&) const = default;
};

// The gap, in pixels, kept between two neighbouring labels.
constexpr int kBarLabelGapPx = 4;

// The stride that gives each label extentPx plus the gap along an axis where labels are spacingPx apart:
// 1 while extent + gap <= spacing, else the smallest whole multiple of the spacing that holds them.
int labelStride(int spacingPx, int extentPx);

// Ticks: level, all lines, when the widest line plus the gap fits a bar's spacing. Else slanted at -45
// degrees, all lines, when the lines plus the gap fit across the slant (spacing x sin 45 degrees, in whole
// numbers: 10 x spacing >= 14 x (lines x line height + gap)). Else upright, with as many lines as fit the
// spacing with the gap (at least one), and the stride that gives each label those lines and the gap.
// Values: level when the widest plus the gap fits the spacing, upright when one line plus the gap fits,
// else hidden.
BarLabelLayout fitBarLabels(const BarLabelRoom& room);

} // namespace opscope
