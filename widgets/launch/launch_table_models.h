// The Launch view's two tables: one row per launch (runtime call, kernel, stream, CPU and GPU
// durations, launch delay, HTA's outlier flags, the cells that flagged it tinted) and the per-kernel summary beside
// it. Durations in µs with the unit in the header; SortRole gives raw numbers for sorting.
#pragma once
#include "core/analysis/launch/launch_stats.h"

#include <QAbstractTableModel>

#include <memory>
#include <vector>

namespace opscope {

class LaunchTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KernelColumn, CallColumn, DeviceColumn, StreamColumn, CorrelationColumn, CpuColumn, GpuColumn,
                  DelayColumn, OutliersColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, SliceIdRole };

    explicit LaunchTableModel(QObject* parent = nullptr);
    // The rows of one report with the launch data they point into (its kernel summary is not read).
    void resetData(LaunchStatsReport report);
    const LaunchRow& row(int r) const { return report_.launches[static_cast<std::size_t>(r)]; }
    const LaunchStatsReport& report() const { return report_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    LaunchStatsReport report_;
};

class KernelLaunchModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { KernelColumn, CountColumn, GpuTotalColumn, CpuTotalColumn, DelayTotalColumn, DelayMaxColumn,
                  ShortColumn, LongRuntimeColumn, LongDelayColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit KernelLaunchModel(QObject* parent = nullptr);
    void resetData(std::vector<KernelLaunchSummary> rows);
    const KernelLaunchSummary& row(int r) const { return rows_[static_cast<std::size_t>(r)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<KernelLaunchSummary> rows_;
};

// Translated outlier names joined by ", " ("" when none).
QString launchOutlierLabels(std::uint8_t outliers);

} // namespace opscope
