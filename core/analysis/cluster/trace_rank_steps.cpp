#include "core/analysis/cluster/trace_rank_steps.h"

#include "core/analysis/device_alignment.h"
#include "core/analysis/interval_union.h"

#include <algorithm>
#include <map>
#include <set>

namespace opscope {

namespace {

bool startsWith(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }
bool endsWith(const std::string& text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool isComputeTaskType(const std::string& type) {
    static const std::set<std::string> types = {"AI_CORE", "AI_VECTOR_CORE", "AI_CPU", "MIX_AIC", "MIX_AIV"};
    return types.count(type) != 0;
}

struct StepSpan {
    std::string label;
    TimeNs startNs = 0, endNs = 0;
};

// Steps of one device: host ProfilerStep#N of the same input, else the device's step track, else
// one unnamed step over its tasks. A step seen twice (overlap lanes) counts once, at its longest.
std::vector<StepSpan> stepsOfDevice(const RankTaskRows& rows, std::int64_t deviceId, const std::set<std::string>& prefixes,
                                    const std::map<std::int64_t, std::string>& prefixOfProcess) {
    std::map<std::string, StepSpan> host, device;
    for (const StepMarkerRow& s : rows.steps) {
        std::map<std::string, StepSpan>* into = nullptr;
        if (s.deviceId == deviceId) into = &device;
        else if (s.deviceId == 0) {
            auto p = prefixOfProcess.find(s.processId);
            if (p != prefixOfProcess.end() && prefixes.count(p->second)) into = &host;
        }
        if (!into) continue;
        StepSpan span{stepLabelOf(s.name), s.tsNs, s.tsNs + s.durNs};
        auto [it, added] = into->emplace(span.label, span);
        if (!added && span.endNs - span.startNs > it->second.endNs - it->second.startNs) it->second = span;
    }
    const auto& chosen = !host.empty() ? host : device;
    std::vector<StepSpan> out;
    for (const auto& [label, span] : chosen) out.push_back(span);
    std::sort(out.begin(), out.end(), [](const StepSpan& a, const StepSpan& b) { return a.startNs < b.startNs; });
    return out;
}

TimeNs coveredIn(const CoverageIndex& index, const StepSpan& step) { return index.coveredNs(step.startNs, step.endNs); }

// [first start, last end) of the merged busy intervals that start inside the step; empty when none.
StepSpan busySpanOf(const CoverageIndex& busy, const StepSpan& step) {
    const auto& all = busy.intervals();
    auto first = std::lower_bound(all.begin(), all.end(), step.startNs,
                                  [](const Interval& i, TimeNs t) { return i.startNs < t; });
    auto last = std::lower_bound(first, all.end(), step.endNs, [](const Interval& i, TimeNs t) { return i.startNs < t; });
    if (first == last) return {step.label, step.startNs, step.startNs};
    return {step.label, first->startNs, std::prev(last)->endNs};
}

} // namespace

ClusterTaskClass classifyClusterTask(const DeviceTaskRow& t) {
    const bool ascendHardware = startsWith(t.processName, "Ascend Hardware");
    if (startsWith(t.processName, "HCCL")) {
        // The operator rows; the plane tasks inside them are covered by them.
        return startsWith(t.threadName, "Group") ? ClusterTaskClass::Communication : ClusterTaskClass::Neither;
    }
    if (ascendHardware) {
        if (startsWith(t.name, "hcom_") || endsWith(t.name, "AicpuKernel") || endsWith(t.name, "AivKernel"))
            return ClusterTaskClass::Communication;
        if (isComputeTaskType(t.taskType)) return ClusterTaskClass::Compute;
        // DSA_SQE is compute when it is an operator (aclnnDropoutGenMask...), not a runtime task
        // named like its type (MEMCPY_ASYNC): operators carry lower-case letters.
        if (t.taskType == "DSA_SQE" && std::any_of(t.name.begin(), t.name.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
            return ClusterTaskClass::Compute;
        return ClusterTaskClass::Neither;
    }
    if (t.name.find("nccl") != std::string::npos || startsWith(t.name, "hccl")) return ClusterTaskClass::Communication;
    if (t.computeTrack && t.category != "gpu_memcpy" && t.category != "gpu_memset" &&
        t.name.find("Memcpy") == std::string::npos && t.name.find("Memset") == std::string::npos)
        return ClusterTaskClass::Compute;
    return ClusterTaskClass::Neither;
}

std::string stepLabelOf(const std::string& markerName) {
    for (std::string_view prefix : {"ProfilerStep#", "Step ", "step"})
        if (startsWith(markerName, prefix)) return markerName.substr(prefix.size());
    return markerName;
}

std::vector<RankStepFigures> TraceRankStepSource::rankSteps() const {
    std::map<std::int64_t, std::string> prefixOfProcess;
    std::map<std::int64_t, std::set<std::string>> prefixesOfDevice;
    for (const RankProcessRow& p : rows_.processes) {
        prefixOfProcess[p.id] = inputPrefixOfProcessKey(p.pid);
        if (p.deviceId) prefixesOfDevice[p.deviceId].insert(prefixOfProcess[p.id]);
    }
    std::map<std::int64_t, std::vector<Interval>> compute, communication;
    for (const DeviceTaskRow& t : rows_.tasks) {
        ClusterTaskClass c = classifyClusterTask(t);
        if (c == ClusterTaskClass::Neither || t.durNs <= 0) continue;
        (c == ClusterTaskClass::Compute ? compute : communication)[t.deviceId].push_back({t.tsNs, t.tsNs + t.durNs});
    }
    std::vector<RankStepFigures> out;
    for (const RankDeviceRow& d : rows_.devices) {
        std::vector<Interval>& comp = compute[d.id];
        std::vector<Interval>& comm = communication[d.id];
        if (comp.empty() && comm.empty()) continue;
        std::vector<Interval> both = comp;
        both.insert(both.end(), comm.begin(), comm.end());
        CoverageIndex compIndex(comp), commIndex(comm), busyIndex(both);
        std::vector<StepSpan> steps = stepsOfDevice(rows_, d.id, prefixesOfDevice[d.id], prefixOfProcess);
        if (steps.empty()) {
            const auto& all = busyIndex.intervals();
            steps.push_back({"", all.front().startNs, all.back().endNs});
        }
        for (const StepSpan& s : steps) {
            RankStepFigures f;
            f.rank = d.rank >= 0 ? d.rank : d.ordinal;
            f.step = s.label;
            // As torch_npu's step_trace_time: the step's busy intervals are those that start inside it,
            // whole; stage spans them from the first start to the last end, free is its gaps.
            const StepSpan busy = busySpanOf(busyIndex, s);
            f.startNs = busy.startNs;
            f.stageNs = busy.endNs - busy.startNs;
            f.computeNs = coveredIn(compIndex, busy);
            f.communicationNs = coveredIn(commIndex, busy);
            const TimeNs busyNs = coveredIn(busyIndex, busy);
            // comm ∖ compute = (comm ∪ compute) − compute.
            f.communicationNotOverlappedNs = busyNs - f.computeNs;
            f.freeNs = f.stageNs - busyNs;
            out.push_back(std::move(f));
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const RankStepFigures& a, const RankStepFigures& b) {
        return a.rank < b.rank;
    });
    return out;
}

} // namespace opscope
