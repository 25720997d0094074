#include "core/analysis/launch/kernel_sequences.h"

#include "core/analysis/launch/checked_sum.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

struct Occurrence {
    std::vector<const DeviceLaunchEvent*> kernels;
};

// Root operators by slice id: HTA's rule with a name, else the top-level cpu_ops.
std::vector<char> rootFlags(const HostCallData& host, const SequenceOptions& options) {
    std::vector<char> root(host.slices.size(), 0);
    std::uint32_t cpuOp = 0;
    for (std::size_t id = 0; id < host.strings.size(); ++id)
        if (host.strings[id] == "cpu_op") cpuOp = static_cast<std::uint32_t>(id);
    if (options.operatorName.empty()) {
        for (std::size_t i = 0; i < host.slices.size(); ++i)
            root[i] = cpuOp && host.slices[i].catId == cpuOp && host.slices[i].depth == 0;
        return root;
    }
    std::int32_t minDepth = -1;
    for (const HostSliceRecord& s : host.slices)
        if (host.text(s.nameId).find(options.operatorName) != std::string_view::npos)
            minDepth = minDepth < 0 ? s.depth : std::min<std::int32_t>(minDepth, s.depth);
    for (std::size_t i = 0; i < host.slices.size(); ++i) {
        const HostSliceRecord& s = host.slices[i];
        root[i] = s.depth == minDepth && host.text(s.nameId).find(options.operatorName) != std::string_view::npos;
    }
    return root;
}

} // namespace

SequenceReport findKernelSequences(const LaunchData& launches, const HostCallData& host, const SequenceOptions& options) {
    SequenceReport report;
    const std::vector<char> root = rootFlags(host, options);
    std::map<std::int64_t, Occurrence> byRoot; // root slice id -> its kernels
    for (const DeviceLaunchEvent& e : launches.events) {
        if (!e.linked()) continue;
        std::size_t guard = 0;
        for (const HostSliceRecord* s = host.find(e.callSliceId); s && guard < 4096; ++guard) {
            const std::size_t index = static_cast<std::size_t>(s - host.slices.data());
            if (root[index]) {
                byRoot[s->id].kernels.push_back(&e);
                break;
            }
            s = s->parentId ? host.find(s->parentId) : nullptr;
        }
    }
    std::unordered_map<std::string, std::size_t> indexOf;
    for (auto& [rootId, occurrence] : byRoot) {
        if (static_cast<std::int64_t>(occurrence.kernels.size()) < options.minPatternLength) continue;
        ++report.roots;
        std::sort(occurrence.kernels.begin(), occurrence.kernels.end(), [](const DeviceLaunchEvent* a, const DeviceLaunchEvent* b) {
            return a->tsNs != b->tsNs ? a->tsNs < b->tsNs : a->sliceId < b->sliceId;
        });
        const HostSliceRecord* op = host.find(rootId);
        std::string pattern(host.text(op->nameId));
        TimeNs gpu = 0, delay = 0, firstCall = occurrence.kernels.front()->callTsNs;
        bool fits = true;
        for (const DeviceLaunchEvent* k : occurrence.kernels) {
            pattern.append("|").append(launches.name(k->nameId));
            fits &= addChecked(gpu, k->durNs);
            fits &= addChecked(delay, k->launchDelayNs());
            firstCall = std::min(firstCall, k->callTsNs);
        }
        auto [it, added] = indexOf.try_emplace(pattern, report.sequences.size());
        if (added) {
            KernelSequence fresh;
            fresh.pattern = pattern;
            fresh.kernels = static_cast<std::int64_t>(occurrence.kernels.size());
            report.sequences.push_back(std::move(fresh));
        }
        KernelSequence& seq = report.sequences[it->second];
        ++seq.count;
        fits &= addChecked(seq.gpuTotalNs, gpu);
        fits &= addChecked(seq.cpuTotalNs, op->durNs);
        fits &= addChecked(seq.opToLaunchTotalNs, firstCall - op->tsNs);
        fits &= addChecked(seq.launchToKernelTotalNs, delay);
        if (!fits) report.overflowed = true;
    }
    std::sort(report.sequences.begin(), report.sequences.end(), [](const KernelSequence& a, const KernelSequence& b) {
        return a.count != b.count ? a.count > b.count : a.pattern < b.pattern;
    });
    for (const KernelSequence& s : report.sequences)
        if (s.count >= 2 && static_cast<std::int64_t>(report.fusionCandidates.size()) < options.topK)
            report.fusionCandidates.push_back(s);
    return report;
}

} // namespace opscope
