#include "widgets/timeline/timeline_ruler.h"

#include <initializer_list>
#include <limits>

namespace opscope {

TimeNs rulerStepNs(double nsPerPx, double minSpacingPx) {
    const double wanted = nsPerPx * minSpacingPx;
    TimeNs decade = 1;
    for (int i = 0; i < 19; ++i) {
        for (TimeNs mult : {1, 2, 5}) {
            if (static_cast<double>(decade * mult) >= wanted) return decade * mult;
        }
        if (decade > std::numeric_limits<TimeNs>::max() / 10) break;
        decade *= 10;
    }
    return decade;
}

RulerTicks computeRulerTicks(const TimeMapper& mapper, TimeNs originNs, double minSpacingPx) {
    RulerTicks ticks;
    ticks.stepNs = rulerStepNs(mapper.nsPerPx(), minSpacingPx);
    const TimeNs fromOrigin = mapper.window.startNs - originNs;
    // Ceiling division that also works for windows before the origin.
    TimeNs k = fromOrigin / ticks.stepNs;
    if (k * ticks.stepNs < fromOrigin) ++k;
    ticks.firstNs = originNs + k * ticks.stepNs;
    const TimeNs span = mapper.window.endNs - ticks.firstNs;
    ticks.count = span < 0 ? 0 : static_cast<int>(span / ticks.stepNs) + 1;
    return ticks;
}

} // namespace opscope
