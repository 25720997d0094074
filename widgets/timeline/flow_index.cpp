#include "widgets/timeline/flow_index.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <utility>

namespace opscope {

std::vector<FlowGroup> buildFlowGroups(const std::vector<TimelineFlow>& flows) {
    std::vector<FlowGroup> groups;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::size_t> groupOf; // a handful of track pairs
    for (std::uint32_t i = 0; i < flows.size(); ++i) {
        const TimelineFlow& f = flows[i];
        const std::pair<std::uint64_t, std::uint64_t> key{(std::uint64_t{f.out.trackIndex} << 16) | f.out.depth,
                                                          (std::uint64_t{f.in.trackIndex} << 16) | f.in.depth};
        auto [it, added] = groupOf.try_emplace(key, groups.size());
        if (added) {
            FlowGroup g;
            g.outTrack = f.out.trackIndex;
            g.inTrack = f.in.trackIndex;
            g.outDepth = f.out.depth;
            g.inDepth = f.in.depth;
            groups.push_back(std::move(g));
        }
        FlowGroup& g = groups[it->second];
        g.flows.push_back(i);
        g.maxSpanNs = std::max(g.maxSpanNs, std::abs(f.in.tsNs - f.out.endNs));
    }
    for (FlowGroup& g : groups)
        std::stable_sort(g.flows.begin(), g.flows.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return flows[a].out.endNs < flows[b].out.endNs; });
    return groups;
}

std::size_t firstFlowLeavingAt(const FlowGroup& group, const std::vector<TimelineFlow>& flows, std::size_t from,
                               TimeNs tNs) {
    auto it = std::lower_bound(group.flows.begin() + static_cast<std::ptrdiff_t>(from), group.flows.end(), tNs,
                               [&](std::uint32_t k, TimeNs t) { return flows[k].out.endNs < t; });
    return static_cast<std::size_t>(it - group.flows.begin());
}

} // namespace opscope
