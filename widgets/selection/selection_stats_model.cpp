#include "widgets/selection/selection_stats_model.h"

#include "widgets/common/duration_cell.h"
#include "widgets/common/time_format.h"

#include <cmath>

namespace opscope {

SelectionStatsModel::SelectionStatsModel(QObject* parent) : QAbstractTableModel(parent) {}

void SelectionStatsModel::resetData(SelectionStats stats) {
    beginResetModel();
    stats_ = std::move(stats);
    endResetModel();
}

int SelectionStatsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(stats_.rows.size());
}

int SelectionStatsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SelectionStatsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const SliceNameStats& r = stats_.rows[static_cast<std::size_t>(index.row())];
    const TimeNs avgNs = static_cast<TimeNs>(std::llround(r.avgNs()));
    if (role == SortRole) {
        switch (index.column()) {
        case NameColumn: return QString::fromStdString(r.name);
        case CountColumn: return static_cast<qlonglong>(r.count);
        case TotalColumn: return static_cast<qlonglong>(r.totalNs);
        case SelfColumn: return static_cast<qlonglong>(r.selfNs);
        case AverageColumn: return r.avgNs();
        case MinColumn: return static_cast<qlonglong>(r.minNs);
        case MaxColumn: return static_cast<qlonglong>(r.maxNs);
        default: return {};
        }
    }
    if (role == kCsvRole) {
        switch (index.column()) {
        case TotalColumn: return durationCellData(static_cast<double>(r.totalNs), kCsvRole);
        case SelfColumn: return durationCellData(static_cast<double>(r.selfNs), kCsvRole);
        case AverageColumn: return durationCellData(static_cast<double>(avgNs), kCsvRole);
        case MinColumn: return durationCellData(static_cast<double>(r.minNs), kCsvRole);
        case MaxColumn: return durationCellData(static_cast<double>(r.maxNs), kCsvRole);
        default: return {};
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn: return QString::fromStdString(r.name);
        case CountColumn: return QString::number(r.count);
        case TotalColumn: return formatDuration(r.totalNs);
        case SelfColumn: return formatDuration(r.selfNs);
        case AverageColumn: return formatDuration(avgNs);
        case MinColumn: return formatDuration(r.minNs);
        case MaxColumn: return formatDuration(r.maxNs);
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != NameColumn)
        return static_cast<int>(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == NameColumn) return QString::fromStdString(r.name);
    return {};
}

QVariant SelectionStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == kCsvRole) {
        if (section < TotalColumn || section > MaxColumn) return {};
        return durationHeaderData(headerData(section, orientation, Qt::DisplayRole).toString(), kCsvRole);
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case CountColumn: return tr("Count");
    case TotalColumn: return tr("Total");
    case SelfColumn: return tr("Self");
    case AverageColumn: return tr("Average");
    case MinColumn: return tr("Min");
    case MaxColumn: return tr("Max");
    default: return {};
    }
}

} // namespace opscope
