// Two traces one above the other on a common relative time axis: the new trace is loaded shifted so
// that both start at the base trace's start, and one ZoomControl drives both views, so the same offset
// from each trace's start lines up vertically.
#pragma once
#include "core/store/timeline_data.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace opscope {

class TimelineView;
class ZoomControl;

class AlignedTimelines : public QWidget {
    Q_OBJECT
public:
    explicit AlignedTimelines(QWidget* parent = nullptr);

    // The shift (TimelineLoadOptions::globalShiftNs) that puts `current` at base's start.
    static TimeNs alignmentShiftNs(TimeRange base, TimeRange current) { return base.startNs - current.startNs; }

    // current must already be shifted by alignmentShiftNs(); the zoom spans both traces.
    void setData(std::shared_ptr<const TimelineData> base, std::shared_ptr<const TimelineData> current,
                 const QString& baseLabel, const QString& newLabel);

    ZoomControl* zoom() const { return zoom_; }
    TimelineView* baseView() const { return base_; }
    TimelineView* newView() const { return new_; }

private:
    ZoomControl* zoom_;
    TimelineView* base_;
    TimelineView* new_;
    QLabel* baseLabel_;
    QLabel* newLabel_;
};

} // namespace opscope
