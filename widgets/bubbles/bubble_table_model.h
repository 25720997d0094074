// The bubble list: one row per bubble (the largest ones, or those of a histogram bin) with its start,
// duration, track, the operators just before and after, the host work overlapping it and its likely
// cause. Times in µs with the unit in the header (CSV exports carry it); SortRole gives raw numbers.
#pragma once
#include "core/analysis/bubbles/bubble_analysis.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QStringList>

#include <vector>

namespace opscope {

// Translated name and a fixed colour per likely cause (shared by the table, histogram and legend).
QString bubbleCauseLabel(BubbleCause cause);
QColor bubbleCauseColour(BubbleCause cause);
QString hostWorkClassLabel(HostWorkClass workClass);

class BubbleTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { StartColumn, DurationColumn, WhereColumn, BeforeColumn, AfterColumn, HostColumn, CauseColumn, WaitColumn, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, BubbleIndexRole };

    explicit BubbleTableModel(QObject* parent = nullptr);

    // labels: the track or device of each bubble (parallel to bubbles); originNs: the trace start.
    void resetData(std::vector<BubbleDetail> bubbles, QStringList labels, TimeNs originNs);
    const BubbleDetail& bubble(int row) const { return bubbles_[static_cast<std::size_t>(row)]; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    // "an event (EVENT_WAIT)": what the gap waits for, from the wait task inside it; empty without one.
    static QString waitText(const BubbleDetail& d);

private:
    QString hostText(const BubbleDetail& d) const;
    QString hostToolTip(const BubbleDetail& d) const;

    std::vector<BubbleDetail> bubbles_;
    QStringList labels_;
    TimeNs originNs_ = 0;
};

} // namespace opscope
