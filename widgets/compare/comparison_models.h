// The comparison's tables: per-operator differences (count, total, mean of both traces with deltas and
// ratios; µs, units in the headers so CSV exports carry them) and the summary of totals, devices and
// findings. Regressed rows are red, improvements green; SortRole gives raw numbers for the sort proxy.
#pragma once
#include "core/analysis/compare/comparison.h"

#include <QAbstractTableModel>

#include <optional>

namespace opscope {

class OperatorDiffModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        StatusColumn,
        BaseCountColumn,
        NewCountColumn,
        BaseTotalColumn,
        NewTotalColumn,
        DeltaTotalColumn,
        TotalRatioColumn,
        BaseMeanColumn,
        NewMeanColumn,
        MeanRatioColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, RegressedRole };

    explicit OperatorDiffModel(QObject* parent = nullptr);
    void resetData(std::vector<OperatorDiff> rows);
    const OperatorDiff& diff(int row) const { return rows_[static_cast<std::size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    // The duration a column holds in ns, nullopt for columns that hold no duration.
    static std::optional<double> durationNsAt(const OperatorDiff& d, int column);
    QVariant display(const OperatorDiff& d, int column) const;
    QVariant sortValue(const OperatorDiff& d, int column) const;
    std::vector<OperatorDiff> rows_;
};

// One row per total, device and finding: what, base, new, change, status. Times are shown in the one
// format for people ("399ms 922µs 80ns"), shares as "12.5%"; the CSV (kCsvRole) keeps plain numbers with the
// unit in the row's name ("Device busy time (µs)", 399922.080), as the row's values have different units.
class ComparisonSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SectionColumn, NameColumn, BaseColumn, NewColumn, ChangeColumn, StatusColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, RegressedRole };

    explicit ComparisonSummaryModel(QObject* parent = nullptr);
    void resetData(const ComparisonResult& result);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString section, name, base, current, change, status;
        double baseValue = 0, newValue = 0, changeValue = 0;
        bool regressed = false, improved = false;
        QString csvSection, csvName, csvBase, csvNew; // empty: as shown
    };
    QVariant csvValue(const Row& r, int column) const;
    std::vector<Row> rows_;
};

// A regression as one translated sentence ("Operator “MatMul” total time 1.2 ms → 1.4 ms (+16.7%)").
QString regressionSentence(const Regression& regression);
// "+16.7%" (or "new") for a growth from base to current.
QString growthText(double base, double current);

} // namespace opscope
