// Turns the bound end points of one flow identity (cat, name, id) into flow rows, in time order: a
// lone start links through its steps, each end from the step before it (end points before the start
// link from the start, counted); an identity with several starts (ids reused) starts a chain at each.
#pragma once
#include "core/model/time.h"
#include "core/model/trace_sink.h"

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

namespace opscope {

struct FlowGroupEntry {
    FlowEndpoint::Phase phase = FlowEndpoint::Phase::Start;
    std::int64_t sliceId = 0;
    TimeNs tsNs = 0;
};

struct FlowLinkSink {
    std::function<void(std::int64_t sliceOut, std::int64_t sliceIn)> link;
    std::function<void(std::string_view code, TimeNs tsNs)> warn;
};

// group: one identity's entries sorted by (ts, file order); must not be empty.
void linkFlowGroup(const std::vector<FlowGroupEntry>& group, const FlowLinkSink& sink);

} // namespace opscope
