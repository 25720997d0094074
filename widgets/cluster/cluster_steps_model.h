// The cluster summary's rank × step rows as a table: rank, step, compute, communication not
// overlapped, free, stage (ms), and whether a rule names the rank slow.
#pragma once
#include "core/analysis/cluster/cluster_summary.h"

#include <QAbstractTableModel>

namespace opscope {

class ClusterStepsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, StepColumn, ComputeColumn, CommColumn, FreeColumn, StageColumn, SlowColumn, ColumnCount };
    explicit ClusterStepsModel(QObject* parent = nullptr);
    void resetData(ClusterSummary summary);
    const ClusterSummary& summary() const { return summary_; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QString slowRules(int rank) const;
    ClusterSummary summary_;
};

} // namespace opscope
