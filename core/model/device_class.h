// The classes of device time: every device slice is compute, communication, memory, wait or other,
// decided once at import (docs/device-time.md) and stored in the device_slice_class table.
#pragma once
#include <optional>
#include <string_view>

namespace opscope {

enum class DeviceClass { Compute, Communication, Memory, Wait, Other };
inline constexpr int kDeviceClassCount = 5;

// "compute", "communication", "memory", "wait", "other": the text stored in the table.
const char* deviceClassName(DeviceClass deviceClass);
std::optional<DeviceClass> parseDeviceClass(std::string_view text);

} // namespace opscope
