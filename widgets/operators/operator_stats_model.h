// The operator statistics table: one row per operator name or type (Ascend: and Core Type, or type and
// input shapes) with count, total, self, average, min, max, p50/p90/p99 (µs, units in the headers so CSV
// exports carry them), ratio (%) and step share (%), Core Type, and the mean of every numeric metric
// (identifiers never). SortRole gives raw numbers for the sort proxy.
#pragma once
#include "core/analysis/operators/operator_stats.h"

#include <QAbstractTableModel>

#include <optional>

namespace opscope {

class OperatorStatsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        KeyColumn,
        CountColumn,
        TotalColumn,
        SelfColumn,
        AverageColumn,
        MinColumn,
        MaxColumn,
        P50Column,
        P90Column,
        P99Column,
        ShareColumn,     // op_statistic.csv's Ratio, named "ratio (%)" as `stats` names it
        StepShareColumn, // total over the summed ProfilerStep time
        CoreTypeColumn,  // Ascend Core Type (empty elsewhere: the view hides it)
        FixedColumnCount // then "CPU time" when the trace has thread time, then one column per metric
    };
    enum Role { SortRole = Qt::UserRole + 1, KeyRole }; // KeyRole: operatorRowId (key and Core Type)

    explicit OperatorStatsModel(QObject* parent = nullptr);

    // Takes a finished snapshot in one reset; rows without executions are left out.
    void resetData(OperatorStats stats);
    const OperatorStats& stats() const { return stats_; }
    const OperatorStatsRow& row(int r) const { return stats_.rows[static_cast<std::size_t>(r)]; }
    int rowOfKey(const std::string& rowId) const; // by operatorRowId (the key alone without a Core Type); -1 when absent
    bool hasCoreTypes() const; // some row has a Core Type

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // First metric column: after the CPU time column when there is one.
    int metricColumnBase() const { return FixedColumnCount + (stats_.hasCpuTime ? 1 : 0); }
    bool isCpuColumn(int column) const { return stats_.hasCpuTime && column == FixedColumnCount; }

private:
    // The duration a column holds in ns (NaN when the row has none), nullopt for other columns.
    std::optional<double> durationNsAt(const OperatorStatsRow& r, int column) const;
    QVariant displayValue(const OperatorStatsRow& r, int column) const;
    QVariant sortValue(const OperatorStatsRow& r, int column) const;

    OperatorStats stats_;
};

// "12.345" µs with three decimals (ns resolution) for tables whose header names the unit.
QString microsecondsText(double ns);

} // namespace opscope
