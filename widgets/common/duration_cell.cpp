#include "widgets/common/duration_cell.h"

#include "core/model/time_format.h"
#include "widgets/common/time_format.h"

#include <cmath>

namespace opscope {

QVariant durationCellData(double ns, int role) {
    if (std::isnan(ns)) return {};
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: return formatDuration(static_cast<TimeNs>(std::llround(ns)));
    case kCsvRole: return QString::fromStdString(microsText(ns));
    default: return {};
    }
}

QVariant durationCellData(long long ns, int role) {
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: return formatDuration(ns);
    case kCsvRole: return QString::fromStdString(microsText(static_cast<TimeNs>(ns)));
    default: return {};
    }
}

QVariant durationHeaderData(const QString& name, int role) {
    if (role == Qt::DisplayRole) return name;
    if (role == kCsvRole) return QStringLiteral("%1 (µs)").arg(name);
    return {};
}

} // namespace opscope
