// The device-time breakdown's results: per device the whole-trace figures (HTA's temporal,
// kernel-type and overlap figures) and per step torch_npu's step_trace_time columns. All int64 ns.
#pragma once
#include "core/model/device_class.h"
#include "core/model/time.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

struct KernelNameTime {
    std::string name; // "others" gathers the tail (HTA's rule)
    TimeNs timeNs = 0; // summed durations
    std::int64_t count = 0;
};

struct KernelTypeTime {
    DeviceClass deviceClass = DeviceClass::Compute;
    TimeNs timeNs = 0; // union of the class's slices
    std::vector<KernelNameTime> names;
};

// How slices were given to steps.
enum class StepRule {
    None,          // the trace has no ProfilerStep: no per-step rows
    TorchNpuText,  // Ascend: lane intervals by start within torch_npu's step ranges (text export)
    LaunchLink,    // each slice in the step whose host range holds its launching call (launch_link)
    Flow,          // the same, the launching call found through host-to-device flows
    DeviceTime,    // no launch link at all: each slice in the step whose host range holds its own start
};
const char* stepRuleName(StepRule rule);

struct StepBreakdown {
    std::int64_t step = 0;
    TimeNs rangeStartNs = 0, rangeEndNs = 0; // the step's range on the device time line
    TimeNs stageNs = 0, computeNs = 0, communicationNs = 0, overlapNs = 0, communicationNotOverlappedNs = 0,
           freeNs = 0, preparingNs = 0, bubbleNs = 0;
    std::int64_t unlinkedSlices = 0; // slices placed by their own time for want of a launch link
    // Memory-class time inside the Free lane (copies while nothing computes or communicates): a part of
    // freeNs, drawn apart in the Summary's step bars (MindStudio Insight's order).
    TimeNs memoryNs = 0;
};

struct DeviceBreakdown {
    std::string name;
    std::string kind;
    std::optional<std::int64_t> rank;
    TimeNs firstStartNs = 0, lastEndNs = 0;
    TimeNs spanNs = 0, computeNs = 0, communicationNs = 0, overlapNs = 0, communicationNotOverlappedNs = 0,
           memoryNs = 0, waitNs = 0, idleNs = 0, busyNs = 0, otherNs = 0;
    double commComputeOverlapPct = 0; // overlap / communication × 100; 0 without communication
    std::array<std::int64_t, kDeviceClassCount> sliceCounts{};
    std::vector<KernelTypeTime> kernelTypes; // compute, communication, memory, wait, other (non-empty ones)
    StepRule stepRule = StepRule::None;
    std::vector<StepBreakdown> steps;
};

struct BreakdownReport {
    std::vector<DeviceBreakdown> devices;
    bool classified = true; // false: the store has no device_slice_class (made by an older opscope)
};

struct BreakdownOptions {
    std::optional<std::int64_t> step;   // only this ProfilerStep
    std::string device;                 // only this device (name, e.g. "NPU 0", or id)
    int topNames = 10;                  // HTA's num_kernels
    double durationRatio = 0.8;         // HTA's duration_ratio
};

} // namespace opscope
