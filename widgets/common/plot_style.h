// QCustomPlot as the analysis views use it: colours from the QPalette, axis tickers that label nanosecond
// values as ns/µs/ms/s (linear and logarithmic), and colour-blind-safe gradients with explicit stops.
#pragma once
#include "core/model/time.h"

#include <qcustomplot.h>

#include <QPalette>

namespace opscope {

// Linear axis whose coordinates are nanoseconds (an offset from a base, or a duration): "12.5 ms".
class DurationAxisTicker : public QCPAxisTicker {
public:
    DurationAxisTicker() { setTickCount(6); }

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
    double getTickStep(const QCPRange& range) override;

private:
    double lastStep_ = 1;
};

// Logarithmic axis in nanoseconds, one major tick per decade: "1 µs", "10 µs", "100 µs", "1 ms".
class LogDurationAxisTicker : public QCPAxisTickerLog {
public:
    LogDurationAxisTicker() {
        setLogBase(10);
        setSubTickCount(8);
        setTickCount(12); // a label on every decade
    }

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

// Logarithmic axis for plain numbers: "0.1", "1", "10", "1k", "1M".
class LogNumberAxisTicker : public QCPAxisTickerLog {
public:
    LogNumberAxisTicker() {
        setLogBase(10);
        setSubTickCount(8);
        setTickCount(12);
    }

protected:
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

enum class HeatGradient { Viridis, Cividis, Magma };
// Perceptually uniform, colour-blind-safe maps (matplotlib's viridis, cividis, magma), 9 stops each.
QCPColorGradient heatGradient(HeatGradient which);

// Background, axes, grid, legend and text from the palette; call again on palette changes.
void stylePlot(QCustomPlot* plot, const QPalette& palette);
void styleColorScale(QCPColorScale* scale, const QPalette& palette);
// Series colours that read on light and dark backgrounds (categorical).
QColor seriesColour(int index);
bool isDarkPalette(const QPalette& palette);

} // namespace opscope
