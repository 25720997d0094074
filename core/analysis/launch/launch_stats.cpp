#include "core/analysis/launch/launch_stats.h"

#include "core/analysis/launch/checked_sum.h"

#include <algorithm>
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

LaunchStatsReport computeLaunchStats(const LaunchData& data, const LaunchStatsOptions& options) {
    LaunchStatsReport report;
    report.deviceEvents = static_cast<std::int64_t>(data.events.size());
    std::vector<const DeviceLaunchEvent*> linked;
    for (const DeviceLaunchEvent& e : data.events) {
        if (e.linked()) linked.push_back(&e);
        else ++report.unlinkedEvents;
    }
    std::sort(linked.begin(), linked.end(), [](const DeviceLaunchEvent* a, const DeviceLaunchEvent* b) {
        return a->tsNs != b->tsNs ? a->tsNs < b->tsNs : a->sliceId < b->sliceId;
    });
    auto labels = std::make_shared<LaunchLabels>();
    for (const LaunchStream& stream : data.streams) labels->streams.push_back({stream.device, stream.stream});
    std::unordered_map<std::uint32_t, std::uint32_t> labelOf; // store string id -> LaunchLabels::names
    auto label = [&](std::uint32_t nameId) {
        auto [it, added] = labelOf.try_emplace(nameId, static_cast<std::uint32_t>(labels->names.size()));
        if (added) labels->names.emplace_back(data.name(nameId));
        return it->second;
    };
    std::unordered_map<std::uint32_t, std::size_t> summaryOf;
    report.launches.reserve(linked.size());
    for (const DeviceLaunchEvent* e : linked) {
        LaunchRow row;
        row.deviceSliceId = e->sliceId;
        row.callSliceId = e->callSliceId;
        row.correlationId = e->correlationId;
        row.hasCorrelation = e->hasCorrelation;
        row.runtimeCallName = label(e->callNameId);
        row.kernelName = label(e->nameId);
        row.streamIndex = e->stream;
        row.cpuDurationNs = e->callDurNs;
        row.gpuDurationNs = e->durNs;
        row.launchDelayNs = std::max<TimeNs>(0, e->tsNs - e->callEndNs());
        if (row.gpuDurationNs < row.cpuDurationNs && row.cpuDurationNs <= options.runtimeCutoffNs) row.outliers |= kShortKernel;
        if (row.cpuDurationNs > options.runtimeCutoffNs) row.outliers |= kLongRuntime;
        if (row.launchDelayNs > options.launchDelayCutoffNs) row.outliers |= kLongDelay;
        auto [it, added] = summaryOf.try_emplace(e->nameId, report.kernels.size());
        if (added) report.kernels.push_back(KernelLaunchSummary{labels->names[row.kernelName]});
        KernelLaunchSummary& k = report.kernels[it->second];
        ++k.count;
        bool fits = addChecked(k.gpuTotalNs, row.gpuDurationNs);
        fits &= addChecked(k.cpuTotalNs, row.cpuDurationNs);
        fits &= addChecked(k.delayTotalNs, row.launchDelayNs);
        if (!fits) report.overflowed = true;
        k.delayMaxNs = std::max(k.delayMaxNs, row.launchDelayNs);
        k.shortKernels += (row.outliers & kShortKernel) ? 1 : 0;
        k.longRuntimes += (row.outliers & kLongRuntime) ? 1 : 0;
        k.longDelays += (row.outliers & kLongDelay) ? 1 : 0;
        report.launches.push_back(std::move(row));
    }
    std::sort(report.kernels.begin(), report.kernels.end(), [](const KernelLaunchSummary& a, const KernelLaunchSummary& b) {
        return a.gpuTotalNs != b.gpuTotalNs ? a.gpuTotalNs > b.gpuTotalNs : a.kernel < b.kernel;
    });
    report.labels = std::move(labels);
    return report;
}

} // namespace opscope
