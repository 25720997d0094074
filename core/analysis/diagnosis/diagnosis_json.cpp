#include "core/analysis/diagnosis/diagnosis_json.h"

#include <cmath>

namespace opscope {

using json = nlohmann::ordered_json;

namespace {

json text(const LocalizedText& t) { return json{{"en", t.en}, {"zh_CN", t.zhCN}}; }

// JSON has no NaN or infinity: such values become null.
json number(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

json findingJson(const Finding& f) {
    json j{{"rule_id", f.ruleId},
           {"title", text(f.title)},
           {"status", findingStatusName(f.status)},
           {"severity", severityName(f.severity)},
           {"measured", number(f.measured)},
           {"unit", f.unit},
           {"threshold", number(f.threshold)},
           {"comparison", f.comparison},
           {"time_at_stake_ns", f.timeAtStakeNs},
           {"time_share", number(f.timeShare)},
           {"detail", f.detail},
           {"guard", f.guard},
           {"suggestion", text(f.suggestion)}};
    if (f.status == FindingStatus::MissingInput) j["needs"] = text(f.needs);
    json ranges = json::array();
    for (const EvidenceRange& r : f.ranges)
        ranges.push_back({{"start_ns", r.startNs}, {"end_ns", r.endNs}, {"track_id", r.trackId}, {"label", r.label}});
    json ops = json::array();
    for (const EvidenceOperator& o : f.operators)
        ops.push_back({{"name", o.name}, {"value", number(o.value)}, {"total_ns", o.totalNs}, {"count", o.count},
                       {"slice_ids", o.sliceIds}});
    j["evidence"] = {{"ranges", ranges}, {"operators", ops}};
    return j;
}

json rooflineJson(const RooflineData& r) {
    json j{{"memory_bound_below", r.memoryBoundBelow}, {"compute_bound_above", r.computeBoundAbove}};
    if (r.hasProfile)
        j["device"] = {{"id", r.profile.id},           {"name", r.profile.name},
                       {"nominal", r.profile.nominal}, {"verified", r.profile.verified},
                       {"peak_tflops", r.peakTflops},  {"memory_bandwidth_gbps", r.bandwidthGBps},
                       {"ridge_flops_per_byte", number(r.ridgeIntensity)},
                       {"unknown", r.profile.unknown},  {"missing_for_roofline", r.profileMissing}};
    json needs = json::array();
    for (const RooflineNeed& n : r.needs) needs.push_back({{"what", n.what}, {"collect", n.collect}});
    j["needs"] = std::move(needs);
    j["bytes_source"] = r.bytesSource;
    json points = json::array();
    for (const RooflinePoint& p : r.points) {
        json pj{{"name", p.name},           {"flops", number(p.flops)},       {"bytes", number(p.bytes)},
                {"total_ns", p.totalNs},    {"count", p.count},               {"flops_per_byte", number(p.intensity)},
                {"achieved_tflops", number(p.achievedTflops)}, {"class", densityClassName(p.densityClass)}};
        if (r.hasProfile && r.profileMissing.empty()) pj["attainable_tflops"] = number(p.attainableTflops);
        points.push_back(std::move(pj));
    }
    j["points"] = std::move(points);
    return j;
}

} // namespace

json diagnosisToJson(const DiagnosisReport& report) {
    json findings = json::array();
    for (const Finding& f : report.findings) findings.push_back(findingJson(f));
    json phases = json::array();
    for (const PhaseRow& p : report.phases)
        phases.push_back({{"name", p.name},           {"kind", p.kind},           {"instances", p.instances},
                          {"start_ns", p.startNs},    {"end_ns", p.endNs},        {"duration_ns", p.durationNs},
                          {"device_busy_ns", p.deviceBusyNs}, {"utilization", number(p.utilization)}});
    return json{{"device_time_ns", report.deviceTimeNs},
                {"fell_back_to_all_tracks", report.fellBackToAll},
                {"unknown_rules", report.unknownRules},
                {"findings", std::move(findings)},
                {"phases", std::move(phases)},
                {"roofline", rooflineJson(report.roofline)}};
}

} // namespace opscope
