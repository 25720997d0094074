// The communication operators per rank as a table (one row per operator and rank): name, group,
// step, rank, elapse, transit, wait and synchronisation (ms). A row is what a click takes to the timeline.
#pragma once
#include "core/model/cluster.h"

#include <QAbstractTableModel>

#include <vector>

namespace opscope {

class CommunicationOpsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OpColumn, GroupColumn, StepColumn, RankColumn, ElapseColumn, TransitColumn, WaitColumn, SyncColumn,
                  ColumnCount };
    explicit CommunicationOpsModel(QObject* parent = nullptr);
    void resetData(std::vector<CommOpRank> ops);
    const std::vector<CommOpRank>& ops() const { return ops_; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<CommOpRank> ops_;
};

} // namespace opscope
