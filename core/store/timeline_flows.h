// The timeline's flows, ready for the arrows: each flow as two slice positions, and the flows grouped
// by where their arrows run (out track and row, in track and row), each group sorted by the time the
// arrow leaves. A frame then reaches the visible flows of a group by binary search and steps over a
// whole pixel column of them at once, instead of visiting every flow of the trace.
// Read with the timeline (TimelineData::load), or after its first frame (loadTimelineDeferringFlows,
// then loadTimelineFlows on a worker), since arrows are drawn only on demand and the flows of a
// 10M-event trace cost more to read and group than its stored slice layout.
#pragma once
#include "core/store/timeline_data.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace opscope {

class Database;

struct FlowGroup {
    std::uint32_t outTrack = 0, inTrack = 0;
    std::uint16_t outDepth = 0, inDepth = 0;
    TimeNs maxSpanNs = 0;             // largest |arrival - departure| of the group
    SpillableArray<std::uint32_t> flows; // indices into TimelineFlowSet::flows, by departure
    // Each of those flows' departure, side by side: a frame's searches read this array in order instead
    // of a flow and then its slice per probe, two misses of the cache (8 bytes a flow).
    SpillableArray<TimeNs> leavesNs;
};

struct TimelineFlowSet {
    TimelineFlowArray flows; // in the flow table's order, as TimelineData::flows()
    std::vector<FlowGroup> groups;
    const TimelineData* timeline = nullptr; // the data whose slice positions the flows hold
};

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data, const TimelineFlowArray& flows);

// When the flow at position pos of group.flows leaves: from group.leavesNs when it is filled, else
// through the flow's slice.
inline TimeNs flowLeavesNs(const FlowGroup& group, const TimelineData& data, const TimelineFlowArray& flows,
                           std::size_t pos) {
    return group.leavesNs.size() == group.flows.size() ? group.leavesNs[pos] : data.flowLeavesNs(flows[group.flows[pos]]);
}

// Position in group.flows of the first flow leaving at or after tNs, searching from `from`.
std::size_t firstFlowLeavingAt(const FlowGroup& group, const TimelineData& data, const TimelineFlowArray& flows,
                               std::size_t from, TimeNs tNs);

// The timeline as TimelineData::load() reads it, but without its flows (flows() is empty).
std::shared_ptr<const TimelineData> loadTimelineDeferringFlows(Database& db, const TimelineLoadOptions& options,
                                                               Error* error);
// The same, taking the options: the derived counters' points are freed as the timeline copies them.
std::shared_ptr<const TimelineData> loadTimelineDeferringFlows(Database& db, TimelineLoadOptions&& options, Error* error);

// The flow table read for the slices of `data` and grouped: flows whose slices are not in the timeline
// are left out. Throws SqliteError.
std::shared_ptr<const TimelineFlowSet> loadTimelineFlows(Database& db, const TimelineData& data);

// The flow table as positions in data's slices, in table order (what both loads above keep).
TimelineFlowArray readTimelineFlows(Database& db, const TimelineData& data);

// The flows TimelineData::load() read with the timeline, grouped.
std::vector<FlowGroup> buildFlowGroups(const TimelineData& data);

} // namespace opscope
