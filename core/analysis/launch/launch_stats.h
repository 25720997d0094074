// Kernel launch statistics as HTA's cuda_kernel_analysis defines them: per launch, the runtime
// call's CPU duration, the device event's duration and the launch delay, with HTA's outlier rules,
// and a summary per kernel name.
#pragma once
#include "core/store/launch_reader.h"

#include <cstdint>
#include <memory>
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

// The names launch rows point into, one copy per report: a 10 GB trace has 4.7 M launches but a few
// hundred kernel and call names and a few streams, and a row holding its own four strings took about
// 300 bytes where it now takes 64.
struct LaunchLabels {
    struct Stream {
        std::string device; // device ordinal as text ("0"), or the process name without a device
        std::string stream; // as the trace wrote it ("7")
    };
    std::vector<std::string> names; // kernels and runtime calls
    std::vector<Stream> streams;
};

struct LaunchRow {
    std::int64_t deviceSliceId = 0, callSliceId = 0;
    std::int64_t correlationId = 0;
    TimeNs cpuDurationNs = 0, gpuDurationNs = 0;
    TimeNs launchDelayNs = 0; // max(0, kernel start - call end)
    std::uint32_t runtimeCallName = 0, kernelName = 0; // into LaunchLabels::names
    std::uint32_t streamIndex = 0;                     // into LaunchLabels::streams
    bool hasCorrelation = false;
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
    std::shared_ptr<const LaunchLabels> labels = std::make_shared<const LaunchLabels>();
    std::vector<KernelLaunchSummary> kernels; // by total GPU time, descending
    std::int64_t deviceEvents = 0, unlinkedEvents = 0;
    bool overflowed = false; // a per-kernel total did not fit in int64 ns and is pinned to the limit

    const std::string& runtimeCall(const LaunchRow& r) const { return labels->names[r.runtimeCallName]; }
    const std::string& kernel(const LaunchRow& r) const { return labels->names[r.kernelName]; }
    const std::string& device(const LaunchRow& r) const { return labels->streams[r.streamIndex].device; }
    const std::string& stream(const LaunchRow& r) const { return labels->streams[r.streamIndex].stream; }
};

LaunchStatsReport computeLaunchStats(const LaunchData& data, const LaunchStatsOptions& options);

// "short_kernel", "long_runtime", "long_delay", joined by '|'; "" when none.
std::string launchOutlierText(std::uint8_t outliers);

} // namespace opscope
