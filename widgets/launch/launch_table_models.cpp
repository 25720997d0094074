#include "widgets/launch/launch_table_models.h"

#include "widgets/common/duration_cell.h"

#include <QColor>
#include <QStringList>

#include <optional>

namespace opscope {

namespace {

// The duration a column holds (shown in the human format, plain µs in the CSV), nullopt for the others.
bool isLaunchDurationColumn(int column) {
    return column == LaunchTableModel::CpuColumn || column == LaunchTableModel::GpuColumn ||
           column == LaunchTableModel::DelayColumn;
}

std::optional<TimeNs> launchDuration(const LaunchStatsReport& report, const LaunchRow& r, int column) {
    switch (column) {
    case LaunchTableModel::CpuColumn: return report.cpuDurationNs(r);
    case LaunchTableModel::GpuColumn: return report.gpuDurationNs(r);
    case LaunchTableModel::DelayColumn: return report.launchDelayNs(r);
    default: return std::nullopt;
    }
}

std::optional<TimeNs> kernelDuration(const KernelLaunchSummary& r, int column) {
    switch (column) {
    case KernelLaunchModel::GpuTotalColumn: return r.gpuTotalNs;
    case KernelLaunchModel::CpuTotalColumn: return r.cpuTotalNs;
    case KernelLaunchModel::DelayTotalColumn: return r.delayTotalNs;
    case KernelLaunchModel::DelayMaxColumn: return r.delayMaxNs;
    default: return std::nullopt;
    }
}

// A warm tint for rows HTA would flag: visible in both themes without hiding the text.
const QColor kOutlierTint(255, 140, 0, 60);

} // namespace

QString launchOutlierLabels(std::uint8_t outliers) {
    QStringList out;
    if (outliers & kShortKernel) out << LaunchTableModel::tr("short kernel");
    if (outliers & kLongRuntime) out << LaunchTableModel::tr("long runtime");
    if (outliers & kLongDelay) out << LaunchTableModel::tr("long delay");
    return out.join(QStringLiteral(", "));
}

LaunchTableModel::LaunchTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void LaunchTableModel::resetData(LaunchStatsReport report) {
    beginResetModel();
    report_ = std::move(report);
    if (!report_.data) report_ = LaunchStatsReport{}; // rows without their data show nothing
    endResetModel();
}

int LaunchTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(report_.launches.size());
}
int LaunchTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LaunchTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const LaunchStatsReport& rep = report_;
    const LaunchRow& r = rep.launches[static_cast<std::size_t>(index.row())];
    if (role == SliceIdRole) return QVariant::fromValue<qint64>(rep.deviceSliceId(r));
    // The cells that made a launch an outlier, not the whole row: on a lagging queue nearly every
    // launch has a long delay, and a row tint would then say nothing.
    if (role == Qt::BackgroundRole) {
        const bool flagged = (index.column() == CpuColumn && (r.outliers & (kShortKernel | kLongRuntime))) ||
                             (index.column() == GpuColumn && (r.outliers & kShortKernel)) ||
                             (index.column() == DelayColumn && (r.outliers & kLongDelay)) ||
                             (index.column() == OutliersColumn && r.outliers);
        return flagged ? QVariant::fromValue(kOutlierTint) : QVariant();
    }
    if (role == Qt::TextAlignmentRole && index.column() >= CorrelationColumn && index.column() <= DelayColumn)
        return QVariant(static_cast<int>(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case CorrelationColumn:
            return rep.hasCorrelation(r) ? QVariant::fromValue<qint64>(rep.correlationId(r)) : QVariant::fromValue<qint64>(-1);
        case CpuColumn: return QVariant::fromValue<qint64>(rep.cpuDurationNs(r));
        case GpuColumn: return QVariant::fromValue<qint64>(rep.gpuDurationNs(r));
        case DelayColumn: return QVariant::fromValue<qint64>(rep.launchDelayNs(r));
        case OutliersColumn: return static_cast<int>(r.outliers);
        default: break;
        }
    }
    if (const std::optional<TimeNs> ns = launchDuration(rep, r, index.column())) return durationCellData(*ns, role);
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case KernelColumn: return QString::fromUtf8(rep.kernel(r).data(), static_cast<qsizetype>(rep.kernel(r).size()));
    case CallColumn: return QString::fromUtf8(rep.runtimeCall(r).data(), static_cast<qsizetype>(rep.runtimeCall(r).size()));
    case DeviceColumn: return QString::fromStdString(rep.device(r));
    case StreamColumn: return QString::fromStdString(rep.stream(r));
    case CorrelationColumn: return rep.hasCorrelation(r) ? QString::number(rep.correlationId(r)) : QString();
    case OutliersColumn: return launchOutlierLabels(r.outliers);
    default: return {};
    }
}

