// Launch links: at the end of an import, each device slice is tied to the host call that launched
// it (table launch_link). Ids read from args are matched first (correlation, then connection_id, then
// External id), then pairs an importer stated itself, then flows from a host slice to a device slice.
#pragma once
#include "core/model/time.h"
#include "core/model/trace_sink.h"
#include "core/store/sorted_spill.h"
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

// The order keys are matched in: by kind (correlation, connection_id, External id), id and time; the
// slice (arrival order) breaks ties, so that spilled and in-memory keys meet in the same order.
struct LaunchKeyOrder {
    bool operator()(const PendingLaunchKey& a, const PendingLaunchKey& b) const {
        if (a.kind != b.kind) return a.kind < b.kind;
        if (a.id != b.id) return a.id < b.id;
        if (a.tsNs != b.tsNs) return a.tsNs < b.tsNs;
        if (a.slice != b.slice) return a.slice < b.slice;
        if (a.track != b.track) return a.track < b.track;
        return a.cat < b.cat;
    }
};
// A key per launch and per device task: the largest launch-linking record of a big trace, so it
// spills past its budget (core/store/sorted_spill.h).
using LaunchKeySpill = SortedSpill<PendingLaunchKey, LaunchKeyOrder>;

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

// By device slice, then host start and host id, latest first: the order a join of flow, slice and
// track would give.
struct FlowLaunchOrder {
    bool operator()(const FlowLaunchCandidate& a, const FlowLaunchCandidate& b) const {
        if (a.deviceSlice != b.deviceSlice) return a.deviceSlice < b.deviceSlice;
        if (a.hostTsNs != b.hostTsNs) return a.hostTsNs > b.hostTsNs;
        return a.hostSlice > b.hostSlice;
    }
};
using FlowLaunchSpill = SortedSpill<FlowLaunchCandidate, FlowLaunchOrder>;

struct LaunchLinkCounts {
    std::int64_t correlation = 0, connectionId = 0, externalId = 0, importer = 0, flow = 0;
    std::int64_t deviceEvents = 0;       // slices on compute tracks, annotations left out
    std::int64_t linkedDeviceEvents = 0; // of those, the ones with a launch_link row
    std::int64_t total() const { return correlation + connectionId + externalId + importer + flow; }
};

// Where linking may put what it holds beyond memory: scratch files named from pathPrefix, each
// record kind up to budgetBytes in memory.
struct LaunchScratch {
    std::string pathPrefix;
    std::size_t budgetBytes = 0;
};

// Writes launch_link rows and the launch.* stats. Runs after slices, flows and track.device_id are
// in the store. finalIds maps a pending slice index to its slice id; flows are the host-to-device
// flow rows; deviceEvents: the slices of compute tracks outside gpu_user_annotation. Keys and flows
// are drained.
LaunchLinkCounts writeLaunchLinks(Database& db, LaunchKeySpill& keys, const std::vector<PendingLaunchLink>& direct,
                                  FlowLaunchSpill& flows, const std::vector<std::uint32_t>& finalIds,
                                  std::int64_t deviceEvents,
                                  const std::function<std::string_view(std::uint32_t)>& stringAt,
                                  const LaunchScratch& scratch);

} // namespace opscope
