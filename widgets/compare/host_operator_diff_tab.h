// The Compare window's host-operator tab (HTA's trace diff, host side): per cpu_op name the count and
// total duration on each side and whether it was added, deleted, increased or decreased (by count).
// A page of its own, hooked into the Compare window by one call, so the window's layout can change around it.
#pragma once
#include "core/analysis/launch/host_operator_diff.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <vector>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace opscope {

class HostOperatorDiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { NameColumn, ChangeColumn, BaseCountColumn, NewCountColumn, BaseTotalColumn, NewTotalColumn,
                  DiffColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit HostOperatorDiffModel(QObject* parent = nullptr);
    void resetData(std::vector<HostOperatorDiff> rows);
    const HostOperatorDiff& row(int r) const { return rows_[static_cast<std::size_t>(r)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<HostOperatorDiff> rows_;
};

class HostOperatorDiffTab : public QWidget {
    Q_OBJECT
public:
    explicit HostOperatorDiffTab(QWidget* parent = nullptr);
    void setDiff(std::vector<HostOperatorDiff> rows);
    HostOperatorDiffModel* model() const { return model_; }
    QTableView* table() const { return table_; }
    QLabel* summaryLabel() const { return summary_; }

private:
    HostOperatorDiffModel* model_;
    QSortFilterProxyModel* proxy_;
    QTableView* table_;
    QLabel* summary_;
};

} // namespace opscope
