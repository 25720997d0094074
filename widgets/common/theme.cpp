#include "widgets/common/theme.h"

#include <array>
#include <cstdint>

namespace opscope {

namespace {

// Mid-lightness hues (after AntV's categorical palette): light enough for dark themes,
// saturated enough to separate neighbours on white.
constexpr std::array<QRgb, 20> kPalette = {
    0xff5b8ff9, 0xff5ad8a6, 0xfff6bd16, 0xffe8684a, 0xff6dc8ec, 0xff9270ca, 0xffff9d4d, 0xff269a99,
    0xffff99c3, 0xff5d7092, 0xffbdd2fd, 0xff9ee6c9, 0xfff8d987, 0xffea9e8b, 0xff8bb8d3, 0xffc0a7e6,
    0xffffb980, 0xff7fc4c3, 0xffb4cf66, 0xffa4afc6,
};

std::uint32_t fnv1a(std::string_view key) {
    std::uint32_t h = 2166136261u;
    for (unsigned char c : key) {
        h ^= c;
        h *= 16777619u;
    }
    return h;
}

} // namespace

int paletteSize() { return static_cast<int>(kPalette.size()); }

QColor paletteColour(int index) {
    return QColor::fromRgba(kPalette[static_cast<std::size_t>(index) % kPalette.size()]);
}

QColor paletteColourFor(std::string_view key) { return paletteColour(static_cast<int>(fnv1a(key) % kPalette.size())); }

QColor textColourOn(const QColor& fill) {
    // Relative luminance (sRGB weights) is enough to pick between two text colours.
    const double y = 0.2126 * fill.redF() + 0.7152 * fill.greenF() + 0.0722 * fill.blueF();
    return y > 0.55 ? QColor(0x1d, 0x1f, 0x24) : QColor(Qt::white);
}

TimelineTheme TimelineTheme::fromPalette(const QPalette& palette) {
    TimelineTheme t;
    const QColor base = palette.color(QPalette::Base);
    t.dark = base.lightnessF() < 0.5;
    t.background = base;
    t.trackAltBackground = t.dark ? base.lighter(112) : QColor(0xf7, 0xf8, 0xfa);
    t.headerBackground = t.dark ? palette.color(QPalette::Window) : QColor(0xf3, 0xf4, 0xf6);
    t.processHeaderBackground = t.dark ? palette.color(QPalette::Window).lighter(125) : QColor(0xe6, 0xe9, 0xee);
    t.headerText = palette.color(QPalette::WindowText);
    t.headerSubText = t.dark ? QColor(0xa0, 0xa6, 0xb0) : QColor(0x6b, 0x72, 0x80);
    t.separator = t.dark ? QColor(0x3a, 0x3f, 0x47) : QColor(0xd5, 0xd9, 0xe0);
    t.gridLine = t.dark ? QColor(255, 255, 255, 22) : QColor(0, 0, 0, 18);
    t.rulerBackground = t.headerBackground;
    t.rulerText = t.headerText;
    t.accent = palette.color(QPalette::Highlight);
    t.selectionFill = QColor(t.accent.red(), t.accent.green(), t.accent.blue(), 40);
    t.selectionEdge = t.accent;
    t.flow = t.dark ? QColor(200, 200, 210, 70) : QColor(60, 70, 90, 55);
    t.flowHighlight = t.dark ? QColor(0xff, 0xc8, 0x57) : QColor(0xd9, 0x48, 0x1c);
    t.mergedTint = t.dark ? QColor(0x8a, 0x93, 0xa3) : QColor(0x9a, 0xa3, 0xb2);
    t.hoverBackground = t.dark ? QColor(0x25, 0x28, 0x2e, 240) : QColor(0xff, 0xff, 0xff, 245);
    t.hoverText = t.dark ? QColor(0xe8, 0xea, 0xee) : QColor(0x1d, 0x1f, 0x24);
    t.counterLine = t.dark ? QColor(0x6d, 0xc8, 0xec) : QColor(0x2f, 0x6f, 0xd6);
    t.counterFill = QColor(t.counterLine.red(), t.counterLine.green(), t.counterLine.blue(), 60);
    return t;
}

} // namespace opscope
