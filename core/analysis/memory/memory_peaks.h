// Peak memory per device and per (device, component): the largest allocated and reserved totals
// the allocator records show, and when they were first reached (definitions: docs/memory.md).
#pragma once
#include "core/model/memory_data.h"

#include <vector>

namespace opscope {

struct MemoryPeak {
    std::int64_t deviceId = 0;
    std::string component;            // for a device peak: the component whose record holds the peak
    std::int64_t peakAllocatedBytes = kNoBytes;
    TimeNs peakAllocatedTsNs = 0;      // first record with that value
    std::int64_t reservedAtPeakBytes = kNoBytes; // reserved in the same record as the allocated peak
    std::int64_t peakReservedBytes = kNoBytes;
    TimeNs peakReservedTsNs = 0;
    std::string peakReservedComponent;
    bool fromBlocks = false;           // no allocator records: the peak of the summed live blocks
};

struct DeviceMemoryPeaks {
    MemoryPeak device;                 // the maximum over every component of the device
    std::vector<MemoryPeak> components;
};

// The peak of one series.
MemoryPeak seriesPeak(const MemorySeries& series);

// The maximum of the bytes alive at once over some blocks (allocation adds, release subtracts; a
// release and an allocation at the same ns: the release counts first), and when it was reached.
struct BlockPeak {
    std::int64_t bytes = 0;
    TimeNs tsNs = 0;
};
BlockPeak blocksPeak(const std::vector<const MemoryBlock*>& blocks, TimeNs traceStartNs);

// One entry per device of data.devices, in that order.
std::vector<DeviceMemoryPeaks> devicePeaks(const MemoryData& data);

} // namespace opscope
