// Tick placement for the time ruler: a 1-2-5 step in ns that keeps labels at least minSpacingPx apart,
// aligned to an origin (trace start for relative time, 0 for absolute time).
#pragma once
#include "core/model/time.h"
#include "widgets/common/time_mapper.h"

namespace opscope {

struct RulerTicks {
    TimeNs stepNs = 1;
    TimeNs firstNs = 0; // first tick at or after the window start
    int count = 0;      // ticks at firstNs + k * stepNs for k < count
};

TimeNs rulerStepNs(double nsPerPx, double minSpacingPx);
RulerTicks computeRulerTicks(const TimeMapper& mapper, TimeNs originNs, double minSpacingPx);

} // namespace opscope
