#include "widgets/common/time_format.h"

#include "core/model/time_format.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cstdlib>

namespace opscope {

namespace {

// Unit symbols are translatable: some locales write "мс" or "毫秒".
QString unitSymbol(TimeNs unitNs) {
    switch (unitNs) {
    case 1: return QCoreApplication::translate("TimeFormat", "ns");
    case 1000: return QCoreApplication::translate("TimeFormat", "µs");
    case 1000000: return QCoreApplication::translate("TimeFormat", "ms");
    case 1000000000: return QCoreApplication::translate("TimeFormat", "s");
    default: return QCoreApplication::translate("TimeFormat", "m", "minutes");
    }
}

} // namespace

QString formatDuration(TimeNs durNs, TimeNs resolutionNs) {
    // The pieces are core's (integer arithmetic); only the symbols and the digit grouping are the locale's.
    const HumanDuration d = humanDuration(durNs, resolutionNs);
    if (d.pieces.empty()) return QStringLiteral("0") + unitSymbol(1'000'000'000);
    const QLocale locale;
    QString text = d.negative ? QStringLiteral("-") : QString();
    for (const DurationPiece& p : d.pieces) {
        if (&p != &d.pieces.front()) text += QLatin1Char(' ');
        text += locale.toString(static_cast<qulonglong>(p.count)) + unitSymbol(p.unitNs);
    }
    return text;
}

QString formatDurationExact(TimeNs durNs) {
    const QString exact = QStringLiteral("%1 %2").arg(QLocale().toString(static_cast<qlonglong>(durNs)), unitSymbol(1));
    if (std::llabs(durNs) < 1000) return exact;
    return QStringLiteral("%1 (%2)").arg(exact, formatDuration(durNs));
}

QString formatTimeOffset(TimeNs offsetNs, TimeNs stepNs) {
    return formatDuration(offsetNs, humanResolutionFor(stepNs));
}

QString formatTimeAtZoom(TimeNs offsetNs, TimeNs nsPerPx) {
    return formatDuration(offsetNs, durationUnitFor(std::max<TimeNs>(1, nsPerPx)));
}

} // namespace opscope
