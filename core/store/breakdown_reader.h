// Reads what the device-time breakdown needs from a store, as plain data: per device its classified
// slices (device_slice_class), the host ProfilerStep ranges, and which host call launched each device
// slice (launch_link when the store has it, else host-to-device flows).
#pragma once
#include "core/model/device_class.h"
#include "core/model/error.h"
#include "core/model/time.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

inline constexpr TimeNs kNoLaunchNs = -1;

struct BreakdownSlice {
    TimeNs tsNs = 0;
    TimeNs endNs = 0;
    DeviceClass deviceClass = DeviceClass::Other;
    std::uint32_t nameIndex = 0;    // into BreakdownInput::names
    TimeNs launchTsNs = kNoLaunchNs; // start of the host call that launched it; kNoLaunchNs: no link
};

struct BreakdownHostStep {
    std::int64_t number = 0; // N of ProfilerStep#N
    TimeNs startNs = 0;
    TimeNs endNs = 0;
};

struct BreakdownDeviceInput {
    std::int64_t id = 0;
    std::string name;
    std::string kind;                 // npu, gpu
    std::optional<std::int64_t> rank; // when the store knows it
    std::vector<BreakdownSlice> slices;        // sorted by start
    std::vector<BreakdownHostStep> hostSteps;  // of the host process(es) of the same input, sorted by start
};

enum class LaunchSource { None, LaunchLink, Flow };

struct BreakdownInput {
    std::vector<BreakdownDeviceInput> devices;
    std::vector<std::string> names;
    LaunchSource launchSource = LaunchSource::None;
    bool classified = true; // false: the store predates device_slice_class (re-import it)
};

bool readBreakdownInput(Database& db, BreakdownInput* out, Error* error);

} // namespace opscope
