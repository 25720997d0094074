// How the phase comparison fits its labels into the room each bar has. With a handful of steps every bar
// gets its name and duration level under it and its value on top; a trace of 64 steps leaves about 20 px
// per bar, where level labels run into each other. Then the names stand upright, lose their duration line
// (the tooltip keeps it) and, if even one line is too tall for a bar, only every stride-th bar is named;
// the values stand upright too, or are left to the tooltip. Pure arithmetic on pixel sizes, so the
// thresholds are tested exactly.
#pragma once

namespace opscope {

struct PhaseLabelRoom {
    int barSpacingPx = 0;  // the axis rect's width divided by the number of bars, rounded down
    int lineHeightPx = 0;  // one line of tick-label text
    int widestLinePx = 0;  // the widest name or duration line
    int widestValuePx = 0; // the widest value label ("100.0%")
    int plotHeightPx = 0;   // the axis rect's height, and the legend's, which sits in its top right
    int legendHeightPx = 0; // corner: the room above full bars holds the values and the legend above them

    bool operator==(const PhaseLabelRoom&) const = default;
};

struct PhaseLabelLayout {
    enum class Values { Level, Upright, Hidden };

    int tickAngle = 0;        // 0, -45 or -90 degrees
    bool durationLine = true; // each name has its duration on a second line
    int tickStride = 1;       // every tickStride-th bar (0, stride, 2 stride, ...) is named
    Values values = Values::Level;

    bool operator==(const PhaseLabelLayout&) const = default;
};

// The gap, in pixels, kept between two neighbouring labels.
constexpr int kPhaseLabelGapPx = 4;

// Level when the widest line plus the gap fits a bar's spacing. Else slanted at -45 degrees when two
// lines plus the gap fit across the slant (spacing x sin 45 degrees, in whole numbers: 10 x spacing >= 14 x
// (two lines + gap)). Else upright, with the duration line while two lines plus the gap fit the spacing, and a
// stride that gives each label its lines plus the gap. Values: level when the widest plus the gap fits,
// upright when a line plus the gap fits, else hidden.
PhaseLabelLayout fitPhaseLabels(const PhaseLabelRoom& room);

} // namespace opscope
