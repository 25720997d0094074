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
    return out;
}

} // namespace opscope
