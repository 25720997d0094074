// Flow events: v1 s/t/f become end points bound to slices at finish(); v2 bind_id flows are already
// on their slice and are chained here, in time order, when the file ends.
#include "core/importers/chrome_json/chrome_event_handler.h"

#include "core/importers/chrome_json/chrome_value_helpers.h"
#include "core/model/fnv1a.h"
#include "core/model/flow_linking.h"

#include <algorithm>

namespace opscope {

void ChromeEventHandler::onFlow(const ChromeEvent& e, TimeNs ts, char phase) {
    const Context& ctx = processOf(e);
    FlowEndpoint endpoint;
    std::string_view cat = viewOrDecode(e.cat, catScratch_), name = viewOrDecode(e.name, nameScratch_);
    std::string id = e.id.present() ? canonicalIdKey(e.id) : stringOf(e.id2);
    endpoint.keyHash = Fnv1a().add(options_.processKeyPrefix).add(cat).add("|").add(name).add("|").add(id).hash();
    endpoint.cat = writer_.intern(cat);
    endpoint.phase = phase == 's' ? FlowEndpoint::Phase::Start
                     : phase == 't' ? FlowEndpoint::Phase::Step
                                    : FlowEndpoint::Phase::End;
    std::string bindScratch; // "bp" is one letter: no allocation
    bool enclosing = phase != 'f' || viewOrDecode(e.bindPoint, bindScratch) == "e";
    endpoint.binding = enclosing ? FlowEndpoint::Binding::Enclosing : FlowEndpoint::Binding::NextSlice;
    endpoint.track = threadTrackOf(e, ctx);
    endpoint.tsNs = ts;
    writer_.addFlowEndpoint(endpoint, name);
}

void ChromeEventHandler::bindV2Flow(const ChromeEvent& e, TimeNs ts, PendingSliceIndex slice) {
    bindV2Flow(canonicalIdKey(e.bindId), e.flowOut.isTrue(), e.flowIn.isTrue(), ts, e.byteOffset, slice);
}

// Perfetto's v2 directions: flow_out starts a flow, flow_in ends it, both continue it (a step).
void ChromeEventHandler::bindV2Flow(const std::string& bindId, bool flowOut, bool flowIn, TimeNs ts,
                                    std::int64_t arrival, PendingSliceIndex slice) {
    if (!flowOut && !flowIn) {
        writer_.addWarning("flow_without_direction", file_, arrival, -1, bindId);
        return;
    }
    const FlowEndpoint::Phase phase = flowOut && flowIn ? FlowEndpoint::Phase::Step
                                      : flowOut         ? FlowEndpoint::Phase::Start
                                                        : FlowEndpoint::Phase::End;
    v2Flows_[bindId].push_back({ts, arrival, slice, phase});
}

// Each bind_id is one chain in time order (then file order): the start, each step continuing from
// the slice before it, the ends. The same rules as v1 flows (core/model/flow_linking.h).
void ChromeEventHandler::linkV2Flows() {
    std::vector<FlowGroupEntry> group;
    for (auto& [bindId, ends] : v2Flows_) {
        std::sort(ends.begin(), ends.end(), [](const V2FlowEnd& a, const V2FlowEnd& b) {
            return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.arrival < b.arrival;
        });
        group.clear();
        // Slice ids in the group are pending index + 1: 0 means "none" to the linker.
        for (const V2FlowEnd& end : ends) group.push_back({end.phase, static_cast<std::int64_t>(end.slice) + 1, end.tsNs});
        FlowLinkSink sink;
        const std::string& id = bindId;
        sink.link = [&](std::int64_t out, std::int64_t in) {
            writer_.addFlow(static_cast<PendingSliceIndex>(out - 1), static_cast<PendingSliceIndex>(in - 1), "flow_v2", id);
        };
        sink.warn = [&](std::string_view code, TimeNs) { writer_.addWarning(code, file_, -1, -1, id); };
        linkFlowGroup(group, sink);
    }
    v2Flows_.clear();
}

} // namespace opscope
