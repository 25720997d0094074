// The built-in diagnosis rules, one function per rule id; each reads the shared context and the
// rule's parameters and returns a finding (texts and severity are filled in by the engine).
#pragma once
#include "core/analysis/diagnosis/diagnosis_context.h"

#include <utility>
#include <vector>

namespace opscope {

using RuleFunction = Finding (*)(DiagnosisContext& ctx, const RuleConfig& rule);

Finding ruleComputeStarvation(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleSyncWait(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleLoadImbalance(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleMemoryBandwidth(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleMemoryBoundOperators(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleSchedulingBound(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleLowL2HitRate(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleComputeDensity(DiagnosisContext& ctx, const RuleConfig& rule);
Finding rulePhaseComparison(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleMemoryReservedCapacity(DiagnosisContext& ctx, const RuleConfig& rule); // diagnosis_rules_memory.cpp
Finding ruleMemoryFragmentation(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleMemoryGrowth(DiagnosisContext& ctx, const RuleConfig& rule);
// The msprof-analyze advisor's rules: diagnosis_rules_ascend.cpp.
Finding ruleAscendAicpuOperators(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendDynamicShape(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendBlockDim(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendOperatorNoBound(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendOpCompile(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendAicoreFrequency(DiagnosisContext& ctx, const RuleConfig& rule);
// The advisor's schedule and dataloader rules: diagnosis_rules_ascend_schedule.cpp.
Finding ruleAscendSynchronizeStream(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendSlowDataloader(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendConjecturedGc(DiagnosisContext& ctx, const RuleConfig& rule);
// The advisor's AI Core performance check for vector operators: diagnosis_rules_ascend_aicore.cpp.
Finding ruleAscendAicoreVector(DiagnosisContext& ctx, const RuleConfig& rule);
// The advisor's byte-alignment rule over the communication planes: diagnosis_rules_ascend_communication.cpp.
Finding ruleAscendByteAlignment(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendSmallPackets(DiagnosisContext& ctx, const RuleConfig& rule);
// The advisor's cube and FlashAttention AI Core performance checks: diagnosis_rules_ascend_cube_fa.cpp.
Finding ruleAscendAicoreCube(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendAicoreFlashAttention(DiagnosisContext& ctx, const RuleConfig& rule);
// Bandwidth contention and RDMA retransmission: diagnosis_rules_ascend_communication.cpp.
Finding ruleAscendBandwidthContention(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendRdmaRetransmission(DiagnosisContext& ctx, const RuleConfig& rule);
// SyncBatchNorm, recorded GC events, device memory calls: diagnosis_rules_ascend_host_calls.cpp.
Finding ruleAscendSyncBatchNorm(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendGcEvents(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendMemoryOperators(DiagnosisContext& ctx, const RuleConfig& rule);
// Fusible operator sequences: diagnosis_rules_ascend_fusible.cpp.
Finding ruleAscendFusibleOperators(DiagnosisContext& ctx, const RuleConfig& rule);
// The advisor's cluster rules, slow rank and slow link: diagnosis_rules_ascend_cluster.cpp.
Finding ruleAscendSlowRank(DiagnosisContext& ctx, const RuleConfig& rule);
Finding ruleAscendSlowLink(DiagnosisContext& ctx, const RuleConfig& rule);
// Affinity APIs: framework operator sequences a fused API replaces: diagnosis_rules_ascend_affinity.cpp.
Finding ruleAscendAffinityApi(DiagnosisContext& ctx, const RuleConfig& rule);
// Graph fusion patterns found in the stored GE graph: diagnosis_rules_ascend_graph_fusion.cpp.
Finding ruleAscendGraphFusion(DiagnosisContext& ctx, const RuleConfig& rule);
// The advisor's environment variable check: diagnosis_rules_ascend_environment.cpp.
Finding ruleAscendEnvironmentVariables(DiagnosisContext& ctx, const RuleConfig& rule);

const std::vector<std::pair<const char*, RuleFunction>>& builtinRules();

} // namespace opscope
