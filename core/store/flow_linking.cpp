#include "core/store/flow_linking.h"

namespace opscope {

namespace {

using Phase = FlowEndpoint::Phase;

// One start: link it through the steps to every end, whatever their timestamps. Real traces put a
// device task's start before the host launch that caused it (clocks differ), so time order would break
// it; such an arrow is kept as written and counted (flow_backwards_in_time, informational).
void linkSingleStart(const std::vector<FlowGroupEntry>& group, const FlowLinkSink& sink) {
    std::int64_t previous = 0;
    TimeNs previousTs = 0;
    for (const FlowGroupEntry& e : group)
        if (e.phase == Phase::Start) {
            previous = e.sliceId;
            previousTs = e.tsNs;
        }
    auto link = [&](const FlowGroupEntry& to, TimeNs fromTs) {
        if (to.tsNs < fromTs) sink.warn("flow_backwards_in_time", to.tsNs);
        sink.link(previous, to.sliceId);
    };
    for (const FlowGroupEntry& e : group) {
        if (e.phase != Phase::Step) continue;
        if (previous != e.sliceId) link(e, previousTs);
        previous = e.sliceId;
        previousTs = e.tsNs;
    }
    int ends = 0;
    for (const FlowGroupEntry& e : group) {
        if (e.phase != Phase::End) continue;
        link(e, previousTs);
        ++ends;
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
