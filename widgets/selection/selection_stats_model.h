// The selection statistics table: one row per slice name in the selected region (count, total, self,
// average, min, max). Durations show formatted; SortRole gives the numbers for the sort proxy.
#pragma once
#include "core/analysis/selection/selection_stats.h"

#include <QAbstractTableModel>

namespace opscope {

class SelectionStatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, CountColumn, TotalColumn, SelfColumn, AverageColumn, MinColumn, MaxColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit SelectionStatsModel(QObject* parent = nullptr);

    // Takes a finished snapshot in one reset.
    void resetData(SelectionStats stats);
    const SelectionStats& stats() const { return stats_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    SelectionStats stats_;
};

} // namespace opscope
