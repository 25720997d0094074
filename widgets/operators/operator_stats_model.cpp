#include "widgets/operators/operator_stats_model.h"

#include "core/analysis/snapshot/metric_access.h"
#include "widgets/common/duration_cell.h"
#include "widgets/common/time_format.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope {

QString microsecondsText(double ns) { return QString::number(ns / 1000.0, 'f', 3); }

OperatorStatsModel::OperatorStatsModel(QObject* parent) : QAbstractTableModel(parent) {}

namespace {

// Identifiers (Step Id, Task ID, Stream ID, Model ID...) are labels: their mean is no figure, so the table
// never shows one (issue #21), by the rule operator statistics use (isIdentifierMetric); Details still
// lists each execution's ids.
void dropIdentifiers(OperatorStats* stats) {
    std::vector<std::size_t> kept;
    for (std::size_t i = 0; i < stats->metrics.size(); ++i)
        if (!isIdentifierMetric(stats->metrics[i].name)) kept.push_back(i);
    if (kept.size() == stats->metrics.size()) return;
    std::vector<MetricColumn> metrics;
    for (std::size_t i : kept) metrics.push_back(stats->metrics[i]);
    stats->metrics = std::move(metrics);
    for (OperatorStatsRow& row : stats->rows) {
        std::vector<double> means;
        for (std::size_t i : kept) means.push_back(i < row.metricMeans.size() ? row.metricMeans[i] : std::nan(""));
        row.metricMeans = std::move(means);
    }
}

} // namespace

void OperatorStatsModel::resetData(OperatorStats stats) {
    beginResetModel();
    stats_ = std::move(stats);
    dropIdentifiers(&stats_);
    stats_.rows.erase(std::remove_if(stats_.rows.begin(), stats_.rows.end(),
                                     [](const OperatorStatsRow& r) { return r.count == 0; }),
                      stats_.rows.end());
    endResetModel();
}

int OperatorStatsModel::rowOfKey(const std::string& rowId) const {
    for (std::size_t r = 0; r < stats_.rows.size(); ++r)
        if (operatorRowId(stats_.rows[r].key, stats_.rows[r].coreType) == rowId) return static_cast<int>(r);
    return -1;
}

bool OperatorStatsModel::hasCoreTypes() const {
    return std::any_of(stats_.rows.begin(), stats_.rows.end(), [](const OperatorStatsRow& r) { return !r.coreType.empty(); });
}

int OperatorStatsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(stats_.rows.size());
}

int OperatorStatsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : metricColumnBase() + static_cast<int>(stats_.metrics.size());
}

namespace {

double metricAt(const OperatorStatsRow& r, int column, int base) {
    const std::size_t m = static_cast<std::size_t>(column - base);
    return m < r.metricMeans.size() ? r.metricMeans[m] : std::nan("");
}

// Ratios and small means need more digits than large counters.
QString metricText(double v) {
    if (std::isnan(v)) return {};
    const double a = std::abs(v);
    if (a != 0 && a < 1) return QString::number(v, 'f', 4);
    if (a < 1000) return QString::number(v, 'f', 3);
    return QString::number(v, 'f', 1);
}

} // namespace

std::optional<double> OperatorStatsModel::durationNsAt(const OperatorStatsRow& r, int column) const {
    switch (column) {
    case TotalColumn: return static_cast<double>(r.totalNs);
    case SelfColumn: return static_cast<double>(r.selfNs);
    case AverageColumn: return r.avgNs;
    case MinColumn: return static_cast<double>(r.minNs);
    case MaxColumn: return static_cast<double>(r.maxNs);
    case P50Column: return static_cast<double>(r.p50Ns);
    case P90Column: return static_cast<double>(r.p90Ns);
    case P99Column: return static_cast<double>(r.p99Ns);
    default:
        if (isCpuColumn(column)) return r.cpuCount > 0 ? static_cast<double>(r.cpuNs) : std::nan("");
        return std::nullopt;
    }
}

QVariant OperatorStatsModel::displayValue(const OperatorStatsRow& r, int column) const {
    if (const std::optional<double> ns = durationNsAt(r, column)) return durationCellData(*ns, Qt::DisplayRole);
    switch (column) {
    case KeyColumn: return QString::fromStdString(r.key);
    case CountColumn: return QString::number(r.count);
    case ShareColumn: return QString::number(r.busyShare * 100.0, 'f', 3);
    case StepShareColumn: return std::isnan(r.stepShare) ? QString() : QString::number(r.stepShare * 100.0, 'f', 3);
    case CoreTypeColumn: return QString::fromStdString(r.coreType);
    default: return metricText(metricAt(r, column, metricColumnBase()));
    }
}

