// Fragmentation: memory the allocator reserved but does not hand out (reserved − allocated), over
// time and at the allocated peak (definitions: docs/memory.md).
#pragma once
#include "core/model/memory_data.h"

#include <vector>

namespace opscope {

struct FragmentationPoint {
    TimeNs tsNs = 0;
    std::int64_t freeReservedBytes = 0; // reserved − allocated (0 when allocated exceeds reserved)
    std::int64_t reservedBytes = 0;
    double share() const { return reservedBytes > 0 ? static_cast<double>(freeReservedBytes) / static_cast<double>(reservedBytes) : 0.0; }
};

// One point per sample that has both totals.
std::vector<FragmentationPoint> fragmentationOf(const MemorySeries& series);

// The point of the device's allocated peak (MemoryPeak of devicePeaks): the record that holds it.
// nullopt when that record has no reserved total.
std::optional<FragmentationPoint> fragmentationAtPeak(std::int64_t peakAllocatedBytes, std::int64_t reservedAtPeakBytes,
                                                      TimeNs peakTsNs);

} // namespace opscope
