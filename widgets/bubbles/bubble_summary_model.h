// The bubble summary table: per device (the union of its counted tracks) and per track, busy and idle
// shares of the first-to-last activity span, bubble count, total and largest bubble, main cause.
#pragma once
#include "core/analysis/bubble_analysis.h"

#include <QAbstractTableModel>

#include <vector>

namespace opscope {

class BubbleSummaryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        WhereColumn,
        SpanColumn,
        BusyColumn,
        IdleColumn,
        CountColumn,
        TotalColumn,
        LargestColumn,
        CauseColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, IsDeviceRole };

    explicit BubbleSummaryModel(QObject* parent = nullptr);

    // Devices first, each followed by its tracks.
    void resetData(const BubbleReport& report);
    const BubbleSummary& summary(int row) const { return rows_[static_cast<std::size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<BubbleSummary> rows_;
};

// The cause holding the most bubble time of a summary (Unknown when there are none).
BubbleCause mainCause(const BubbleSummary& summary);

} // namespace opscope
