#include "widgets/timeline/flow_index.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <utility>

namespace opscope {

namespace {

std::uint64_t rowKey(std::uint32_t track, std::uint16_t depth) { return (std::uint64_t{track} << 16) | depth; }

struct RowPairHash {
    std::size_t operator()(const std::pair<std::uint64_t, std::uint64_t>& k) const {
        return std::hash<std::uint64_t>()(k.first * 0x9e3779b97f4a7c15ull ^ k.second);
    }
};

} // namespace

std::vector<FlowGroup> buildFlowGroups(const TimelineData& data) {
    const std::vector<TimelineFlow>& flows = data.flows();
    std::vector<FlowGroup> groups;
    // Each group's flows with their departure times beside them: sorting the pairs reads memory in
    // order, where sorting indices by a time looked up in the slice array missed the cache on every
    // comparison (1.5 s of a 10M-event store's first frame).
    std::vector<std::vector<std::pair<TimeNs, std::uint32_t>>> departures;
    std::unordered_map<std::pair<std::uint64_t, std::uint64_t>, std::size_t, RowPairHash> groupOf; // a handful of row pairs
    std::pair<std::uint64_t, std::uint64_t> lastKey{~0ull, ~0ull};
    std::size_t lastGroup = 0;
    for (std::uint32_t i = 0; i < flows.size(); ++i) {
        const TimelineFlowEnd out = data.flowOut(flows[i]), in = data.flowIn(flows[i]);
        const std::pair<std::uint64_t, std::uint64_t> key{rowKey(out.trackIndex, out.depth), rowKey(in.trackIndex, in.depth)};
        if (key != lastKey) { // flows of one row pair mostly come one after another
            auto [it, added] = groupOf.try_emplace(key, groups.size());
            if (added) {
                FlowGroup g;
                g.outTrack = out.trackIndex;
                g.inTrack = in.trackIndex;
                g.outDepth = out.depth;
                g.inDepth = in.depth;
                groups.push_back(std::move(g));
                departures.emplace_back();
            }
            lastKey = key;
            lastGroup = it->second;
        }
        FlowGroup& g = groups[lastGroup];
        departures[lastGroup].emplace_back(out.timeNs, i);
        g.maxSpanNs = std::max(g.maxSpanNs, std::abs(in.timeNs - out.timeNs));
    }
    for (std::size_t k = 0; k < groups.size(); ++k) {
        auto& byTime = departures[k];
        std::sort(byTime.begin(), byTime.end()); // ties in flow order, as a stable sort by time left them
        groups[k].flows.reserve(byTime.size());
        for (const auto& [t, i] : byTime) groups[k].flows.push_back(i);
        std::vector<std::pair<TimeNs, std::uint32_t>>().swap(byTime);
    }
    return groups;
}

std::size_t firstFlowLeavingAt(const FlowGroup& group, const TimelineData& data, std::size_t from, TimeNs tNs) {
    const std::vector<TimelineFlow>& flows = data.flows();
    auto it = std::lower_bound(group.flows.begin() + static_cast<std::ptrdiff_t>(from), group.flows.end(), tNs,
                               [&](std::uint32_t k, TimeNs t) { return data.flowLeavesNs(flows[k]) < t; });
    return static_cast<std::size_t>(it - group.flows.begin());
}

} // namespace opscope
