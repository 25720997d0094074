// Colours of the time views: a stable colour per slice name (or category) from a palette that reads on
// light and dark backgrounds, text colour by contrast, and the chrome colours derived from QPalette.
#pragma once
#include <QColor>
#include <QPalette>

#include <string_view>

namespace opscope {

enum class ColourMode { ByName, ByCategory };

// Same key, same colour, in every run and on every machine (FNV-1a, not a seeded qHash).
QColor paletteColourFor(std::string_view key);
int paletteSize();
QColor paletteColour(int index);
// Black-ish or white text, whichever contrasts more with the fill.
QColor textColourOn(const QColor& fill);

struct TimelineTheme {
    bool dark = false;
    QColor background, trackAltBackground, headerBackground, processHeaderBackground, headerText, headerSubText;
    QColor separator, gridLine, rulerBackground, rulerText, selectionFill, selectionEdge, accent;
    QColor flow, flowHighlight, mergedTint, hoverBackground, hoverText, counterLine, counterFill;

    static TimelineTheme fromPalette(const QPalette& palette);
};

} // namespace opscope
