// Store-side, at the end of an import: writes device_slice_class, one row per device slice with its class
// (compute, communication, memory, wait, other) and the rule that decided it, applies HCCL
// membership on Ascend, and counts unknown task types in the warning table.
#pragma once
#include "core/model/device_class.h"

#include <array>
#include <cstdint>

namespace opscope {

struct DeviceClassCounts {
    std::array<std::int64_t, kDeviceClassCount> slices{}; // by DeviceClass
    std::int64_t unknownTaskTypes = 0;
    std::int64_t hcclMembers = 0; // tasks made communication because they ran inside an HCCL op on its stream
};

class StoreWriter;

// Runs inside the import's transaction as a finish pass (StoreWriter::addFinishPass): slices and
// strings are written, warnings and stats not yet. classify: the rules of core/importers/device_class,
// bound by the caller (deviceSliceClassifier).
DeviceClassCounts writeDeviceClasses(StoreWriter& writer, const DeviceSliceClassifier& classify);

} // namespace opscope
