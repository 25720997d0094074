#include "widgets/cluster/cluster_steps_model.h"

#include "widgets/common/duration_cell.h"

namespace opscope {

ClusterStepsModel::ClusterStepsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ClusterStepsModel::resetData(ClusterSummary summary) {
    beginResetModel();
    summary_ = std::move(summary);
    endResetModel();
}

int ClusterStepsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(summary_.figures.size());
}

int ClusterStepsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString ClusterStepsModel::slowRules(int rank) const {
    QStringList rules;
    for (const SlowRank& r : summary_.slowRanks)
        if (r.rank == rank && !rules.contains(QString::fromStdString(r.rule))) rules << QString::fromStdString(r.rule);
    return rules.join(QStringLiteral(", "));
}

QVariant ClusterStepsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const RankStepFigures& f = summary_.figures[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole && index.column() >= ComputeColumn && index.column() <= StageColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    const bool sortRole = role == Qt::UserRole;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != kCsvRole && !sortRole) return {};
    if ((role == Qt::ToolTipRole || role == kCsvRole) && (index.column() < ComputeColumn || index.column() > StageColumn))
        return {};
    auto time = [&](TimeNs ns) -> QVariant { return sortRole ? QVariant::fromValue<qlonglong>(ns) : durationCellData(ns, role); };
    switch (index.column()) {
    case RankColumn: return f.rank;
    case StepColumn: return f.step.empty() ? QStringLiteral("-") : QString::fromStdString(f.step);
    case ComputeColumn: return time(f.computeNs);
    case CommColumn: return time(f.communicationNotOverlappedNs);
    case FreeColumn: return time(f.freeNs);
    case StageColumn: return time(f.stageNs);
    case SlowColumn: return slowRules(f.rank);
    default: return {};
    }
}

QVariant ClusterStepsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == kCsvRole)
        return section >= ComputeColumn && section <= StageColumn ? durationHeaderData(headerData(section, orientation, Qt::DisplayRole).toString(), role)
                                                                  : QVariant();
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case RankColumn: return tr("Rank");
    case StepColumn: return tr("Step");
    case ComputeColumn: return tr("Compute");
    case CommColumn: return tr("Communication not overlapped");
    case FreeColumn: return tr("Free");
    case StageColumn: return tr("Stage");
    case SlowColumn: return tr("Slow by");
    default: return {};
    }
}

} // namespace opscope
