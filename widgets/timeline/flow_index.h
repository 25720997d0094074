// Flows grouped by where their arrows run (out track and row, in track and row), each group sorted
// by the time the arrow leaves. A frame then reaches the visible flows of a group by binary search
// and steps over a whole pixel column of them at once, instead of visiting every flow of the trace.
#pragma once
#include "core/store/timeline_data.h"

#include <cstdint>
#include <vector>

namespace opscope {

struct FlowGroup {
    std::uint32_t outTrack = 0, inTrack = 0;
    std::uint16_t outDepth = 0, inDepth = 0;
    TimeNs maxSpanNs = 0;             // largest |arrival - departure| of the group
    std::vector<std::uint32_t> flows; // indices into TimelineData::flows(), by departure
};

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data);

// Position in group.flows of the first flow leaving at or after tNs, searching from `from`.
std::size_t firstFlowLeavingAt(const FlowGroup& group, const TimelineData& data, std::size_t from, TimeNs tNs);

} // namespace opscope
