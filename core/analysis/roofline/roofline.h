// Compute density and roofline: FLOPs and bytes per operator (from metrics or args), their
// arithmetic intensity and class, and where they sit under a device profile's roofline.
#pragma once
#include "core/analysis/diagnosis/diagnosis_context.h"

namespace opscope {

struct DensityLimits {
    double memoryBoundBelow = 10; // ops/byte
    double computeBoundAbove = 50;
};

DensityClass classifyDensity(double intensity, const DensityLimits& limits);

// The profile's ceilings into the roofline, with the fields it lacks for one (profileMissing).
void setRooflineProfile(const DeviceProfile& profile, RooflineData* out);

// Per operator name: FLOPs and bytes summed over executions that report them. Metrics are read on
// compute tracks; args (flops / bytes fields, e.g. Kineto cpu_op with_flops) on every track. Ascend tasks
// with FLOPs (ArithmeticUtilization fops) but no memory counters take their bytes from their tensor
// shapes and data types (tensor_bytes.h); Ascend PMU data lacking either says what to collect (needs).
bool collectRoofline(DiagnosisContext& ctx, const RuleConfig& densityRule, RooflineData* out, Error* error);

} // namespace opscope
