// Applies DeviceClassRules to one device slice: pure, no store. The store-side pass (core/store/
// device_class_pass.h) feeds it each distinct (process, name, category, task type) of an Ascend device
// once, and each distinct (name, category) of a Kineto-like one, whose rules read nothing else.
#pragma once
#include "core/importers/device_class/device_class_rules.h"

#include <string_view>

namespace opscope {

DeviceClassDecision classifyDeviceSlice(const DeviceClassRules& rules, const DeviceSliceFacts& facts);
// The same, bound to rules that outlive it (for the store-side pass, core/store/device_class_pass.h).
DeviceSliceClassifier deviceSliceClassifier(const DeviceClassRules& rules);

// re.match of Python: the pattern must match at the start of text (not necessarily to its end).
bool matchesAtStart(const std::regex& pattern, std::string_view text);

} // namespace opscope
