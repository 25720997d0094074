// Launch queue length per device stream, as HTA's trace_counters computes it: +1 when a launching
// call starts, -1 when its device event starts; statistics over the change points (not weighted by
// time) and the time the queue spent at or above a limit.
#pragma once
#include "core/store/launch_reader.h"

#include <algorithm>
#include <vector>

namespace opscope {

// When an event leaves its stream's launch queue: at its start, but never before its launching call
// starts. torch_npu exports show tasks starting up to ~11 us before their call, correctly linked (the
// task is the call's node): host and device clocks disagree. Such an early start counts at the call's start.
inline TimeNs queueLeaveNs(const DeviceLaunchEvent& e) { return std::max(e.tsNs, e.callTsNs); }
inline bool startsBeforeCall(const DeviceLaunchEvent& e) { return e.linked() && e.tsNs < e.callTsNs; }

struct QueueOptions {
    std::int64_t limit = 1024; // CUDA's per-stream launch queue; HTA's max_queue_length
};

struct QueuePoint {
    TimeNs tsNs = 0;
    std::int64_t length = 0; // holds until the next point
};

struct StreamQueue {
    std::string device, stream;
    std::int64_t threadId = 0;
    std::vector<QueuePoint> points; // every change point, in time order (launches before kernel starts at one ts)
    // pandas describe() of the lengths at the change points: std with n - 1, quartiles interpolated.
    std::int64_t count = 0;
    double mean = 0, std = 0, p25 = 0, p50 = 0, p75 = 0;
    std::int64_t min = 0, max = 0;
    TimeNs timeAtLimitNs = 0; // sum of (next point - point) over points with length >= limit
    std::int64_t earlyStarts = 0; // linked events that start before their call starts (counted at the call's start)
};

struct QueueReport {
    std::vector<StreamQueue> streams; // streams with at least one linked event, in LaunchData order
    TimeNs traceDurationNs = 0;
    bool overflowed = false;
};

QueueReport computeQueueLength(const LaunchData& data, const QueueOptions& options);

} // namespace opscope
