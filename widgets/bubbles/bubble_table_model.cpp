#include "widgets/bubbles/bubble_table_model.h"

#include "widgets/common/duration_cell.h"

#include "widgets/common/time_format.h"
#include "widgets/operators/operator_stats_model.h"

#include <QCoreApplication>

namespace opscope {

QString bubbleCauseLabel(BubbleCause cause) {
    switch (cause) {
    case BubbleCause::HostBoundLaunch: return QCoreApplication::translate("Bubbles", "Host-bound launch");
    case BubbleCause::SyncWait: return QCoreApplication::translate("Bubbles", "Synchronisation wait");
    case BubbleCause::CommunicationWait: return QCoreApplication::translate("Bubbles", "Communication wait");
    case BubbleCause::DataTransfer: return QCoreApplication::translate("Bubbles", "Data transfer");
    case BubbleCause::Unknown: return QCoreApplication::translate("Bubbles", "Unknown");
    case BubbleCause::ProfilerStart: return QCoreApplication::translate("Bubbles", "Profiler start");
    case BubbleCause::ProfilerStop: return QCoreApplication::translate("Bubbles", "Profiler stop");
    }
    return {};
}

QColor bubbleCauseColour(BubbleCause cause) {
    // Okabe-Ito hues: distinguishable with the common colour-vision deficiencies.
    switch (cause) {
    case BubbleCause::HostBoundLaunch: return QColor(0xe6, 0x9f, 0x00);
    case BubbleCause::SyncWait: return QColor(0xd5, 0x5e, 0x00);
    case BubbleCause::CommunicationWait: return QColor(0xcc, 0x79, 0xa7);
    case BubbleCause::DataTransfer: return QColor(0x00, 0x72, 0xb2);
    case BubbleCause::Unknown: return QColor(0x99, 0x99, 0x99);
    // The profiling window, not the workload: pale neutral tones beside the grey of "unknown".
    case BubbleCause::ProfilerStart: return QColor(0xc8, 0xc8, 0xb4);
    case BubbleCause::ProfilerStop: return QColor(0xb4, 0xc3, 0xc8);
    }
    return QColor(0x99, 0x99, 0x99);
}

QString hostWorkClassLabel(HostWorkClass workClass) {
    switch (workClass) {
    case HostWorkClass::Sync: return QCoreApplication::translate("Bubbles", "sync");
    case HostWorkClass::Communication: return QCoreApplication::translate("Bubbles", "communication");
    case HostWorkClass::DataTransfer: return QCoreApplication::translate("Bubbles", "data transfer");
    case HostWorkClass::Launch: return QCoreApplication::translate("Bubbles", "launch");
    case HostWorkClass::HostCompute: return QCoreApplication::translate("Bubbles", "host compute");
    case HostWorkClass::Other: return QCoreApplication::translate("Bubbles", "other");
    }
    return {};
}

BubbleTableModel::BubbleTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void BubbleTableModel::resetData(std::vector<BubbleDetail> bubbles, QStringList labels, TimeNs originNs) {
    beginResetModel();
    bubbles_ = std::move(bubbles);
    labels_ = std::move(labels);
    while (labels_.size() < static_cast<qsizetype>(bubbles_.size())) labels_.append(QString());
    originNs_ = originNs;
    endResetModel();
}

int BubbleTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(bubbles_.size());
}

int BubbleTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString BubbleTableModel::hostText(const BubbleDetail& d) const {
    QStringList parts;
    for (const HostWorkOverlap& o : d.hostWork) {
        if (parts.size() == 3) break;
        parts << tr("%1 (%2)").arg(QString::fromStdString(o.name), formatDuration(o.overlapNs));
    }
    return parts.join(QStringLiteral("; "));
}

