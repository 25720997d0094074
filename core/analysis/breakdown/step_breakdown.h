// Per-step columns of torch_npu's step_trace_time.csv on one device: the Ascend text-export rule
// (lane intervals counted whole in the step whose device range holds their start) and the Kineto rule
// (each slice in the step that launched it).
#pragma once
#include "core/analysis/breakdown/breakdown_types.h"
#include "core/store/breakdown_reader.h"

#include <vector>

namespace opscope {

// A step's range on the device time line, torch_npu's get_step_range: from the earliest start of the
// device work launched inside the host step to max(its last end, the host step's end).
std::vector<TimeRange> torchNpuStepRanges(const BreakdownDeviceInput& device);

// The step (index into device.hostSteps) a slice belongs to under rule; -1: none.
int stepOfSlice(const BreakdownDeviceInput& device, const std::vector<TimeRange>& ranges, StepRule rule,
                const BreakdownSlice& slice);

// Fills out->steps (and out->stepRule) for the device. False when a sum overflows.
bool fillSteps(const BreakdownDeviceInput& device, const std::vector<std::string>& names, LaunchSource launchSource,
               const BreakdownOptions& options, DeviceBreakdown* out);

StepRule stepRuleFor(const BreakdownDeviceInput& device, LaunchSource launchSource);

} // namespace opscope
