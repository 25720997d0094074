// The one zoom state every time view observes (after Qt Creator's TimelineZoomControl): the trace range
// contains the visible window, which may contain a selection; explicit zooms can be undone with zoomBack().
#pragma once
#include "core/model/time.h"

#include <QObject>
#include <QVector>

namespace opscope {

class ZoomControl : public QObject {
    Q_OBJECT
public:
    enum class History { Push, Skip }; // Push: the previous window can be restored with zoomBack()

    explicit ZoomControl(QObject* parent = nullptr);

    // Resets the window to the whole trace, clears selection and history.
    void setTraceRange(TimeRange range);
    TimeRange traceRange() const { return trace_; }
    TimeRange visibleRange() const { return visible_; }
    bool hasSelection() const { return hasSelection_; }
    TimeRange selection() const { return selection_; }

    // Smallest window a zoom may reach (views set it from their width: about 1 ns per few pixels).
    void setMinimumDurationNs(TimeNs durNs);
    TimeNs minimumDurationNs() const { return minDurNs_; }

    // Clamped into the trace; at least minimumDurationNs() long.
    void setVisibleRange(TimeRange range, History history = History::Skip);
    // factor < 1 zooms in; anchorNs keeps its place on screen.
    void zoomAround(TimeNs anchorNs, double factor);
    void pan(TimeNs deltaNs);
    void fitAll();
    void zoomToSelection();
    bool canZoomBack() const { return !history_.isEmpty(); }
    void zoomBack();

    void setSelection(TimeRange range);
    void clearSelection();

signals:
    void traceRangeChanged(qint64 startNs, qint64 endNs);
    void visibleRangeChanged(qint64 startNs, qint64 endNs);
    void selectionChanged(bool hasSelection, qint64 startNs, qint64 endNs);
    void historyChanged(bool canZoomBack);

private:
    TimeRange clamp(TimeRange range) const;

    TimeRange trace_{0, 1};
    TimeRange visible_{0, 1};
    TimeRange selection_{0, 0};
    bool hasSelection_ = false;
    TimeNs minDurNs_ = 100;
    QVector<TimeRange> history_;
};

} // namespace opscope
