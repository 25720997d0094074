#include "widgets/bubbles/bubble_summary_model.h"

#include "core/analysis/launch/checked_sum.h"
#include "widgets/common/duration_cell.h"
#include "widgets/common/time_format.h"
#include "widgets/bubbles/bubble_table_model.h"
#include "widgets/operators/operator_stats_model.h"

#include <QFont>

namespace opscope {

BubbleCause mainCause(const BubbleSummary& summary) {
    std::size_t best = static_cast<std::size_t>(BubbleCause::Unknown);
    for (std::size_t c = 0; c < kBubbleCauseCount; ++c)
        if (summary.causeNs[c] > summary.causeNs[best]) best = c;
    return static_cast<BubbleCause>(best);
}

BubbleSummaryModel::BubbleSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void BubbleSummaryModel::resetData(const BubbleReport& report, std::map<std::int64_t, StreamIdle> idleByTrack) {
    beginResetModel();
    rows_.clear();
    idle_.clear();
    for (const BubbleSummary& device : report.devices) {
        rows_.push_back(device);
        idle_.emplace_back();
        const std::size_t deviceRow = idle_.size() - 1;
        for (const BubbleSummary& track : report.tracks) {
            if (track.deviceKey != device.deviceKey) continue;
            rows_.push_back(track);
            auto it = idleByTrack.find(track.trackId);
            idle_.push_back(it == idleByTrack.end() ? std::nullopt : std::optional<StreamIdle>(it->second));
            if (it == idleByTrack.end()) continue;
            std::optional<StreamIdle>& sum = idle_[deviceRow];
            if (!sum) sum = StreamIdle{};
            addChecked(sum->hostWaitNs, it->second.hostWaitNs); // pinned at the limit on overflow
            addChecked(sum->kernelWaitNs, it->second.kernelWaitNs);
            addChecked(sum->otherNs, it->second.otherNs);
        }
    }
    endResetModel();
}

const StreamIdle* BubbleSummaryModel::idle(int row) const {
    if (row < 0 || static_cast<std::size_t>(row) >= idle_.size() || !idle_[static_cast<std::size_t>(row)]) return nullptr;
    return &*idle_[static_cast<std::size_t>(row)];
}

int BubbleSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int BubbleSummaryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BubbleSummaryModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const BubbleSummary& s = rows_[static_cast<std::size_t>(index.row())];
    const bool device = s.trackId == 0;
    switch (role) {
    case IsDeviceRole: return device;
    case SortRole:
        switch (index.column()) {
        case SpanColumn: return static_cast<qlonglong>(s.spanEndNs - s.spanStartNs);
        case BusyColumn: return s.busyShare;
        case IdleColumn: return s.idleShare;
        case CountColumn: return static_cast<qlonglong>(s.bubbleCount);
        case TotalColumn: return static_cast<qlonglong>(s.bubbleTotalNs);
        case LargestColumn: return static_cast<qlonglong>(s.largestBubbleNs);
        case HostWaitColumn: return idle(index.row()) ? QVariant::fromValue<qlonglong>(idle(index.row())->hostWaitNs) : QVariant();
        case KernelWaitColumn: return idle(index.row()) ? QVariant::fromValue<qlonglong>(idle(index.row())->kernelWaitNs) : QVariant();
        case OtherIdleColumn: return idle(index.row()) ? QVariant::fromValue<qlonglong>(idle(index.row())->otherNs) : QVariant();
        default: break;
        }
        [[fallthrough]];
    case kCsvRole:
        if (role == kCsvRole) {
            switch (index.column()) {
            case SpanColumn: return durationCellData(static_cast<double>(s.spanEndNs - s.spanStartNs), kCsvRole);
            case TotalColumn: return durationCellData(static_cast<double>(s.bubbleTotalNs), kCsvRole);
            case LargestColumn: return durationCellData(static_cast<double>(s.largestBubbleNs), kCsvRole);
            case HostWaitColumn:
                return idle(index.row()) ? durationCellData(static_cast<double>(idle(index.row())->hostWaitNs), kCsvRole) : QVariant();
            case KernelWaitColumn:
                return idle(index.row()) ? durationCellData(static_cast<double>(idle(index.row())->kernelWaitNs), kCsvRole) : QVariant();
            case OtherIdleColumn:
                return idle(index.row()) ? durationCellData(static_cast<double>(idle(index.row())->otherNs), kCsvRole) : QVariant();
            default: return {};
            }
        }
        [[fallthrough]];
    case Qt::DisplayRole:
        switch (index.column()) {
        case WhereColumn:
            return device ? tr("%1 (all counted tracks)").arg(QString::fromStdString(s.label))
                          : QString::fromStdString(s.label);
        case SpanColumn: return formatDuration(s.spanEndNs - s.spanStartNs);
        case BusyColumn: return QString::number(s.busyShare * 100.0, 'f', 2);
        case IdleColumn: return QString::number(s.idleShare * 100.0, 'f', 2);
        case CountColumn: return QString::number(s.bubbleCount);
        case TotalColumn: return formatDuration(s.bubbleTotalNs);
        case LargestColumn: return formatDuration(s.largestBubbleNs);
        case CauseColumn: return s.bubbleCount > 0 ? bubbleCauseLabel(mainCause(s)) : QString();
        case HostWaitColumn: return idle(index.row()) ? formatDuration(idle(index.row())->hostWaitNs) : QString();
        case KernelWaitColumn: return idle(index.row()) ? formatDuration(idle(index.row())->kernelWaitNs) : QString();
        case OtherIdleColumn: return idle(index.row()) ? formatDuration(idle(index.row())->otherNs) : QString();
        default: return {};
        }
    case Qt::TextAlignmentRole:
        return static_cast<int>((index.column() == WhereColumn || index.column() == CauseColumn ? Qt::AlignLeft : Qt::AlignRight) |
                                Qt::AlignVCenter);
    case Qt::FontRole:
        if (device) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    case Qt::DecorationRole:
        if (index.column() == CauseColumn && s.bubbleCount > 0) return bubbleCauseColour(mainCause(s));
        return {};
    default: return {};
    }
}

