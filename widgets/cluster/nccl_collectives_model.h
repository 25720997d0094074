// The NCCL collectives of Kineto ranks as a table: rank, collective, process group, dtype, size, time,
// algorithm and bus bandwidth (nccl-tests' definitions, docs/cluster.md). A row's kernel is what a
// click selects on the timeline.
#pragma once
#include "core/analysis/communication/nccl_args.h"

#include <QAbstractTableModel>

#include <vector>

namespace opscope {

class NcclCollectivesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, CollectiveColumn, GroupColumn, DtypeColumn, SizeColumn, TimeColumn, AlgorithmColumn,
                  BusColumn, ColumnCount };
    explicit NcclCollectivesModel(QObject* parent = nullptr);
    void resetData(std::vector<NcclCollective> collectives);
    const std::vector<NcclCollective>& collectives() const { return collectives_; }
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::vector<NcclCollective> collectives_;
};

} // namespace opscope
