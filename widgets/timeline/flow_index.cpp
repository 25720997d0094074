#include "widgets/timeline/flow_index.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <utility>

namespace opscope {

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data) {
    const std::vector<TimelineFlow>& flows = data.flows();
    std::vector<FlowGroup> groups;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::size_t> groupOf; // a handful of track pairs
    for (std::uint32_t i = 0; i < flows.size(); ++i) {
        const TimelineFlowEnd out = data.flowOut(flows[i]), in = data.flowIn(flows[i]);
        const std::pair<std::uint64_t, std::uint64_t> key{(std::uint64_t{out.trackIndex} << 16) | out.depth,
                                                          (std::uint64_t{in.trackIndex} << 16) | in.depth};
        auto [it, added] = groupOf.try_emplace(key, groups.size());
        if (added) {
            FlowGroup g;
            g.outTrack = out.trackIndex;
            g.inTrack = in.trackIndex;
            g.outDepth = out.depth;
            g.inDepth = in.depth;
            groups.push_back(std::move(g));
        }
        FlowGroup& g = groups[it->second];
        g.flows.push_back(i);
        g.maxSpanNs = std::max(g.maxSpanNs, std::abs(in.timeNs - out.timeNs));
    }
    for (FlowGroup& g : groups)
        std::stable_sort(g.flows.begin(), g.flows.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return data.flowLeavesNs(flows[a]) < data.flowLeavesNs(flows[b]); });
    return groups;
}

std::size_t firstFlowLeavingAt(const FlowGroup& group, const TimelineData& data, std::size_t from, TimeNs tNs) {
    const std::vector<TimelineFlow>& flows = data.flows();
    auto it = std::lower_bound(group.flows.begin() + static_cast<std::ptrdiff_t>(from), group.flows.end(), tNs,
                               [&](std::uint32_t k, TimeNs t) { return data.flowLeavesNs(flows[k]) < t; });
    return static_cast<std::size_t>(it - group.flows.begin());
}

} // namespace opscope
