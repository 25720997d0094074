// Idle time per device stream by cause, as HTA's breakdown_analysis defines it: the gap before each
// device event (after the previous one on its stream ended) is host wait when the event's launching
// call started after that end, else kernel wait when shorter than a threshold, else other.
#pragma once
#include "core/store/launch_reader.h"

#include <vector>

namespace opscope {

struct IdleOptions {
    TimeNs kernelWaitThresholdNs = 30'000; // HTA consecutive_kernel_delay: gaps below it are kernel wait
};

struct StreamIdle {
    std::string device, stream;
    std::int64_t threadId = 0;
    std::int64_t trackId = 0; // the stream's first track (LaunchStream::trackId)
    std::int64_t events = 0;
    // HTA sums the gaps as they are: a gap is negative where an event starts before the previous one
    // ended (overlapping events on one stream), and such a gap counts as kernel wait.
    TimeNs hostWaitNs = 0, kernelWaitNs = 0, otherNs = 0;
    std::int64_t hostWaitGaps = 0, kernelWaitGaps = 0, otherGaps = 0;
    TimeNs idleNs() const { return hostWaitNs + kernelWaitNs + otherNs; }
};

struct IdleReport {
    std::vector<StreamIdle> streams; // in LaunchData::streams order
    bool overflowed = false;
};

IdleReport computeIdleBreakdown(const LaunchData& data, const IdleOptions& options);

} // namespace opscope
