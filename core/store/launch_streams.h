// The device streams the launch analyses group events by, on their own: for a pass that goes stream by
// stream (core/store/launch_queue_streamed.cpp) without reading every event at once as readLaunchData does.
#pragma once
#include "core/store/launch_reader.h"

#include <vector>

namespace opscope {

// The store's compute tracks' streams, in readLaunchData's order (LaunchData::streams). Throws SqliteError.
std::vector<LaunchStream> readLaunchStreams(Database& db);

} // namespace opscope
