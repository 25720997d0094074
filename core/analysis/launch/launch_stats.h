// Kernel launch statistics as HTA's cuda_kernel_analysis defines them: per launch, the runtime
// call's CPU duration, the device event's duration and the launch delay, with HTA's outlier rules,
// and a summary per kernel name.
#pragma once
#include "core/store/launch_reader.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
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

// A launch row points at its device event in the report's launch data and keeps only the outlier
// flags: 8 bytes. A 10 GB trace has 4.7 M launches, whose rows held their own copy of each figure and
// name index (64 bytes) beside the events they came from (80 bytes each, held by the session anyway).
struct LaunchRow {
    std::uint32_t event = 0;   // into LaunchStatsReport::data->events
    std::uint8_t outliers = 0; // LaunchOutlier bits
};

struct KernelLaunchSummary {
    std::string kernel;
    std::int64_t count = 0;
    TimeNs gpuTotalNs = 0, cpuTotalNs = 0, delayTotalNs = 0, delayMaxNs = 0;
    std::int64_t shortKernels = 0, longRuntimes = 0, longDelays = 0;
};

struct LaunchStatsReport {
    std::vector<LaunchRow> launches;         // in kernel start order
    std::shared_ptr<const LaunchData> data = std::make_shared<const LaunchData>(); // what the rows point at
    std::vector<KernelLaunchSummary> kernels; // by total GPU time, descending
    std::int64_t deviceEvents = 0, unlinkedEvents = 0;
    bool overflowed = false; // a per-kernel total did not fit in int64 ns and is pinned to the limit
    bool unlisted = false;   // more device events than a row can point at (see computeLaunchStats): no rows

    // A row's figures, read from its event (rows come from computeLaunchStats over this data).
    const DeviceLaunchEvent& event(const LaunchRow& r) const { return data->events[r.event]; }
    std::int64_t deviceSliceId(const LaunchRow& r) const { return event(r).sliceId; }
    std::int64_t callSliceId(const LaunchRow& r) const { return event(r).callSliceId; }
    bool hasCorrelation(const LaunchRow& r) const { return event(r).hasCorrelation; }
    std::int64_t correlationId(const LaunchRow& r) const { return event(r).correlationId; }
    TimeNs cpuDurationNs(const LaunchRow& r) const { return event(r).callDurNs; }
    TimeNs gpuDurationNs(const LaunchRow& r) const { return event(r).durNs; }
    TimeNs launchDelayNs(const LaunchRow& r) const { return event(r).launchDelayNs(); }
    std::string_view runtimeCall(const LaunchRow& r) const { return data->name(event(r).callNameId); }
    std::string_view kernel(const LaunchRow& r) const { return data->name(event(r).nameId); }
    const std::string& device(const LaunchRow& r) const { return data->streams[event(r).stream].device; }
    const std::string& stream(const LaunchRow& r) const { return data->streams[event(r).stream].stream; }
};

// The rows point into data, which the report keeps. A LaunchData of more than 2^32 - 1 events (343 GB
// of them) is not listed: the report then has no rows and says so (unlisted).
LaunchStatsReport computeLaunchStats(std::shared_ptr<const LaunchData> data, const LaunchStatsOptions& options);

// "short_kernel", "long_runtime", "long_delay", joined by '|'; "" when none.
std::string launchOutlierText(std::uint8_t outliers);

} // namespace opscope