QVariant LaunchTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == kCsvRole)
        return isLaunchDurationColumn(section) ? durationHeaderData(headerData(section, orientation, Qt::DisplayRole).toString(), kCsvRole)
                                                   : QVariant();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KernelColumn: return tr("Kernel");
    case CallColumn: return tr("Runtime call");
    case DeviceColumn: return tr("Device");
    case StreamColumn: return tr("Stream");
    case CorrelationColumn: return tr("Correlation");
    case CpuColumn: return tr("CPU duration");
    case GpuColumn: return tr("GPU duration");
    case DelayColumn: return tr("Launch delay");
    case OutliersColumn: return tr("Outliers");
    default: return {};
    }
}

KernelLaunchModel::KernelLaunchModel(QObject* parent) : QAbstractTableModel(parent) {}

void KernelLaunchModel::resetData(std::vector<KernelLaunchSummary> rows) {
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

int KernelLaunchModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(rows_.size()); }
int KernelLaunchModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant KernelLaunchModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const KernelLaunchSummary& r = rows_[static_cast<std::size_t>(index.row())];
    if (role == Qt::BackgroundRole) {
        const bool flagged = (index.column() == ShortColumn && r.shortKernels > 0) ||
                             (index.column() == LongRuntimeColumn && r.longRuntimes > 0) ||
                             (index.column() == LongDelayColumn && r.longDelays > 0);
        return flagged ? QVariant::fromValue(kOutlierTint) : QVariant();
    }
    if (role == Qt::TextAlignmentRole && index.column() != KernelColumn) return QVariant(static_cast<int>(Qt::AlignRight | Qt::AlignVCenter));
    if (role == SortRole) {
        switch (index.column()) {
        case KernelColumn: return QString::fromStdString(r.kernel);
        case CountColumn: return QVariant::fromValue<qint64>(r.count);
        case GpuTotalColumn: return QVariant::fromValue<qint64>(r.gpuTotalNs);
        case CpuTotalColumn: return QVariant::fromValue<qint64>(r.cpuTotalNs);
        case DelayTotalColumn: return QVariant::fromValue<qint64>(r.delayTotalNs);
        case DelayMaxColumn: return QVariant::fromValue<qint64>(r.delayMaxNs);
        case ShortColumn: return QVariant::fromValue<qint64>(r.shortKernels);
        case LongRuntimeColumn: return QVariant::fromValue<qint64>(r.longRuntimes);
        case LongDelayColumn: return QVariant::fromValue<qint64>(r.longDelays);
        default: return {};
        }
    }
    if (const std::optional<TimeNs> ns = kernelDuration(r, index.column())) return durationCellData(*ns, role);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case KernelColumn: return QString::fromStdString(r.kernel);
    case CountColumn: return QString::number(r.count);
    case ShortColumn: return QString::number(r.shortKernels);
    case LongRuntimeColumn: return QString::number(r.longRuntimes);
    case LongDelayColumn: return QString::number(r.longDelays);
    default: return {};
    }
}

QVariant KernelLaunchModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == kCsvRole)
        return kernelDuration(KernelLaunchSummary{}, section)
                   ? durationHeaderData(headerData(section, orientation, Qt::DisplayRole).toString(), kCsvRole)
                   : QVariant();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case KernelColumn: return tr("Kernel");
    case CountColumn: return tr("Launches");
    case GpuTotalColumn: return tr("GPU total");
    case CpuTotalColumn: return tr("CPU total");
    case DelayTotalColumn: return tr("Delay total");
    case DelayMaxColumn: return tr("Delay max");
    case ShortColumn: return tr("Short kernels");
    case LongRuntimeColumn: return tr("Long runtimes");
    case LongDelayColumn: return tr("Long delays");
    default: return {};
    }
}

} // namespace opscope
