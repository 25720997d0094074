#include "core/analysis/breakdown/breakdown_analysis.h"

#include "core/analysis/breakdown/device_totals.h"
#include "core/analysis/breakdown/step_breakdown.h"

namespace opscope {

namespace {

bool deviceSelected(const BreakdownDeviceInput& device, const std::string& wanted) {
    return wanted.empty() || wanted == device.name || wanted == std::to_string(device.id);
}

// The slices the whole-device figures cover: all of them, or with --step those of that step.
std::vector<const BreakdownSlice*> slicesInScope(const BreakdownDeviceInput& device, LaunchSource launchSource,
                                                 const BreakdownOptions& options) {
    std::vector<const BreakdownSlice*> out;
    out.reserve(device.slices.size());
    if (!options.step) {
        for (const BreakdownSlice& s : device.slices) out.push_back(&s);
        return out;
    }
    StepRule rule = stepRuleFor(device, launchSource);
    std::vector<TimeRange> ranges;
    if (rule == StepRule::TorchNpuText) ranges = torchNpuStepRanges(device);
    for (const BreakdownSlice& s : device.slices) {
        int i = stepOfSlice(device, ranges, rule, s);
        if (i >= 0 && device.hostSteps[i].number == *options.step) out.push_back(&s);
    }
    return out;
}

} // namespace

bool computeBreakdown(const BreakdownInput& input, const BreakdownOptions& options, BreakdownReport* out,
                      Error* error) {
    *out = BreakdownReport{};
    out->classified = input.classified;
    for (const BreakdownDeviceInput& device : input.devices) {
        if (!deviceSelected(device, options.device)) continue;
        DeviceBreakdown d;
        d.name = device.name;
        d.kind = device.kind;
        d.rank = device.rank;
        std::vector<const BreakdownSlice*> slices = slicesInScope(device, input.launchSource, options);
        if (!fillDeviceTotals(slices, input.names, options, &d) ||
            !fillSteps(device, input.names, input.launchSource, options, &d)) {
            if (error) *error = Error{ErrorCode::WrongType, device.name, -1, -1, -1, "device times whose sums fit in int64 ns", {}};
            return false;
        }
        out->devices.push_back(std::move(d));
    }
    return true;
}

bool computeBreakdown(Database& db, const BreakdownOptions& options, BreakdownReport* out, Error* error) {
    BreakdownInput input;
    if (!readBreakdownInput(db, &input, error)) return false;
    return computeBreakdown(input, options, out, error);
}

} // namespace opscope
