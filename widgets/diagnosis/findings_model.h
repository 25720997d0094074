// The diagnosis findings table: one row per rule result with its severity (or "needs input" / "passed"),
// title, measured value against the threshold, and the device time at stake, in the engine's order
// (fired by time at stake, then missing input, then passed). SortRole gives raw numbers for a proxy.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"

#include <QAbstractTableModel>
#include <QColor>

namespace opscope {

// The text of a LocalizedText in the UI language (zh_CN when the locale is Chinese and it has one).
QString localized(const LocalizedText& text);
// "44.3%", "1.409", "57.3 points", "3.20 FLOP/byte" for a finding's value in its unit.
QString localizedFindingValue(double value, const std::string& unit); // core's digits, translated unit words
QString severityLabel(const Finding& finding);
QColor severityColour(const Finding& finding);

class FindingsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { SeverityColumn, TitleColumn, MeasuredColumn, ThresholdColumn, AtStakeColumn, ShareColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, StatusRole, FindingIndexRole };

    explicit FindingsModel(QObject* parent = nullptr);

    void resetData(std::vector<Finding> findings);
    const Finding& finding(int row) const { return findings_[static_cast<std::size_t>(row)]; }
    const std::vector<Finding>& findings() const { return findings_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant display(const Finding& f, int column) const;

    std::vector<Finding> findings_;
};

} // namespace opscope
