// The bubble summary table: per device (the union of its counted tracks) and per track, busy and idle
// shares of the first-to-last activity span, bubble count, total and largest bubble, main cause; beside
// them HTA's idle causes per stream (host wait, kernel wait, other) as `opscope-cli idle` gives them.
#pragma once
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/launch/idle_breakdown.h"

#include <map>
#include <optional>

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
        HostWaitColumn,
        KernelWaitColumn,
        OtherIdleColumn,
        ColumnCount
    };
    enum Role { SortRole = Qt::UserRole + 1, IsDeviceRole };

    explicit BubbleSummaryModel(QObject* parent = nullptr);

    // Devices first, each followed by its tracks.
    // idleByTrack: HTA's idle causes of each stream, keyed by the one track that shows them (the stream's
    // first track; its overflow lanes stay blank); device rows show the sum over their streams.
    void resetData(const BubbleReport& report, std::map<std::int64_t, StreamIdle> idleByTrack = {});
    // The idle causes a row shows, null when it shows none.
    const StreamIdle* idle(int row) const;
    const BubbleSummary& summary(int row) const { return rows_[static_cast<std::size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<BubbleSummary> rows_;
    std::vector<std::optional<StreamIdle>> idle_; // parallel to rows_
};

// The cause holding the most bubble time of a summary (Unknown when there are none).
BubbleCause mainCause(const BubbleSummary& summary);

} // namespace opscope
