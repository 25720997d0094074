// The Memory view's tables: allocation blocks (alive in a range, largest, never released) and memory per
// operator. Display text with units; SortRole gives the raw numbers so that the proxies sort by value.
#pragma once
#include "core/analysis/memory/memory_operators.h"
#include "core/model/memory_data.h"

#include <QAbstractTableModel>

#include <vector>

namespace opscope {

// "1.50 MiB", "512 B", "2.07 GiB".
QString formatBytes(std::int64_t bytes);

class MemoryBlockModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OperatorColumn, SizeColumn, AllocColumn, ReleaseColumn, LifetimeColumn, ComponentColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit MemoryBlockModel(QObject* parent = nullptr);
    // originNs: times are shown from the trace start; trace: for the lifetime of unreleased blocks.
    void resetData(std::vector<MemoryBlock> blocks, TimeRange trace);
    const MemoryBlock& block(int row) const { return blocks_[static_cast<std::size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<MemoryBlock> blocks_;
    TimeRange trace_;
};

class MemoryOperatorModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { OperatorColumn, AllocationsColumn, TotalColumn, PeakColumn, UnreleasedColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit MemoryOperatorModel(QObject* parent = nullptr);
    void resetData(std::vector<OperatorMemory> rows);
    const OperatorMemory& row(int r) const { return rows_[static_cast<std::size_t>(r)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<OperatorMemory> rows_;
};

} // namespace opscope
