// The launch queue length of each device stream as a counter track for the timeline (a derived track:
// computed from the launch links at import and stored, core/store/launch_queue_store.h; computed when
// the timeline is built for a store without them).
#pragma once
#include "core/analysis/launch/queue_length.h"
#include "core/store/timeline_data.h"

#include <vector>

namespace opscope {

// One "Launch queue" counter per stream of the report, under the stream's thread; several change points
// at one time keep the last (the length from then on). Track ids are -1, -2, ... in report order.
std::vector<DerivedCounterTrack> queueCounterTracks(const QueueReport& report);

// The timeline's launch queue tracks of a store's launches: the queue at the default limit, as tracks.
// The import stores exactly these; the session computes them when a store has none.
std::vector<DerivedCounterTrack> launchQueueTracks(const LaunchData& launches);

} // namespace opscope
