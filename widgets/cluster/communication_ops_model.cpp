#include "widgets/cluster/communication_ops_model.h"

#include "widgets/common/duration_cell.h"

namespace opscope {

CommunicationOpsModel::CommunicationOpsModel(QObject* parent) : QAbstractTableModel(parent) {}

void CommunicationOpsModel::resetData(std::vector<CommOpRank> ops) {
    beginResetModel();
    ops_ = std::move(ops);
    endResetModel();
}

int CommunicationOpsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(ops_.size());
}

int CommunicationOpsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CommunicationOpsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const CommOpRank& o = ops_[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= RankColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) return tr("Click to show this operator on the timeline");
    const bool time = index.column() >= ElapseColumn && index.column() <= SyncColumn;
    if (role != Qt::DisplayRole && !(time && role == kCsvRole)) return {};
    auto ms = [role](TimeNs ns) { return durationCellData(ns, role); };
    switch (index.column()) {
    case OpColumn: return QString::fromStdString(o.opName);
    case GroupColumn: return QString::fromStdString(o.group);
    case StepColumn: return QString::fromStdString(o.step);
    case RankColumn: return o.rank;
    case ElapseColumn: return ms(o.elapseNs);
    case TransitColumn: return ms(o.transitNs);
    case WaitColumn: return ms(o.waitNs);
    case SyncColumn: return ms(o.synchronizationNs);
    default: return {};
    }
}

QVariant CommunicationOpsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == kCsvRole)
        return section >= ElapseColumn && section <= SyncColumn ? durationHeaderData(headerData(section, orientation, Qt::DisplayRole).toString(), role)
                                                                : QVariant();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case OpColumn: return tr("Operator");
    case GroupColumn: return tr("Group");
    case StepColumn: return tr("Step");
    case RankColumn: return tr("Rank");
    case ElapseColumn: return tr("Elapse");
    case TransitColumn: return tr("Transit");
    case WaitColumn: return tr("Wait");
    case SyncColumn: return tr("Synchronisation");
    default: return {};
    }
}

} // namespace opscope
