// One painted 1400x700 frame of a TimelineView over a timeline and a visible window: what the tests that
// compare two ways of loading the same timeline compare, pixel for pixel.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QImage>
#include <QPainter>

#include <memory>

namespace opscope::testing {

// The view shown offscreen at this size, as the frame tests paint it.
inline void showOffscreen(TimelineView& view, QSize size = QSize(1400, 700)) {
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(size);
    view.show();
}

// One frame of the view as it stands (its draw list rebuilt only if something invalidated it).
inline QImage renderFrame(TimelineView& view) {
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    view.render(&painter);
    return image;
}

// window empty: the whole trace, as the view opens.
inline QImage timelineFrame(std::shared_ptr<const TimelineData> data, TimeRange window, bool flowsVisible,
                            QSize size = QSize(1400, 700)) {
    ZoomControl zoom;
    TimelineView view(&zoom);
    showOffscreen(view, size);
    view.setData(std::move(data));
    view.setFlowsVisible(flowsVisible);
    if (window.durationNs() > 0) zoom.setVisibleRange(window);
    return renderFrame(view);
}

} // namespace opscope::testing
