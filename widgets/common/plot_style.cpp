#include "widgets/common/plot_style.h"

#include "widgets/common/theme.h"
#include "widgets/common/time_format.h"

#include <QCoreApplication>

#include <array>
#include <cmath>

namespace opscope {

QString DurationAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int) {
    // The step decides the decimals so that neighbouring labels differ.
    const TimeNs step = std::max<TimeNs>(1, static_cast<TimeNs>(std::llround(lastStep_)));
    return formatTimeOffset(static_cast<TimeNs>(std::llround(tick)), step);
}

double DurationAxisTicker::getTickStep(const QCPRange& range) {
    // 1, 2 or 5 times a power of ten: steps of 2.5 would need a decimal more than the unit shows.
    const double raw = std::max(1.0, range.size() / static_cast<double>(mTickCount + 1e-10));
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double mantissa = raw / magnitude;
    lastStep_ = magnitude * (mantissa < 1.5 ? 1 : mantissa < 3.5 ? 2 : mantissa < 7.5 ? 5 : 10);
    return lastStep_;
}

QString LogDurationAxisTicker::getTickLabel(double tick, const QLocale& locale, QChar, int) {
    // Decade ticks read best without trailing zeros: "1 µs", "10 µs", "100 ms".
    struct Unit {
        double ns;
        const char* symbol;
    };
    static const std::array<Unit, 4> units{{{1e9, QT_TRANSLATE_NOOP("TimeFormat", "s")},
                                           {1e6, QT_TRANSLATE_NOOP("TimeFormat", "ms")},
                                           {1e3, QT_TRANSLATE_NOOP("TimeFormat", "µs")},
                                           {1, QT_TRANSLATE_NOOP("TimeFormat", "ns")}}};
    for (const Unit& u : units)
        if (std::abs(tick) >= u.ns * 0.999 || u.ns == 1)
            return QStringLiteral("%1 %2").arg(locale.toString(tick / u.ns, 'g', 3),
                                               QCoreApplication::translate("TimeFormat", u.symbol));
    return {};
}

QString LogNumberAxisTicker::getTickLabel(double tick, const QLocale& locale, QChar, int) {
    static const std::array<std::pair<double, const char*>, 4> suffixes{
        {{1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}}};
    for (const auto& [scale, suffix] : suffixes)
        if (std::abs(tick) >= scale) return locale.toString(tick / scale, 'g', 3) + QLatin1String(suffix);
    return locale.toString(tick, 'g', 3);
}

namespace {

QCPColorGradient fromStops(const std::array<QRgb, 9>& stops) {
    QCPColorGradient g;
    g.clearColorStops();
    for (std::size_t i = 0; i < stops.size(); ++i)
        g.setColorStopAt(static_cast<double>(i) / static_cast<double>(stops.size() - 1), QColor::fromRgb(stops[i]));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(256);
    return g;
}

} // namespace

QCPColorGradient heatGradient(HeatGradient which) {
    // Stops sampled from matplotlib's maps at 0, 1/8, ..., 1.
    static const std::array<QRgb, 9> viridis{0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c,
                                             0x28ae80, 0x5ec962, 0xaddc30, 0xfde725};
    static const std::array<QRgb, 9> cividis{0x00224e, 0x123570, 0x3b496c, 0x575d6d, 0x707173,
                                             0x8a8678, 0xa59c74, 0xc3b369, 0xfee838};
    static const std::array<QRgb, 9> magma{0x000004, 0x1c1044, 0x4f127b, 0x812581, 0xb5367a,
                                           0xe55064, 0xfb8761, 0xfec287, 0xfcfdbf};
    switch (which) {
    case HeatGradient::Viridis: return fromStops(viridis);
    case HeatGradient::Cividis: return fromStops(cividis);
    case HeatGradient::Magma: return fromStops(magma);
    }
    return fromStops(viridis);
}

bool isDarkPalette(const QPalette& palette) { return palette.color(QPalette::Base).lightnessF() < 0.5; }

namespace {

void styleAxis(QCPAxis* axis, const QColor& text, const QColor& line, const QColor& grid, const QColor& subGrid) {
    axis->setBasePen(QPen(line, 1));
    axis->setTickPen(QPen(line, 1));
    axis->setSubTickPen(QPen(line, 1));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->grid()->setPen(QPen(grid, 1, Qt::SolidLine));
    axis->grid()->setSubGridPen(QPen(subGrid, 1, Qt::DotLine));
    axis->grid()->setZeroLinePen(Qt::NoPen);
}

} // namespace

void stylePlot(QCustomPlot* plot, const QPalette& palette) {
    const bool dark = isDarkPalette(palette);
    const QColor text = palette.color(QPalette::WindowText);
    const QColor line = dark ? QColor(0x8a, 0x90, 0x9a) : QColor(0x70, 0x76, 0x80);
    const QColor grid = dark ? QColor(255, 255, 255, 30) : QColor(0, 0, 0, 28);
    const QColor subGrid = dark ? QColor(255, 255, 255, 14) : QColor(0, 0, 0, 12);
    plot->setBackground(palette.color(QPalette::Base));
    for (QCPAxisRect* rect : plot->axisRects()) {
        rect->setBackground(palette.color(QPalette::Base));
        for (QCPAxis* axis : rect->axes()) styleAxis(axis, text, line, grid, subGrid);
    }
    if (plot->legend) {
        plot->legend->setBrush(dark ? QColor(0x25, 0x28, 0x2e, 230) : QColor(255, 255, 255, 230));
        plot->legend->setBorderPen(QPen(line, 1));
        plot->legend->setTextColor(text);
    }
}

void styleColorScale(QCPColorScale* scale, const QPalette& palette) {
    const bool dark = isDarkPalette(palette);
    const QColor text = palette.color(QPalette::WindowText);
    const QColor line = dark ? QColor(0x8a, 0x90, 0x9a) : QColor(0x70, 0x76, 0x80);
    QCPAxis* axis = scale->axis();
    axis->setBasePen(QPen(line, 1));
    axis->setTickPen(QPen(line, 1));
    axis->setSubTickPen(QPen(line, 1));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
}

QColor seriesColour(int index) { return paletteColour(index); }

} // namespace opscope
