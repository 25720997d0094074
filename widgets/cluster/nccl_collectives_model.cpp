#include "widgets/cluster/nccl_collectives_model.h"

#include "core/model/time_format.h"

namespace opscope {

NcclCollectivesModel::NcclCollectivesModel(QObject* parent) : QAbstractTableModel(parent) {}

void NcclCollectivesModel::resetData(std::vector<NcclCollective> collectives) {
    beginResetModel();
    collectives_ = std::move(collectives);
    endResetModel();
}

int NcclCollectivesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(collectives_.size());
}

int NcclCollectivesModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant NcclCollectivesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const NcclCollective& c = collectives_[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && (index.column() == RankColumn || index.column() >= SizeColumn))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) return tr("Click to show this kernel on the timeline");
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case RankColumn: return c.rank;
    case CollectiveColumn: return QString::fromStdString(c.args.collective);
    case GroupColumn: return QString::fromStdString(c.args.group);
    case DtypeColumn: return QString::fromStdString(c.args.dtype);
    case SizeColumn: return QString::number(static_cast<double>(c.bytes) / 1e6, 'f', 3);
    case TimeColumn: return QString::fromStdString(microsText(c.durNs));
    case AlgorithmColumn: return QString::number(c.algorithmGBps, 'f', 2);
    case BusColumn: return QString::number(c.busGBps, 'f', 2);
    default: return {};
    }
}

QVariant NcclCollectivesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case RankColumn: return tr("Rank");
    case CollectiveColumn: return tr("Collective");
    case GroupColumn: return tr("Process group");
    case DtypeColumn: return tr("Data type");
    case SizeColumn: return tr("Size (MB)");
    case TimeColumn: return tr("Time (us)");
    case AlgorithmColumn: return tr("Algorithm bandwidth (GB/s)");
    case BusColumn: return tr("Bus bandwidth (GB/s)");
    default: return {};
    }
}

} // namespace opscope
