// One step's critical path on the timeline: the timeline zoomed to the step, the path's slices highlighted
// (CriticalPathHighlight: other names dimmed) and its breakdown beneath. What `opscope-cli screenshot --view critical-path
// [--step N]` draws; the GUI's View › Highlight Critical Path shows every step on the main timeline.
#pragma once
#include <QWidget>

#include <cstdint>

class QLabel;

namespace opscope {

class CriticalPathHighlight;
class TimelineView;
class TraceDocument;
class ZoomControl;

class CriticalPathView : public QWidget {
    Q_OBJECT
public:
    explicit CriticalPathView(ZoomControl* zoom, QWidget* parent = nullptr);

    // step: the ProfilerStep#N to show; -1: the first step whose path reaches the device (else the first step).
    void setDocument(TraceDocument* document, std::int64_t step = -1);
    Q_INVOKABLE bool waitForLoaded(int timeoutMs = 30000);

    std::int64_t shownStep() const;
    QLabel* summaryLabel() const { return summary_; }
    TimelineView* timeline() const { return timeline_; }
    CriticalPathHighlight* highlight() const { return highlight_; }

private:
    void showComputedStep();

    ZoomControl* zoom_;
    TimelineView* timeline_;
    QLabel* summary_;
    CriticalPathHighlight* highlight_;
    std::int64_t requestedStep_ = -1;
};

} // namespace opscope
