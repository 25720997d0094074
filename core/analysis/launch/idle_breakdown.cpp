#include "core/analysis/launch/idle_breakdown.h"

#include "core/analysis/launch/checked_sum.h"

namespace opscope {

IdleReport computeIdleBreakdown(const LaunchData& data, const IdleOptions& options) {
    IdleReport report;
    for (std::size_t s = 0; s < data.streams.size(); ++s) {
        StreamIdle idle;
        idle.device = data.streams[s].device;
        idle.stream = data.streams[s].stream;
        idle.threadId = data.streams[s].threadId;
        idle.trackId = data.streams[s].trackId;
        const std::uint32_t begin = data.streamBegin[s], end = data.streamBegin[s + 1];
        idle.events = end - begin;
        bool fits = true;
        // HTA compares with the previous event in start order, not with the latest end so far.
        for (std::uint32_t i = begin + 1; i < end; ++i) {
            const DeviceLaunchEvent& prev = data.events[i - 1];
            const DeviceLaunchEvent& e = data.events[i];
            const TimeNs prevEnd = prev.endNs();
            const TimeNs gap = e.tsNs - prevEnd;
            if (e.linked() && e.callTsNs > prevEnd) {
                fits &= addChecked(idle.hostWaitNs, gap);
                ++idle.hostWaitGaps;
            } else if (gap < options.kernelWaitThresholdNs) {
                fits &= addChecked(idle.kernelWaitNs, gap);
                ++idle.kernelWaitGaps;
            } else {
                fits &= addChecked(idle.otherNs, gap);
                ++idle.otherGaps;
            }
        }
        TimeNs total = 0;
        fits &= addChecked(total, idle.hostWaitNs) && addChecked(total, idle.kernelWaitNs) && addChecked(total, idle.otherNs);
        if (!fits) report.overflowed = true;
        report.streams.push_back(std::move(idle));
    }
    return report;
}

} // namespace opscope
