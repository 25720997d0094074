#include "widgets/cluster/communication_ranks_model.h"

#include "widgets/common/duration_cell.h"

#include <QBrush>
#include <QColor>

namespace opscope {

CommunicationRanksModel::CommunicationRanksModel(QObject* parent) : QAbstractTableModel(parent) {}

void CommunicationRanksModel::resetData(CommunicationReport report) {
    beginResetModel();
    report_ = std::move(report);
    endResetModel();
}

int CommunicationRanksModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(report_.ranks.size());
}

int CommunicationRanksModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString CommunicationRanksModel::bandwidthText(int rank) const {
    QStringList parts;
    for (const RankLinkBandwidth& b : report_.bandwidth)
        if (b.rank == rank)
            parts << QStringLiteral("%1 %2").arg(QString::fromStdString(b.linkType)).arg(b.bandwidthGBps(), 0, 'f', 2);
    return parts.join(QStringLiteral(", "));
}

QVariant CommunicationRanksModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const RankCommFigures& r = report_.ranks[static_cast<std::size_t>(index.row())];
    const bool flagged = (index.column() == WaitRatioColumn && r.waitAboveGuidance) ||
                         (index.column() == SyncRatioColumn && r.synchronizationAboveGuidance);
    if (role == Qt::BackgroundRole && flagged) return QBrush(QColor(230, 120, 60, 110));
    if (role == Qt::ToolTipRole && flagged) return tr("Above the 0.2 guidance: a communication bottleneck is likely");
    if (role == Qt::TextAlignmentRole && index.column() > RankColumn && index.column() < BandwidthColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    const bool time = index.column() >= ElapseColumn && index.column() <= IdleColumn;
    if (role != Qt::DisplayRole && !(time && (role == Qt::ToolTipRole || role == kCsvRole))) return {};
    auto ms = [role](TimeNs ns) { return durationCellData(ns, role); };
    switch (index.column()) {
    case RankColumn: return r.rank;
    case OpsColumn: return static_cast<qlonglong>(r.ops);
    case ElapseColumn: return ms(r.elapseNs);
    case TransitColumn: return ms(r.transitNs);
    case WaitColumn: return ms(r.waitNs);
    case SyncColumn: return ms(r.synchronizationNs);
    case IdleColumn: return ms(r.idleNs);
    case WaitRatioColumn: return QString::number(r.waitRatio, 'f', 4);
    case SyncRatioColumn: return QString::number(r.synchronizationRatio, 'f', 4);
    case BandwidthColumn: return bandwidthText(r.rank);
    default: return {};
    }
}

QVariant CommunicationRanksModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == kCsvRole)
        return section >= ElapseColumn && section <= IdleColumn ? durationHeaderData(headerData(section, orientation, Qt::DisplayRole).toString(), role)
                                                                : QVariant();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case RankColumn: return tr("Rank");
    case OpsColumn: return tr("Operators");
    case ElapseColumn: return tr("Elapse");
    case TransitColumn: return tr("Transit");
    case WaitColumn: return tr("Wait");
    case SyncColumn: return tr("Synchronisation");
    case IdleColumn: return tr("Idle");
    case WaitRatioColumn: return tr("Wait ratio");
    case SyncRatioColumn: return tr("Synchronisation ratio");
    case BandwidthColumn: return tr("Bandwidth (GB/s)");
    default: return {};
    }
}

} // namespace opscope
