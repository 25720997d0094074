#include "core/analysis/launch/critical_path.h"

#include "core/analysis/launch/checked_sum.h"
#include "core/analysis/launch/critical_path_builder.h"

#include <algorithm>

namespace opscope {

const char* pathBoundName(PathBound bound) {
    switch (bound) {
    case PathBound::Host: return "host";
    case PathBound::Launch: return "launch";
    case PathBound::Device: return "device";
    case PathBound::Sync: return "sync";
    }
    return "host";
}

const char* htaBoundName(HtaBound bound) {
    switch (bound) {
    case HtaBound::CpuBound: return "cpu_bound";
    case HtaBound::GpuCompute: return "gpu_compute_bound";
    case HtaBound::GpuCommunication: return "gpu_communication_bound";
    case HtaBound::KernelKernelOverhead: return "gpu_kernel_kernel_overhead";
    case HtaBound::LaunchOverhead: return "gpu_kernel_launch_overhead";
    }
    return "cpu_bound";
}

const char* pathEdgeTypeName(PathEdgeType type) {
    switch (type) {
    case PathEdgeType::OperatorKernel: return "critical_path_operator";
    case PathEdgeType::Dependency: return "critical_path_dependency";
    case PathEdgeType::LaunchDelay: return "critical_path_kernel_launch_delay";
    case PathEdgeType::KernelKernelDelay: return "critical_path_kernel_kernel_delay";
    case PathEdgeType::Sync: return "critical_path_sync_dependency";
    }
    return "critical_path_operator";
}

namespace {

// The path's edges as segments, with both breakdowns.
CriticalPath summarise(std::int64_t step, TimeRange window, const StepGraph& g) {
    CriticalPath path;
    path.step = step;
    path.startNs = window.startNs;
    path.endNs = window.endNs;
    const std::vector<std::uint32_t> edges = g.graph.longestPath();
    for (std::uint32_t k : edges) {
        const PathEdge& e = g.graph.edges()[k];
        const TimeNs from = g.graph.nodes()[e.from].tsNs, to = g.graph.nodes()[e.to].tsNs;
        path.endNs = std::max(path.endNs, to);
        addChecked(path.lengthNs, e.weightNs);
        PathSegment s{PathBound::Host, from, to, e.attributedSlice, e.type, e.weightNs};
        switch (e.type) {
        case PathEdgeType::Dependency: continue;
        case PathEdgeType::Sync:
            s.kind = PathBound::Sync;
            ++path.syncEdges;
            if (to > from) addChecked(path.boundNs[static_cast<std::size_t>(PathBound::Sync)], to - from);
            break;
        case PathEdgeType::LaunchDelay:
            s.kind = PathBound::Launch;
            addChecked(path.htaBoundNs[static_cast<std::size_t>(HtaBound::LaunchOverhead)], e.weightNs);
            break;
        case PathEdgeType::KernelKernelDelay:
            s.kind = PathBound::Device;
            addChecked(path.htaBoundNs[static_cast<std::size_t>(HtaBound::KernelKernelOverhead)], e.weightNs);
            break;
        case PathEdgeType::OperatorKernel: {
            const HtaBound klass = g.edgeClass[k];
            s.kind = klass == HtaBound::CpuBound ? PathBound::Host : PathBound::Device;
            addChecked(path.htaBoundNs[static_cast<std::size_t>(klass)], e.weightNs);
            break;
        }
        }
        if (s.kind != PathBound::Sync) addChecked(path.boundNs[static_cast<std::size_t>(s.kind)], e.weightNs);
        if (to > from) path.segments.push_back(s);
    }
    path.bound = PathBound::Host;
    for (PathBound b : {PathBound::Launch, PathBound::Device})
        if (path.boundNs[static_cast<std::size_t>(b)] > path.boundNs[static_cast<std::size_t>(path.bound)]) path.bound = b;
    path.htaBound = static_cast<HtaBound>(std::max_element(path.htaBoundNs.begin(), path.htaBoundNs.end()) - path.htaBoundNs.begin());
    return path;
}

} // namespace

std::vector<CriticalPath> computeCriticalPaths(const LaunchData& launches, const HostCallData& host,
                                               const SyncEventData& syncs, const std::vector<std::int64_t>& steps) {
    const CriticalPathInputs inputs(launches, host, syncs);
    std::vector<CriticalPath> out;
    for (const HostSliceRecord& s : host.slices) {
        const std::int64_t n = profilerStepNumber(host.text(s.nameId));
        if (n < 0 || (!steps.empty() && std::find(steps.begin(), steps.end(), n) == steps.end())) continue;
        const TimeRange window{s.tsNs, s.tsNs + s.durNs};
        out.push_back(summarise(n, window, inputs.buildStep(window)));
    }
    std::sort(out.begin(), out.end(), [](const CriticalPath& a, const CriticalPath& b) { return a.startNs < b.startNs; });
    return out;
}

} // namespace opscope
