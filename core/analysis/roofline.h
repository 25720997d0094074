// Compute density and roofline: FLOPs and bytes per operator (from metrics or args), their
// arithmetic intensity and class, and where they sit under a device profile's roofline.
#pragma once
#include "core/analysis/diagnosis_context.h"

namespace opscope {

struct DensityLimits {
    double memoryBoundBelow = 10; // ops/byte
    double computeBoundAbove = 50;
};

DensityClass classifyDensity(double intensity, const DensityLimits& limits);

// Per operator name: FLOPs and bytes summed over executions that report them. Metrics are read on
// compute tracks; args (flops / bytes fields, e.g. Kineto cpu_op with_flops) on every track.
bool collectRoofline(DiagnosisContext& ctx, const RuleConfig& densityRule, RooflineData* out, Error* error);

} // namespace opscope
