// The class of each device slice (device_slice_class), loaded once for analyses that walk slices:
// operator statistics, bubbles and every "device busy" figure leave waits and markers out through it.
#pragma once
#include "core/model/device_class.h"
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace opscope {

struct DeviceClassIndex {
    std::vector<std::int64_t> sliceIds; // sorted
    std::vector<DeviceClass> classes;   // parallel to sliceIds
    bool available = false;             // false: the store predates device classes

    std::optional<DeviceClass> classOf(std::int64_t sliceId) const;
    // The same, searching forward from *hint (where the previous lookup ended, 0 at first) and leaving
    // *hint there: lookups in rising id order cost a step each instead of a binary search. Any order is
    // still answered right; a lookup behind the hint searches from the start.
    std::optional<DeviceClass> classOf(std::int64_t sliceId, std::size_t* hint) const;
};

// Device work in opscope's own figures: compute, communication, memory. Waits and markers are gaps.
inline bool isDeviceWork(DeviceClass c) {
    return c == DeviceClass::Compute || c == DeviceClass::Communication || c == DeviceClass::Memory;
}

bool readDeviceClassIndex(Database& db, DeviceClassIndex* out, Error* error);

} // namespace opscope
