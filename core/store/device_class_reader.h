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

// Kept as runs of consecutive slice ids of one class: the writer numbers a stream's slices one after
// another, so a 10 GB store's 5 M device slices take a few thousand runs (9 bytes a slice before).
class DeviceClassIndex {
public:
    struct Run {
        std::int64_t firstId = 0;
        std::uint32_t count = 0; // ids firstId .. firstId + count - 1
        DeviceClass deviceClass = DeviceClass::Other;
    };

    bool available = false; // false: the store predates device classes

    // Ids must come in rising order; an id at or below the last one added is ignored (the table's
    // primary key makes them unique) and false is returned.
    bool add(std::int64_t sliceId, DeviceClass deviceClass);
    bool empty() const { return runs_.empty(); }
    std::size_t sliceCount() const { return slices_; }
    const std::vector<Run>& runs() const { return runs_; }

    std::optional<DeviceClass> classOf(std::int64_t sliceId) const;
    // The same, searching forward from *hint (a run index where the previous lookup ended, 0 at first)
    // and leaving *hint there: lookups in rising id order cost a step each instead of a binary search.
    // Any order is still answered right; a lookup behind the hint searches from the start.
    std::optional<DeviceClass> classOf(std::int64_t sliceId, std::size_t* hint) const;

private:
    std::optional<DeviceClass> inRun(std::size_t run, std::int64_t sliceId) const;
    std::vector<Run> runs_;
    std::size_t slices_ = 0;
};

// Device work in opscope's own figures: compute, communication, memory. Waits and markers are gaps.
inline bool isDeviceWork(DeviceClass c) {
    return c == DeviceClass::Compute || c == DeviceClass::Communication || c == DeviceClass::Memory;
}

bool readDeviceClassIndex(Database& db, DeviceClassIndex* out, Error* error);

} // namespace opscope
