// What the timeline calls its lanes and process groups, so that the track headers and Details use the same
// words: a device stream says which device it is on ("GPU 0 · stream 7", "NPU 0 · Stream 4 (overlap 2)"),
// a host thread keeps its thread name, and a lane holding a stream's overlapping slices says so.
#pragma once
#include "core/store/timeline_data.h"

#include <QString>

namespace opscope {

// "rank 0 · NPU 0" -> "NPU 0": the device's own name (the rank is in the process group's name).
QString shortDeviceName(const std::string& deviceName);
// The lane's title: for a slice track of a device process "<device> · <stream>", then " (overlap N)" for
// the N-th lane of overlapping slices; counter tracks keep their counter name.
QString laneTitle(const TimelineData& data, const TimelineTrack& track);
// The lane with its process group, as Details' Track field, a pinned lane and the Bubbles view name it:
// "Ascend Hardware / NPU 0 · Stream 4 (overlap 2)", "python / Thread 100".
QString qualifiedLaneTitle(const TimelineData& data, const TimelineTrack& track);
// The same for a store track id; fallback when the timeline has no such track.
QString qualifiedLaneTitle(const TimelineData& data, std::int64_t trackId, const QString& fallback);
// The process group's name: a device process leads with its device ("rank 0 · GPU 0 · python"), since
// Kineto names the GPU process after the host's.
QString processTitle(const TimelineProcess& process);

} // namespace opscope
