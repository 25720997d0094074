#include "core/analysis/diagnosis/diagnosis_engine.h"

#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/roofline/roofline.h"
#include "core/model/spillable_array.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace opscope {

const char* findingStatusName(FindingStatus status) {
    switch (status) {
    case FindingStatus::Fired: return "fired";
    case FindingStatus::Passed: return "passed";
    case FindingStatus::MissingInput: return "missing_input";
    }
    return "passed";
}

const char* severityName(Severity severity) {
    switch (severity) {
    case Severity::Low: return "low";
    case Severity::Medium: return "medium";
    case Severity::High: return "high";
    }
    return "low";
}

const char* densityClassName(DensityClass c) {
    switch (c) {
    case DensityClass::MemoryBound: return "memory-bound";
    case DensityClass::Balanced: return "balanced";
    case DensityClass::ComputeBound: return "compute-bound";
    }
    return "balanced";
}

const std::vector<std::pair<const char*, RuleFunction>>& builtinRules() {
    static const std::vector<std::pair<const char*, RuleFunction>> rules{
        {"compute_starvation", &ruleComputeStarvation},
        {"memory_bandwidth", &ruleMemoryBandwidth},
        {"memory_bound_operators", &ruleMemoryBoundOperators},
        {"sync_wait", &ruleSyncWait},
        {"load_imbalance", &ruleLoadImbalance},
        {"low_l2_hit_rate", &ruleLowL2HitRate},
        {"scheduling_bound", &ruleSchedulingBound},
        {"compute_density", &ruleComputeDensity},
        {"phase_comparison", &rulePhaseComparison},
        {"memory_reserved_capacity", &ruleMemoryReservedCapacity},
        {"memory_fragmentation", &ruleMemoryFragmentation},
        {"memory_growth", &ruleMemoryGrowth},
        {"ascend_aicpu_operators", &ruleAscendAicpuOperators},
        {"ascend_dynamic_shape", &ruleAscendDynamicShape},
        {"ascend_block_dim", &ruleAscendBlockDim},
        {"ascend_operator_no_bound", &ruleAscendOperatorNoBound},
        {"ascend_op_compile", &ruleAscendOpCompile},
        {"ascend_aicore_frequency", &ruleAscendAicoreFrequency},
        {"ascend_synchronize_stream", &ruleAscendSynchronizeStream},
        {"ascend_slow_dataloader", &ruleAscendSlowDataloader},
        {"ascend_conjectured_gc", &ruleAscendConjecturedGc},
        {"ascend_aicore_vector", &ruleAscendAicoreVector},
        {"ascend_byte_alignment", &ruleAscendByteAlignment},
        {"ascend_small_packets", &ruleAscendSmallPackets},
        {"ascend_environment_variables", &ruleAscendEnvironmentVariables},
        {"ascend_aicore_cube", &ruleAscendAicoreCube},
        {"ascend_aicore_flash_attention", &ruleAscendAicoreFlashAttention},
        {"ascend_bandwidth_contention", &ruleAscendBandwidthContention},
        {"ascend_rdma_retransmission", &ruleAscendRdmaRetransmission},
        {"ascend_sync_batchnorm", &ruleAscendSyncBatchNorm},
        {"ascend_gc_events", &ruleAscendGcEvents},
        {"ascend_memory_operators", &ruleAscendMemoryOperators},
        {"ascend_fusible_operators", &ruleAscendFusibleOperators},
        {"ascend_slow_rank", &ruleAscendSlowRank},
        {"ascend_slow_link", &ruleAscendSlowLink},
        {"ascend_affinity_api", &ruleAscendAffinityApi},
        {"ascend_graph_fusion", &ruleAscendGraphFusion},
    };
    return rules;
}

Severity severityFor(double timeShare, const RulesConfig& rules) {
    if (timeShare >= rules.highTimeShare) return Severity::High;
    if (timeShare >= rules.mediumTimeShare) return Severity::Medium;
    return Severity::Low;
}

namespace {

RuleFunction functionFor(const std::string& id) {
    for (const auto& [name, fn] : builtinRules())
        if (id == name) return fn;
    return nullptr;
}

int statusOrder(FindingStatus s) {
    return s == FindingStatus::Fired ? 0 : s == FindingStatus::MissingInput ? 1 : 2;
}

} // namespace

bool runDiagnosis(Database& db, const DiagnosisOptions& options, DiagnosisReport* out, Error* error) {
    *out = DiagnosisReport{};
    std::shared_ptr<const StoreSnapshot> all = diagnosisSnapshot(db, options, error);
    if (!all) return false;
    DiagnosisContext ctx(db, options, std::move(all));
    if (!buildDiagnosisContext(&ctx, error)) return false;
    // Rules read the slices in their own orders (sorted lists of pointers into them, lookups by id): what
    // a rule left of a mapped snapshot in memory goes back after it, so that the rules' leftovers do not
    // add up to the whole file (core/model/spillable_array.h).
    const SpillableArray<SliceRecord>& slices = ctx.snapshot.slices.slices;
    slices.releaseAll();
    // The profile list must outlive the pointer detectDeviceProfile returns into it.
    const std::vector<DeviceProfile> profiles = builtinDeviceProfiles();
    if (options.device) ctx.device = options.device;
    else if (const DeviceProfile* p = detectDeviceProfile(db, profiles)) ctx.device = *p;
    out->deviceTimeNs = ctx.deviceTimeNs;
    out->fellBackToAll = ctx.fellBackToAll;
    for (const RuleConfig& rule : options.rules.rules) {
        if (!rule.enabled) continue;
        RuleFunction fn = functionFor(rule.id);
        if (!fn) {
            out->unknownRules.push_back(rule.id);
            continue;
        }
        Finding f;
        try {
            f = fn(ctx, rule);
        } catch (const nlohmann::json::exception&) { // a rules file gave a parameter of another type
            out->unknownRules.push_back(rule.id + " (parameters of the wrong type)");
            continue;
        }
        f.ruleId = rule.id;
        f.title = rule.title;
        f.suggestion = rule.suggestion;
        if (f.status == FindingStatus::MissingInput) {
            f.needs = rule.needs;
            f.timeAtStakeNs = 0;
        }
        f.timeShare = ctx.deviceTimeNs > 0 ? static_cast<double>(f.timeAtStakeNs) / static_cast<double>(ctx.deviceTimeNs) : 0;
        f.severity = f.status == FindingStatus::Fired ? severityFor(f.timeShare, options.rules) : Severity::Low;
        out->findings.push_back(std::move(f));
        slices.releaseAll();
    }
    std::stable_sort(out->findings.begin(), out->findings.end(), [](const Finding& a, const Finding& b) {
        if (statusOrder(a.status) != statusOrder(b.status)) return statusOrder(a.status) < statusOrder(b.status);
        return a.timeAtStakeNs > b.timeAtStakeNs;
    });
    out->phases = std::move(ctx.phases);
    out->roofline = std::move(ctx.roofline);
    out->bubbles = std::make_shared<const BubbleReport>(std::move(ctx.bubbles));
    if (ctx.device && !out->roofline.hasProfile) setRooflineProfile(*ctx.device, &out->roofline);
    return true;
}

} // namespace opscope
