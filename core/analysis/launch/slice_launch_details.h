// What the details of one slice say about launches, both ways: a device event with the call that
// launched it, that call's operator stack, step, phase and launch delay; a host slice with the device
// events launched from inside it, their summed device time and the streams they ran on.
#pragma once
#include "core/analysis/launch/launch_attribution.h"
#include "core/store/launch_details_reader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

struct HostOpRef {
    std::int64_t sliceId = 0; // 0: none
    std::string name;
};

// The device side: filled when the selected slice is a device event with a launch link.
struct LaunchedFrom {
    LaunchCallInfo call;
    HostOpRef topOperator, innermostOperator;
    std::int64_t step = -1; // N of ProfilerStep#N; -1: none
    std::int64_t stepSliceId = 0;
    LaunchPhase phase = LaunchPhase::Unknown;
    TimeNs launchDelayNs = 0; // max(0, device start - call end), as `launches` reports it
};

// The streams the launched events ran on: events and summed duration per (device, stream).
struct LaunchedStreamTotal {
    std::string device, stream;
    std::int64_t count = 0;
    TimeNs durNs = 0;
};

struct SliceLaunchDetails {
    bool isLaunched = false; // the slice is a device event with a launch link: launchedFrom holds it
    LaunchedFrom launchedFrom;
    std::vector<LaunchedKernelRecord> launched; // device events launched from inside the slice, by start
    TimeNs launchedDeviceNs = 0;                // sum of their durations (not a union)
    bool launchedOverflowed = false;            // the sum did not fit in int64 and is pinned to the limit
    std::vector<LaunchedStreamTotal> launchedStreams; // by device, then stream, as first seen in time order
};

// Attributes the chain's call (core/analysis/launch/launch_attribution.h) and sums the launched events.
SliceLaunchDetails buildSliceLaunchDetails(const DeviceLaunchChain& chain, std::vector<LaunchedKernelRecord> launched);

} // namespace opscope
