#include "core/analysis/launch/slice_launch_details.h"

#include "core/analysis/launch/checked_sum.h"

#include <algorithm>
#include <iterator>

namespace opscope {

namespace {

HostOpRef opRef(const HostCallData& host, std::int64_t id) {
    HostOpRef ref;
    if (const HostSliceRecord* s = id ? host.find(id) : nullptr) {
        ref.sliceId = id;
        ref.name = std::string(host.text(s->nameId));
    }
    return ref;
}

LaunchedFrom attribute(const DeviceLaunchChain& chain) {
    // One event through the same attribution every analysis uses, so details and `launches` agree.
    LaunchData one;
    DeviceLaunchEvent e;
    e.tsNs = chain.deviceTsNs;
    e.durNs = chain.deviceDurNs;
    e.callSliceId = chain.call.sliceId;
    e.callTsNs = chain.call.tsNs;
    e.callDurNs = chain.call.durNs;
    one.events.push_back(e);
    const AttributionReport report = attributeLaunches(one, chain.host);
    const LaunchAttribution& a = report.events.front();
    LaunchedFrom out;
    out.call = chain.call;
    out.topOperator = opRef(chain.host, a.topOperatorId);
    out.innermostOperator = opRef(chain.host, a.innermostOperatorId);
    out.step = a.step;
    out.stepSliceId = a.stepSliceId;
    out.phase = a.phase;
    TimeNs callEndNs = 0;
    if (!__builtin_add_overflow(chain.call.tsNs, chain.call.durNs, &callEndNs) && chain.deviceTsNs > callEndNs)
        out.launchDelayNs = chain.deviceTsNs - callEndNs;
    return out;
}

} // namespace

SliceLaunchDetails buildSliceLaunchDetails(const DeviceLaunchChain& chain, std::vector<LaunchedKernelRecord> launched) {
    SliceLaunchDetails out;
    if (chain.call.sliceId != 0) {
        out.isLaunched = true;
        out.launchedFrom = attribute(chain);
    }
    out.launched = std::move(launched);
    for (const LaunchedKernelRecord& k : out.launched) {
        out.launchedOverflowed |= !addChecked(out.launchedDeviceNs, std::max<TimeNs>(k.durNs, 0));
        auto it = std::find_if(out.launchedStreams.begin(), out.launchedStreams.end(), [&](const LaunchedStreamTotal& s) {
            return s.device == k.device && s.stream == k.stream;
        });
        if (it == out.launchedStreams.end()) {
            LaunchedStreamTotal stream;
            stream.device = k.device;
            stream.stream = k.stream;
            out.launchedStreams.push_back(std::move(stream));
            it = std::prev(out.launchedStreams.end());
        }
        ++it->count;
        out.launchedOverflowed |= !addChecked(it->durNs, std::max<TimeNs>(k.durNs, 0));
    }
    std::stable_sort(out.launchedStreams.begin(), out.launchedStreams.end(),
                     [](const LaunchedStreamTotal& a, const LaunchedStreamTotal& b) { return a.device < b.device; });
    return out;
}

} // namespace opscope
