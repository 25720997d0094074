// Launch links: at the end of an import, each device slice is tied to the host call that launched
// it (table launch_link). Ids read from args are matched first (correlation, then connection_id, then
// External id), then pairs an importer stated itself, then flows from a host slice to a device slice.
#pragma once
#include "core/model/time.h"
#include "core/model/trace_sink.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

// An id found in a slice's args, waiting for finish(): which side it is on is known only then.
struct PendingLaunchKey {
    std::int64_t id = 0;
    TimeNs tsNs = 0;
    std::uint32_t slice = 0; // pending slice index
    std::uint32_t track = 0;
    std::uint32_t cat = 0;   // interned category, 0: none
    LaunchKeyKind kind = LaunchKeyKind::Correlation;
};

// A pair an importer knows already (msprof DB: CANN_API.connectionId = TASK.connectionId).
struct PendingLaunchLink {
    std::uint32_t deviceSlice = 0, callSlice = 0; // pending slice indices
    std::int64_t correlationId = 0;
    bool hasCorrelation = false;
    std::string source;
};

// A flow row from a host slice into a device slice, noted while the flows are written: the launch
// of the device slice is its latest-starting host slice (then the highest id) among these.
struct FlowLaunchCandidate {
    std::int64_t deviceSlice = 0;
    TimeNs hostTsNs = 0;
    std::int64_t hostSlice = 0;
};

struct LaunchLinkCounts {
    std::int64_t correlation = 0, connectionId = 0, externalId = 0, importer = 0, flow = 0;
    std::int64_t deviceEvents = 0;       // slices on compute tracks, annotations left out
    std::int64_t linkedDeviceEvents = 0; // of those, the ones with a launch_link row
    std::int64_t total() const { return correlation + connectionId + externalId + importer + flow; }
};

// Writes launch_link rows and the launch.* stats. Runs after slices, flows and track.device_id are
// in the store. finalIds maps a pending slice index to its slice id; flows are the host-to-device
// flow rows (sorted here); deviceEvents: the slices of compute tracks outside gpu_user_annotation.
LaunchLinkCounts writeLaunchLinks(Database& db, std::vector<PendingLaunchKey>& keys,
                                  const std::vector<PendingLaunchLink>& direct,
                                  std::vector<FlowLaunchCandidate>& flows,
                                  const std::vector<std::uint32_t>& finalIds, std::int64_t deviceEvents,
                                  const std::function<std::string_view(std::uint32_t)>& stringAt);

} // namespace opscope
