// Attribution by launch: for each device event, what the host was doing when it asked for it, read
// from the launching call's ancestors on its host thread (operators, annotation, module, step,
// phase), so that device time lands where it was launched however far the device queue lags.
#pragma once
#include "core/store/host_call_reader.h"
#include "core/store/launch_reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

enum class LaunchPhase : std::uint8_t { Unknown, Forward, Backward, Optimizer };
const char* launchPhaseName(LaunchPhase phase); // "", "forward", "backward", "optimizer"

struct AttributionPatterns {
    // Lower-case substrings of ancestor names; the innermost ancestor that matches decides.
    std::vector<std::string> forward{"## forward ##", "nn.module:", ": forward"};
    std::vector<std::string> backward{"## backward ##", "autograd::engine::evaluate_function", "backward"};
    std::vector<std::string> optimizer{"## optimizer ##", "optimizer.step", "optimizer.zero_grad", "optimizer"};
    std::string stepPrefix = "profilerstep#";
};

struct LaunchAttribution {
    std::int64_t deviceSliceId = 0;
    std::int64_t callSliceId = 0;          // 0: the event has no launch link; everything below is empty
    std::int64_t topOperatorId = 0;        // outermost cpu_op ancestor of the call
    std::int64_t innermostOperatorId = 0;  // innermost cpu_op ancestor
    std::int64_t annotationId = 0;         // innermost user_annotation ancestor (not the step)
    std::int64_t moduleId = 0;             // innermost "nn.Module: ..." ancestor
    std::int64_t stepSliceId = 0;          // the ProfilerStep#N the call ran in
    std::int64_t step = -1;                // N of ProfilerStep#N; -1: none
    LaunchPhase phase = LaunchPhase::Unknown;
};

struct AttributionReport {
    std::vector<LaunchAttribution> events; // parallel to LaunchData::events
    std::vector<std::int64_t> steps;       // the step numbers seen, ascending
};

AttributionReport attributeLaunches(const LaunchData& launches, const HostCallData& host,
                                    const AttributionPatterns& patterns = {});

// The step number of a "ProfilerStep#N" name, or -1.
std::int64_t profilerStepNumber(std::string_view name);

} // namespace opscope
