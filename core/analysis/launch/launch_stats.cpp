#include "core/analysis/launch/launch_stats.h"

#include "core/analysis/launch/checked_sum.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace opscope {

std::string launchOutlierText(std::uint8_t outliers) {
    std::string text;
    auto add = [&](std::uint8_t bit, const char* name) {
        if (!(outliers & bit)) return;
        if (!text.empty()) text += '|';
        text += name;
    };
    add(kShortKernel, "short_kernel");
    add(kLongRuntime, "long_runtime");
    add(kLongDelay, "long_delay");
    return text;
}

LaunchStatsReport computeLaunchStats(std::shared_ptr<const LaunchData> data, const LaunchStatsOptions& options) {
    LaunchStatsReport report;
    if (!data) return report;
    report.data = data;
    report.deviceEvents = static_cast<std::int64_t>(data->events.size());
    if (data->events.size() > std::numeric_limits<std::uint32_t>::max()) {
        report.unlisted = true;
        return report;
    }
    std::vector<std::uint32_t> linked;
    for (std::uint32_t i = 0; i < data->events.size(); ++i) {
        if (data->events[i].linked()) linked.push_back(i);
        else ++report.unlinkedEvents;
    }
    const std::vector<DeviceLaunchEvent>& events = data->events;
    std::sort(linked.begin(), linked.end(), [&](std::uint32_t a, std::uint32_t b) {
        return events[a].tsNs != events[b].tsNs ? events[a].tsNs < events[b].tsNs : events[a].sliceId < events[b].sliceId;
    });
    std::unordered_map<std::uint32_t, std::size_t> summaryOf;
    report.launches.reserve(linked.size());
    for (std::uint32_t index : linked) {
        const DeviceLaunchEvent& e = events[index];
        LaunchRow row;
        row.event = index;
        const TimeNs cpuNs = e.callDurNs, gpuNs = e.durNs, delayNs = e.launchDelayNs();
        if (gpuNs < cpuNs && cpuNs <= options.runtimeCutoffNs) row.outliers |= kShortKernel;
        if (cpuNs > options.runtimeCutoffNs) row.outliers |= kLongRuntime;
        if (delayNs > options.launchDelayCutoffNs) row.outliers |= kLongDelay;
        auto [it, added] = summaryOf.try_emplace(e.nameId, report.kernels.size());
        if (added) report.kernels.push_back(KernelLaunchSummary{std::string(data->name(e.nameId))});
        KernelLaunchSummary& k = report.kernels[it->second];
        ++k.count;
        bool fits = addChecked(k.gpuTotalNs, gpuNs);
        fits &= addChecked(k.cpuTotalNs, cpuNs);
        fits &= addChecked(k.delayTotalNs, delayNs);
        if (!fits) report.overflowed = true;
        k.delayMaxNs = std::max(k.delayMaxNs, delayNs);
        k.shortKernels += (row.outliers & kShortKernel) ? 1 : 0;
        k.longRuntimes += (row.outliers & kLongRuntime) ? 1 : 0;
        k.longDelays += (row.outliers & kLongDelay) ? 1 : 0;
        report.launches.push_back(row);
    }
    std::sort(report.kernels.begin(), report.kernels.end(), [](const KernelLaunchSummary& a, const KernelLaunchSummary& b) {
        return a.gpuTotalNs != b.gpuTotalNs ? a.gpuTotalNs > b.gpuTotalNs : a.kernel < b.kernel;
    });
    return report;
}

} // namespace opscope
