// Reads what the details of one slice say about launches: for a device event, its launching call and
// the call's ancestors (with the step slices when none encloses it); for a host slice, the device
// events launched by calls inside it. Small indexed queries: run when a slice is selected.
#pragma once
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/host_call_reader.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

struct LaunchCallInfo {
    std::int64_t sliceId = 0; // 0: the device event has no launch link
    std::string name, trackName, source; // source: launch_link.source (correlation, flow, ...)
    std::int64_t trackId = 0;
    TimeNs tsNs = 0, durNs = 0;
    std::int64_t correlationId = 0;
    bool hasCorrelation = false;
};

// The call of a device slice with the host slices attribution walks, as a small HostCallData whose
// string ids are local to it: the call, its ancestors and, when no ancestor is a ProfilerStep, every
// ProfilerStep slice (attribution then places the call by time).
struct DeviceLaunchChain {
    TimeNs deviceTsNs = 0, deviceDurNs = 0;
    std::uint32_t deviceNameId = 0; // in host.strings
    LaunchCallInfo call;
    HostCallData host;
};

// false with an error when the store fails; true with call.sliceId 0 when the slice has no launch link
// (or the store has no launch_link table, or the slice does not exist).
bool readDeviceLaunchChain(Database& db, std::int64_t deviceSliceId, DeviceLaunchChain* out, Error* error);

// One device event launched from inside a host slice.
struct LaunchedKernelRecord {
    std::int64_t sliceId = 0, callSliceId = 0, trackId = 0;
    std::string name, device, stream; // device: ordinal as text, or the process name without a device
    TimeNs tsNs = 0, durNs = 0;
};

// The device events whose launching call is hostSliceId or nested in it, by device start time.
// Empty when the slice is not a host slice or launched nothing.
bool readKernelsLaunchedBy(Database& db, std::int64_t hostSliceId, std::vector<LaunchedKernelRecord>* out,
                           Error* error);

} // namespace opscope
