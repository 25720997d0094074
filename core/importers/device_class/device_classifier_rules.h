// Applies DeviceClassRules to one device slice: pure, no store. The store pass (core/store/
// device_class_pass) feeds it each distinct (process, name, category, task type) once.
#pragma once
#include "core/importers/device_class/device_class_rules.h"

#include <string_view>

namespace opscope {

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

DeviceClassDecision classifyDeviceSlice(const DeviceClassRules& rules, const DeviceSliceFacts& facts);

// re.match of Python: the pattern must match at the start of text (not necessarily to its end).
bool matchesAtStart(const std::regex& pattern, std::string_view text);

} // namespace opscope