QVariant OperatorStatsModel::sortValue(const OperatorStatsRow& r, int column) const {
    switch (column) {
    case KeyColumn: return QString::fromStdString(r.key);
    case CountColumn: return static_cast<qlonglong>(r.count);
    case TotalColumn: return static_cast<qlonglong>(r.totalNs);
    case SelfColumn: return static_cast<qlonglong>(r.selfNs);
    case AverageColumn: return r.avgNs;
    case MinColumn: return static_cast<qlonglong>(r.minNs);
    case MaxColumn: return static_cast<qlonglong>(r.maxNs);
    case P50Column: return static_cast<qlonglong>(r.p50Ns);
    case P90Column: return static_cast<qlonglong>(r.p90Ns);
    case P99Column: return static_cast<qlonglong>(r.p99Ns);
    case ShareColumn: return r.busyShare;
    case StepShareColumn: return std::isnan(r.stepShare) ? -1.0 : r.stepShare;
    case CoreTypeColumn: return QString::fromStdString(r.coreType);
    default: {
        if (isCpuColumn(column)) return static_cast<qlonglong>(r.cpuCount > 0 ? r.cpuNs : -1);
        // Operators without the metric sort as the lowest value, so they gather at one end.
        const double v = metricAt(r, column, metricColumnBase());
        return std::isnan(v) ? -std::numeric_limits<double>::infinity() : v;
    }
    }
}

QVariant OperatorStatsModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) return {};
    const OperatorStatsRow& r = stats_.rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return displayValue(r, index.column());
    case kCsvRole: {
        const std::optional<double> ns = durationNsAt(r, index.column());
        return ns ? durationCellData(*ns, kCsvRole) : QVariant();
    }
    case SortRole: return sortValue(r, index.column());
    case KeyRole: return QString::fromStdString(operatorRowId(r.key, r.coreType));
    case Qt::TextAlignmentRole:
        return static_cast<int>((index.column() == KeyColumn || index.column() == CoreTypeColumn ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == KeyColumn)
            return tr("%1\n%2 executions, %3 in total").arg(QString::fromStdString(r.key)).arg(r.count)
                .arg(formatDuration(r.totalNs));
        if (const std::optional<double> ns = durationNsAt(r, index.column())) return durationCellData(*ns, Qt::ToolTipRole);
        return {};
    default: return {};
    }
}

QVariant OperatorStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    if (isCpuColumn(section)) {
        if (role == Qt::DisplayRole || role == kCsvRole) return durationHeaderData(tr("CPU time"), role);
        if (role == Qt::ToolTipRole)
            return tr("Thread (CPU) time summed over the executions whose trace gives it (Chrome tts/tdur), "
                      "beside the wall time in Total");
        return {};
    }
    if (section >= metricColumnBase()) {
        const MetricColumn& m = stats_.metrics[static_cast<std::size_t>(section - metricColumnBase())];
        const QString name = QString::fromStdString(m.name);
        if (role == Qt::DisplayRole)
            return m.unit.empty() ? tr("%1 (mean)").arg(name) : tr("%1 (mean, %2)").arg(name, QString::fromStdString(m.unit));
        if (role == Qt::ToolTipRole)
            return m.group.empty() ? tr("Mean of %1 over the executions that report it").arg(name)
                                   : tr("Mean of %1 (%2) over the executions that report it").arg(name, QString::fromStdString(m.group));
        return {};
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case SelfColumn: return tr("Time not spent in nested slices");
        case P50Column:
        case P90Column:
        case P99Column: return tr("Nearest-rank percentile of the execution durations");
        case ShareColumn: return tr("Total time as a share of the summed time of all compute tasks (op_statistic.csv's Ratio); communication, memory and waits are listed apart");
        case StepShareColumn: return tr("Total time as a share of the summed duration of the ProfilerStep#N steps; empty when the trace has no step");
        case CoreTypeColumn: return tr("Ascend Core Type (kernel_details' Accelerator Core): AI_CORE, AI_VECTOR_CORE, AI_CPU, MIX_AIC, MIX_AIV");
        default: return {};
        }
    }
    if (role == kCsvRole) {
        const QVariant name = headerData(section, orientation, Qt::DisplayRole);
        return section >= TotalColumn && section <= P99Column ? durationHeaderData(name.toString(), kCsvRole) : QVariant();
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case KeyColumn: return stats_.groupBy == GroupBy::Type ? tr("Operator type") : tr("Operator");
    case CountColumn: return tr("Count");
    case TotalColumn: return tr("Total");
    case SelfColumn: return tr("Self");
    case AverageColumn: return tr("Average");
    case MinColumn: return tr("Min");
    case MaxColumn: return tr("Max");
    case P50Column: return tr("P50");
    case P90Column: return tr("P90");
    case P99Column: return tr("P99");
    case ShareColumn: return tr("Ratio (%)");
    case StepShareColumn: return tr("Step share (%)");
    case CoreTypeColumn: return tr("Core Type");
    default: return {};
    }
}

} // namespace opscope
