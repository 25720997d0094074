#include "core/model/flow_linking.h"

namespace opscope {

namespace {

using Phase = FlowEndpoint::Phase;

// One start: walk the chain in time order as Perfetto does (a step continues from the slice before
// it and becomes the source; an end links from the current source and leaves it). End points earlier
// than the start still link from it: real traces put a device task's start before the host launch that
// caused it (clocks differ), so such an arrow is kept as written and counted (flow_backwards_in_time,
// informational).
void linkSingleStart(const std::vector<FlowGroupEntry>& group, const FlowLinkSink& sink) {
    std::size_t startAt = 0;
    while (group[startAt].phase != Phase::Start) ++startAt;
    const FlowGroupEntry& start = group[startAt];
    int ends = 0;
    for (std::size_t i = 0; i < startAt; ++i) {
        if (group[i].tsNs < start.tsNs) sink.warn("flow_backwards_in_time", group[i].tsNs);
        if (group[i].phase == Phase::End || group[i].sliceId != start.sliceId) sink.link(start.sliceId, group[i].sliceId);
        if (group[i].phase == Phase::End) ++ends;
    }
    std::int64_t source = start.sliceId;
    for (std::size_t i = startAt + 1; i < group.size(); ++i) {
        const FlowGroupEntry& e = group[i];
        if (e.phase == Phase::Step) {
            if (source != e.sliceId) sink.link(source, e.sliceId);
            source = e.sliceId;
        } else {
            sink.link(source, e.sliceId);
            ++ends;
        }
    }
    if (ends == 0) sink.warn("flow_without_end", group.front().tsNs);
}

// Several starts under one identity: chain in time order, each Start opening a chain.
void linkInTimeOrder(const std::vector<FlowGroupEntry>& group, const FlowLinkSink& sink) {
    std::int64_t open = 0;
    for (const FlowGroupEntry& e : group) {
        switch (e.phase) {
        case Phase::Start:
            if (open) sink.warn("flow_duplicate_start", e.tsNs);
            open = e.sliceId;
            break;
        case Phase::Step:
            if (!open) sink.warn("flow_step_without_start", e.tsNs);
            else if (open != e.sliceId) sink.link(open, e.sliceId);
            if (open) open = e.sliceId;
            break;
        case Phase::End:
            if (!open) sink.warn("flow_end_without_start", e.tsNs);
            else sink.link(open, e.sliceId);
            open = 0;
            break;
        }
    }
    if (open) sink.warn("flow_without_end", group.front().tsNs);
}

} // namespace

void linkFlowGroup(const std::vector<FlowGroupEntry>& group, const FlowLinkSink& sink) {
    int starts = 0;
    for (const FlowGroupEntry& e : group)
        if (e.phase == Phase::Start) ++starts;
    if (starts == 1) linkSingleStart(group, sink);
    else linkInTimeOrder(group, sink);
}

} // namespace opscope