QVariant BubbleSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::ToolTipRole && section == SpanColumn) return tr("From the first to the last activity");
    if (role == Qt::ToolTipRole && section == CauseColumn) return tr("The cause holding the most bubble time");
    if (role == Qt::ToolTipRole && section >= HostWaitColumn)
        return tr("HTA's idle causes per stream over the whole trace, as opscope-cli idle gives them: host wait (the next "
                  "kernel's launch started after the previous kernel ended), kernel wait (a gap under 30 µs), other. "
                  "Unlike HTA, opscope keeps exact ns (HTA rounds to µs) and the last ProfilerStep (HTA drops it).");
    if (role == Qt::ToolTipRole && section == BusyColumn)
        return tr("Device busy: compute ∪ communication ∪ memory, united over the tracks. A wait is a gap, not busy "
                  "(HTA has no wait class and counts Stream Wait Event / Stream Sync as busy)");
    if (section == SpanColumn) return durationHeaderData(tr("Active span"), role);
    if (section == TotalColumn) return durationHeaderData(tr("Bubble total"), role);
    if (section == LargestColumn) return durationHeaderData(tr("Largest"), role);
    if (section == HostWaitColumn) return durationHeaderData(tr("Host wait"), role);
    if (section == KernelWaitColumn) return durationHeaderData(tr("Kernel wait"), role);
    if (section == OtherIdleColumn) return durationHeaderData(tr("Other idle"), role);
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case WhereColumn: return tr("Device / track");
    case BusyColumn: return tr("Device busy (%)"); // one label for one meaning in every view
    case IdleColumn: return tr("Idle (%)");
    case CountColumn: return tr("Bubbles");
    case CauseColumn: return tr("Main cause");
    default: return {};
    }
}

} // namespace opscope
