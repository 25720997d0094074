#include "core/analysis/breakdown/per_device_stats.h"

namespace opscope {

DeviceBalance deviceBalance(const BubbleReport& bubbles) {
    DeviceBalance out;
    for (const BubbleSummary& d : bubbles.devices) {
        DeviceStats s;
        s.deviceKey = d.deviceKey;
        s.label = d.label;
        s.spanStartNs = d.spanStartNs;
        s.spanEndNs = d.spanEndNs;
        s.busyNs = d.busyNs;
        s.idleNs = d.idleNs;
        s.busyShare = d.busyShare;
        s.computeNs = d.computeNs;
        s.bubbleCount = d.bubbleCount;
        s.bubbleTotalNs = d.bubbleTotalNs;
        s.largestBubbleNs = d.largestBubbleNs;
        out.totalBusyNs += s.busyNs;
        out.totalComputeNs += s.computeNs;
        out.devices.push_back(std::move(s));
    }
    if (out.devices.empty()) return out;
    out.slowest = out.fastest = 0;
    for (std::size_t i = 1; i < out.devices.size(); ++i) {
        if (out.devices[i].busyNs > out.devices[static_cast<std::size_t>(out.slowest)].busyNs) out.slowest = static_cast<int>(i);
        if (out.devices[i].busyNs < out.devices[static_cast<std::size_t>(out.fastest)].busyNs) out.fastest = static_cast<int>(i);
    }
    out.meanBusyNs = out.totalBusyNs / static_cast<TimeNs>(out.devices.size());
    if (out.devices.size() < 2) return out;
    const TimeNs maxNs = out.devices[static_cast<std::size_t>(out.slowest)].busyNs;
    const TimeNs minNs = out.devices[static_cast<std::size_t>(out.fastest)].busyNs;
    const double mean = static_cast<double>(out.totalBusyNs) / static_cast<double>(out.devices.size());
    if (mean > 0) out.imbalance = static_cast<double>(maxNs) / mean - 1.0;
    if (maxNs > 0) out.spread = static_cast<double>(maxNs - minNs) / static_cast<double>(maxNs);
    return out;
}

} // namespace opscope