QString BubbleTableModel::waitText(const BubbleDetail& d) {
    QString target;
    switch (d.bubble.waitFor) {
    case WaitFor::Nothing: return {};
    case WaitFor::Event: target = tr("an event"); break;
    case WaitFor::Notify: target = tr("a notify"); break;
    case WaitFor::Stream: target = tr("another stream"); break;
    case WaitFor::Collective: target = tr("a collective"); break;
    }
    return tr("%1 (%2)").arg(target, QString::fromStdString(d.waitName));
}

QString BubbleTableModel::hostToolTip(const BubbleDetail& d) const {
    if (d.hostWork.empty()) return tr("No host work overlaps this bubble");
    QStringList lines;
    for (const HostWorkOverlap& o : d.hostWork)
        lines << tr("%1 [%2] %3 on %4")
                     .arg(QString::fromStdString(o.name), hostWorkClassLabel(o.workClass), formatDuration(o.overlapNs),
                          QString::fromStdString(o.trackLabel));
    return lines.join(QLatin1Char('\n'));
}

QVariant BubbleTableModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const std::size_t row = static_cast<std::size_t>(index.row());
    const BubbleDetail& d = bubbles_[row];
    if (role == BubbleIndexRole) return index.row();
    if (role == SortRole) {
        switch (index.column()) {
        case StartColumn: return static_cast<qlonglong>(d.bubble.startNs - originNs_);
        case DurationColumn: return static_cast<qlonglong>(d.bubble.durNs);
        case HostColumn: return static_cast<qlonglong>(d.hostBusyNs);
        default: break; // text columns sort by their text
        }
    }
    if (role == kCsvRole || role == Qt::DisplayRole || role == SortRole) {
        switch (index.column()) {
        case StartColumn: return durationCellData(static_cast<double>(d.bubble.startNs - originNs_), role == kCsvRole ? kCsvRole : Qt::DisplayRole);
        case DurationColumn: return durationCellData(static_cast<double>(d.bubble.durNs), role == kCsvRole ? kCsvRole : Qt::DisplayRole);
        default: if (role == kCsvRole) return {};
        }
        switch (index.column()) {
        case WhereColumn: return labels_[static_cast<qsizetype>(row)];
        case BeforeColumn: return QString::fromStdString(d.opBefore);
        case AfterColumn: return QString::fromStdString(d.opAfter);
        case HostColumn: return hostText(d);
        case CauseColumn: return bubbleCauseLabel(d.bubble.cause);
        case WaitColumn: return waitText(d);
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole)
        return static_cast<int>((index.column() <= DurationColumn ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case DurationColumn: return formatDurationExact(d.bubble.durNs);
        case BeforeColumn: return QString::fromStdString(d.opBefore);
        case AfterColumn: return QString::fromStdString(d.opAfter);
        case HostColumn: return hostToolTip(d);
        case CauseColumn:
            if (d.bubble.cause == BubbleCause::ProfilerStart)
                return tr("Between the profiler's start marker (PROFILING_ENABLE) and the first work: the profiling "
                          "window, not the workload");
            if (d.bubble.cause == BubbleCause::ProfilerStop)
                return tr("Between the last work and the profiler's stop marker (PROFILING_DISABLE): the profiling "
                          "window, not the workload");
            return {};
        case WaitColumn:
            return d.bubble.waitFor == WaitFor::Nothing ? tr("No wait task in this gap")
                                            : tr("%1 of the gap covered by wait tasks").arg(formatDuration(d.bubble.waitNs));
        default: return {};
        }
    }
    if (role == Qt::DecorationRole && index.column() == CauseColumn) return bubbleCauseColour(d.bubble.cause);
    return {};
}

QVariant BubbleTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (section == StartColumn) return durationHeaderData(tr("Start"), role);
    if (section == DurationColumn) return durationHeaderData(tr("Duration"), role);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case WhereColumn: return tr("Track / device");
    case BeforeColumn: return tr("Operator before");
    case AfterColumn: return tr("Operator after");
    case HostColumn: return tr("Host work overlapping");
    case CauseColumn: return tr("Likely cause");
    case WaitColumn: return tr("Waits for");
    default: return {};
    }
}

} // namespace opscope
