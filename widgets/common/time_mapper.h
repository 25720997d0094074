// Pure mapping between trace time (int64 ns) and pixels for one visible window: times stay int64
// until the final subtraction, so nanosecond detail survives at any zoom and any absolute timestamp.
#pragma once
#include "core/model/time.h"

#include <cmath>

namespace opscope {

struct TimeMapper {
    TimeRange window{0, 1}; // visible trace time, [startNs, endNs)
    double xPx = 0;         // pixel where window.startNs is drawn
    double widthPx = 1;     // pixels covered by the window

    double pxPerNs() const { return widthPx / static_cast<double>(window.durationNs() > 0 ? window.durationNs() : 1); }
    double nsPerPx() const { return 1.0 / pxPerNs(); }

    // The difference is taken in int64 first; only the offset (small near the window) becomes a double.
    double toPx(TimeNs t) const { return xPx + static_cast<double>(t - window.startNs) * pxPerNs(); }
    double durToPx(TimeNs durNs) const { return static_cast<double>(durNs) * pxPerNs(); }
    TimeNs toNs(double px) const {
        return window.startNs + static_cast<TimeNs>(std::llround((px - xPx) * nsPerPx()));
    }
    TimeNs pxToDurNs(double px) const { return static_cast<TimeNs>(std::llround(px * nsPerPx())); }
};

} // namespace opscope
