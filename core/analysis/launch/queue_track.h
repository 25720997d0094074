// The launch queue length of each device stream as a counter track for the timeline (a derived track:
// computed from the launch links when the timeline is built, never stored).
#pragma once
#include "core/analysis/launch/queue_length.h"
#include "core/store/timeline_data.h"

#include <vector>

namespace opscope {

// One "Launch queue" counter per stream of the report, under the stream's thread; several change points
// at one time keep the last (the length from then on). Track ids are -1, -2, ... in report order.
std::vector<DerivedCounterTrack> queueCounterTracks(const QueueReport& report);

} // namespace opscope
