#include "core/analysis/breakdown/breakdown_json.h"

namespace opscope {

namespace {

nlohmann::json stepJson(const StepBreakdown& s) {
    return {{"step", s.step},
            {"range_start_ns", s.rangeStartNs},
            {"range_end_ns", s.rangeEndNs},
            {"stage_ns", s.stageNs},
            {"compute_ns", s.computeNs},
            {"communication_ns", s.communicationNs},
            {"overlap_ns", s.overlapNs},
            {"communication_not_overlapped_ns", s.communicationNotOverlappedNs},
            {"free_ns", s.freeNs},
            {"preparing_ns", s.preparingNs},
            {"bubble_ns", s.bubbleNs},
            {"unlinked_slices", s.unlinkedSlices},
            {"memory_not_overlapped_ns", s.memoryNs}};
}

nlohmann::json deviceJson(const DeviceBreakdown& d) {
    nlohmann::json kernelTypes = nlohmann::json::array();
    for (const KernelTypeTime& k : d.kernelTypes) {
        nlohmann::json names = nlohmann::json::array();
        for (const KernelNameTime& n : k.names) names.push_back({{"name", n.name}, {"time_ns", n.timeNs}, {"count", n.count}});
        kernelTypes.push_back({{"class", deviceClassName(k.deviceClass)}, {"time_ns", k.timeNs}, {"names", names}});
    }
    nlohmann::json steps = nlohmann::json::array();
    for (const StepBreakdown& s : d.steps) steps.push_back(stepJson(s));
    nlohmann::json counts = nlohmann::json::object();
    for (int c = 0; c < kDeviceClassCount; ++c) counts[deviceClassName(static_cast<DeviceClass>(c))] = d.sliceCounts[c];
    return {{"name", d.name},
            {"kind", d.kind},
            {"rank", d.rank ? nlohmann::json(*d.rank) : nlohmann::json(nullptr)},
            {"first_start_ns", d.firstStartNs},
            {"last_end_ns", d.lastEndNs},
            {"span_ns", d.spanNs},
            {"compute_ns", d.computeNs},
            {"communication_ns", d.communicationNs},
            {"overlap_ns", d.overlapNs},
            {"communication_not_overlapped_ns", d.communicationNotOverlappedNs},
            {"memory_ns", d.memoryNs},
            {"wait_ns", d.waitNs},
            {"idle_ns", d.idleNs},
            {"busy_ns", d.busyNs},
            {"other_ns", d.otherNs},
            {"comm_compute_overlap_pct", d.commComputeOverlapPct},
            {"slices", counts},
            {"kernel_types", kernelTypes},
            {"step_rule", stepRuleName(d.stepRule)},
            {"steps", steps}};
}

} // namespace

nlohmann::json breakdownJson(const BreakdownReport& report) {
    nlohmann::json devices = nlohmann::json::array();
    for (const DeviceBreakdown& d : report.devices) devices.push_back(deviceJson(d));
    nlohmann::json doc = {{"devices", devices}};
    if (report.devices.empty()) doc["message"] = report.classified ? "no device activity" : "store made before device classes: re-import it";
    return doc;
}

} // namespace opscope
