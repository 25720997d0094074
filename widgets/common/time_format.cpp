#include "widgets/common/time_format.h"

#include "core/model/time_format.h"

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

TimeNs unitFor(TimeNs magnitudeNs) { return durationUnitFor(magnitudeNs); }

// core's integer formatter: large offsets keep every digit.
QString fixedDecimal(TimeNs valueNs, TimeNs unitNs, int decimals) {
    return QString::fromStdString(fixedDecimalText(valueNs, unitNs, decimals));
}

} // namespace

QString formatDuration(TimeNs durNs) {
    const DurationParts parts = compactDuration(durNs); // the number is core's; the unit symbol is translated
    return QStringLiteral("%1 %2").arg(QString::fromStdString(parts.number), unitSymbol(parts.unitNs));
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
