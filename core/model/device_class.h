// The classes of device time: every device slice is compute, communication, memory, wait or other,
// decided once at import (docs/device-time.md) and stored in the device_slice_class table.
#pragma once
#include <functional>
#include <optional>
#include <string_view>

namespace opscope {

enum class DeviceClass { Compute, Communication, Memory, Wait, Other };
inline constexpr int kDeviceClassCount = 5;

// "compute", "communication", "memory", "wait", "other": the text stored in the table.
const char* deviceClassName(DeviceClass deviceClass);
std::optional<DeviceClass> parseDeviceClass(std::string_view text);

// What a device slice's class is decided from (core/importers/device_class rules), as the store-side
// pass (core/store/device_class_pass.h) reads it for each distinct (process, name, category, task type) of
// an Ascend device, and for each distinct (name, category) of a Kineto-like one: those rules read only these.
struct DeviceSliceFacts {
    bool ascend = false;          // the device is an Ascend NPU (task types), else Kineto-like (categories)
    std::string_view processName;
    std::string_view name;
    std::string_view category;
    std::string_view taskType;    // Ascend "Task Type"; empty when absent
    bool communicationLane = false; // Ascend: the thread is a "Group N Communication" lane (HCCL operators)
};

struct DeviceClassDecision {
    bool deviceWork = true;       // false: not a device slice (annotations, derived lanes): no row
    DeviceClass deviceClass = DeviceClass::Other;
    const char* rule = "";        // why, stored beside the class
    bool unknownTaskType = false; // counted as an oddity in the warning table
};

// Decides one slice's class.
using DeviceSliceClassifier = std::function<DeviceClassDecision(const DeviceSliceFacts&)>;

} // namespace opscope
