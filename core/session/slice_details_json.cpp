#include "core/session/slice_details_json.h"

namespace opscope {

nlohmann::json sliceDetailsToJson(const SliceDetails& d) {
    nlohmann::json out{{"id", d.id},
                       {"name", d.name},
                       {"category", d.category},
                       {"type", d.type},
                       {"track_id", d.trackId},
                       {"track", d.trackName},
                       {"process", d.processName},
                       {"thread", d.threadName},
                       {"ts_ns", d.tsNs},
                       {"dur_ns", d.durNs},
                       {"self_ns", d.selfNs},
                       {"depth", d.depth},
                       {"flags", d.flags},
                       {"parent_id", d.parentId ? nlohmann::json(*d.parentId) : nlohmann::json(nullptr)}};
    nlohmann::json args = nlohmann::json::array();
    for (const SliceArgRow& a : d.args)
        args.push_back({{"key", a.key}, {"value", a.value}, {"level", a.level}, {"container", a.isContainer}});
    out["args"] = std::move(args);
    nlohmann::json flows = nlohmann::json::array();
    for (const SliceFlowRef& f : d.flows)
        flows.push_back({{"direction", f.outgoing ? "out" : "in"},
                         {"other_slice_id", f.otherSliceId},
                         {"other_name", f.otherName},
                         {"other_track_id", f.otherTrackId},
                         {"other_ts_ns", f.otherTsNs},
                         {"category", f.category},
                         {"name", f.name}});
    out["flows"] = std::move(flows);
    nlohmann::json metrics = nlohmann::json::array();
    for (const SliceMetricGroup& g : d.metricGroups)
        for (const SliceMetricRow& m : g.rows)
            metrics.push_back({{"group", g.name},
                               {"name", m.name},
                               {"unit", m.unit},
                               {"value", m.num ? nlohmann::json(*m.num) : nlohmann::json(m.text)}});
    out["metrics"] = std::move(metrics);
    // Added in session 5: the device class, and for a wait what it waits for (docs/cli.md, slice).
    out["device_class"] = d.deviceClass.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.deviceClass);
    out["waits_for"] = d.waitFor.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.waitFor);
    out["wait_collective"] = d.waitCollective.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.waitCollective);
    // Added in session 6: the AI Core frequency under an Ascend compute slice (docs/cli.md, slice).
    if (d.aicoreLowestMhz && d.aicoreHighestMhz)
        out["aicore_frequency"] = {{"lowest_mhz", *d.aicoreLowestMhz},
                                   {"device_highest_mhz", *d.aicoreHighestMhz},
                                   {"dropped", *d.aicoreLowestMhz < *d.aicoreHighestMhz}};
    else
        out["aicore_frequency"] = nullptr;
    return out;
}

namespace {
nlohmann::json opJson(const HostOpRef& op) {
    if (!op.sliceId) return nullptr;
    return {{"slice_id", op.sliceId}, {"name", op.name}};
}
} // namespace

void addSliceLaunchJson(const SliceLaunchDetails& launch, nlohmann::json* sliceJson) {
    nlohmann::json& out = *sliceJson;
    if (launch.isLaunched) {
        const LaunchedFrom& f = launch.launchedFrom;
        out["launched_from"] = {
            {"call_slice_id", f.call.sliceId},
            {"call", f.call.name},
            {"call_track_id", f.call.trackId},
            {"call_track", f.call.trackName},
            {"call_ts_ns", f.call.tsNs},
            {"call_dur_ns", f.call.durNs},
            {"correlation_id", f.call.hasCorrelation ? nlohmann::json(f.call.correlationId) : nlohmann::json(nullptr)},
            {"link_source", f.call.source},
            {"top_operator", opJson(f.topOperator)},
            {"innermost_operator", opJson(f.innermostOperator)},
            {"step", f.step >= 0 ? nlohmann::json(f.step) : nlohmann::json(nullptr)},
            {"step_slice_id", f.stepSliceId ? nlohmann::json(f.stepSliceId) : nlohmann::json(nullptr)},
            {"phase", launchPhaseName(f.phase)},
            {"launch_delay_ns", f.launchDelayNs}};
    } else {
        out["launched_from"] = nullptr;
    }
    nlohmann::json kernels = nlohmann::json::array();
    for (const LaunchedKernelRecord& k : launch.launched)
        kernels.push_back({{"slice_id", k.sliceId},
                           {"call_slice_id", k.callSliceId},
                           {"name", k.name},
                           {"device", k.device},
                           {"stream", k.stream},
                           {"track_id", k.trackId},
                           {"ts_ns", k.tsNs},
                           {"dur_ns", k.durNs}});
    nlohmann::json streams = nlohmann::json::array();
    for (const LaunchedStreamTotal& s : launch.launchedStreams)
        streams.push_back({{"device", s.device}, {"stream", s.stream}, {"count", s.count}, {"dur_ns", s.durNs}});
    out["launched"] = {{"count", launch.launched.size()},
                       {"device_ns", launch.launchedDeviceNs},
                       {"overflowed", launch.launchedOverflowed},
                       {"streams", std::move(streams)},
                       {"kernels", std::move(kernels)}};
}

} // namespace opscope
