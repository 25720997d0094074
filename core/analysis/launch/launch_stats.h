// Kernel launch statistics as HTA's cuda_kernel_analysis defines them: per launch, the runtime
// call's CPU duration, the device event's duration and the launch delay, with HTA's outlier rules,
// and a summary per kernel name.
#pragma once
#include "core/store/launch_reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

struct LaunchStatsOptions {
    TimeNs runtimeCutoffNs = 50'000;      // HTA runtime_cutoff (50 us)
    TimeNs launchDelayCutoffNs = 100'000; // HTA launch_delay_cutoff (100 us)
};

enum LaunchOutlier : std::uint8_t {
    kShortKernel = 1,   // GPU duration < CPU duration and CPU duration <= runtime cutoff
    kLongRuntime = 2,   // CPU duration > runtime cutoff
    kLongDelay = 4,     // launch delay > launch delay cutoff
};

struct LaunchRow {
    std::int64_t deviceSliceId = 0, callSliceId = 0;
    std::int64_t correlationId = 0;
    bool hasCorrelation = false;
    std::string runtimeCall, kernel, device, stream;
    TimeNs cpuDurationNs = 0, gpuDurationNs = 0;
    TimeNs launchDelayNs = 0; // max(0, kernel start - call end)
    std::uint8_t outliers = 0;
};

struct KernelLaunchSummary {
    std::string kernel;
    std::int64_t count = 0;
    TimeNs gpuTotalNs = 0, cpuTotalNs = 0, delayTotalNs = 0, delayMaxNs = 0;
    std::int64_t shortKernels = 0, longRuntimes = 0, longDelays = 0;
};

struct LaunchStatsReport {
    std::vector<LaunchRow> launches;         // in kernel start order
    std::vector<KernelLaunchSummary> kernels; // by total GPU time, descending
    std::int64_t deviceEvents = 0, unlinkedEvents = 0;
    bool overflowed = false; // a per-kernel total did not fit in int64 ns and is pinned to the limit
};

LaunchStatsReport computeLaunchStats(const LaunchData& data, const LaunchStatsOptions& options);

// "short_kernel", "long_runtime", "long_delay", joined by '|'; "" when none.
std::string launchOutlierText(std::uint8_t outliers);

} // namespace opscope
