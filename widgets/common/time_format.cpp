#include "widgets/common/time_format.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <cstdlib>

namespace opscope {

namespace {

struct Unit {
    TimeNs ns;
    const char* symbol;
};

// Unit symbols are translatable: some locales write "мс" or "ms".
QString unitSymbol(TimeNs unitNs) {
    switch (unitNs) {
    case 1: return QCoreApplication::translate("TimeFormat", "ns");
    case 1000: return QCoreApplication::translate("TimeFormat", "µs");
    case 1000000: return QCoreApplication::translate("TimeFormat", "ms");
    default: return QCoreApplication::translate("TimeFormat", "s");
    }
}

TimeNs unitFor(TimeNs magnitudeNs) {
    if (magnitudeNs >= 1'000'000'000) return 1'000'000'000;
    if (magnitudeNs >= 1'000'000) return 1'000'000;
    if (magnitudeNs >= 1'000) return 1'000;
    return 1;
}

// Integer part and fraction kept separate so that large offsets do not lose digits in a double.
QString fixedDecimal(TimeNs valueNs, TimeNs unitNs, int decimals) {
    const bool negative = valueNs < 0;
    const TimeNs absNs = negative ? -valueNs : valueNs;
    TimeNs whole = absNs / unitNs;
    TimeNs frac = absNs % unitNs;
    QString text = QString::number(whole);
    if (decimals > 0) {
        // unitNs is 10^k: scale the remainder to `decimals` digits, rounding half up.
        TimeNs scale = 1;
        for (int i = 0; i < decimals; ++i) scale *= 10;
        TimeNs scaled = (frac * scale * 2 + unitNs) / (unitNs * 2);
        if (scaled >= scale) {
            ++whole;
            scaled -= scale;
            text = QString::number(whole);
        }
        text += QLatin1Char('.') + QString::number(scaled).rightJustified(decimals, QLatin1Char('0'));
    }
    return negative ? QLatin1Char('-') + text : text;
}

} // namespace

QString formatDuration(TimeNs durNs) {
    const TimeNs magnitude = std::llabs(durNs);
    const TimeNs unit = unitFor(magnitude);
    if (unit == 1) return QStringLiteral("%1 %2").arg(durNs).arg(unitSymbol(1));
    const TimeNs whole = magnitude / unit;
    const int decimals = unit == 1'000'000'000 ? 3 : (whole >= 100 ? 0 : whole >= 10 ? 1 : 2);
    return QStringLiteral("%1 %2").arg(fixedDecimal(durNs, unit, decimals), unitSymbol(unit));
}

QString formatDurationExact(TimeNs durNs) {
    QLocale locale;
    QString exact = QStringLiteral("%1 %2").arg(locale.toString(static_cast<qlonglong>(durNs)), unitSymbol(1));
    if (std::llabs(durNs) < 1000) return exact;
    return QStringLiteral("%1 (%2)").arg(exact, formatDuration(durNs));
}

QString formatTimeOffset(TimeNs offsetNs, TimeNs stepNs) {
    if (offsetNs == 0) return QStringLiteral("0");
    const TimeNs unit = unitFor(std::llabs(offsetNs));
    int decimals = 0;
    for (TimeNs step = std::max<TimeNs>(stepNs, 1); step < unit && decimals < 9; step *= 10) ++decimals;
    // A step of 2.5 units in 10^k needs one more digit than its power of ten suggests.
    if (stepNs > 0 && decimals > 0) {
        TimeNs scale = unit;
        for (int i = 0; i < decimals; ++i) scale /= 10;
        if (scale > 0 && stepNs % scale != 0 && decimals < 9) ++decimals;
    }
    return QStringLiteral("%1 %2").arg(fixedDecimal(offsetNs, unit, decimals), unitSymbol(unit));
}

} // namespace opscope
