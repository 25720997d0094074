// Launch queue length per device stream, as HTA's trace_counters computes it: +1 when a launching
// call starts, -1 when its device event starts; statistics over the change points (not weighted by
// time) and the time the queue spent at or above a limit.
#pragma once
#include "core/store/launch_reader.h"

#include <vector>

namespace opscope {

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
};

struct QueueReport {
    std::vector<StreamQueue> streams; // streams with at least one linked event, in LaunchData order
    TimeNs traceDurationNs = 0;
    bool overflowed = false;
};

QueueReport computeQueueLength(const LaunchData& data, const QueueOptions& options);

} // namespace opscope
