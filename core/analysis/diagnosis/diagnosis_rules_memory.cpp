// The memory rules of the diagnosis engine: they read the memory tables and the steps, then evaluate
// (core/analysis/memory/memory_rules.h) against the device profile's capacity.
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/memory/memory_rules.h"
#include "core/store/memory_reader.h"

namespace opscope {

namespace {

struct MemoryInputs {
    MemoryData data;
    std::vector<DeviceMemorySummary> devices;
    bool ok = false;
};

MemoryInputs readInputs(DiagnosisContext& ctx) {
    MemoryInputs in;
    Error error;
    if (!readMemoryData(ctx.db, &in.data, &error) || in.data.empty()) return in;
    in.devices = summarizeMemory(in.data, {});
    in.ok = true;
    return in;
}

Finding missing() {
    Finding f;
    f.status = FindingStatus::MissingInput;
    return f;
}

} // namespace

Finding ruleMemoryReservedCapacity(DiagnosisContext& ctx, const RuleConfig& rule) {
    MemoryInputs in = readInputs(ctx);
    if (!in.ok) return missing();
    return evaluateReservedCapacity(in.data, in.devices, ctx.device ? ctx.device->memoryCapacityBytes : 0, rule);
}

Finding ruleMemoryFragmentation(DiagnosisContext& ctx, const RuleConfig& rule) {
    MemoryInputs in = readInputs(ctx);
    if (!in.ok) return missing();
    return evaluateFragmentation(in.devices, rule);
}

Finding ruleMemoryGrowth(DiagnosisContext& ctx, const RuleConfig& rule) {
    MemoryInputs in = readInputs(ctx);
    if (!in.ok) return missing();
    std::vector<TimeNs> steps;
    Error error;
    if (!readStepStarts(ctx.db, rule.strings("step_patterns"), &steps, &error)) return missing();
    return evaluateMemoryGrowth(in.data, in.devices, steps, rule);
}

} // namespace opscope
