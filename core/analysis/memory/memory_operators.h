// Memory per operator name: how many blocks it allocated, their total size, and the most bytes its
// blocks held at once (definitions: docs/memory.md). Feeds operator statistics and the CLI.
#pragma once
#include "core/model/memory_data.h"

#include <vector>

namespace opscope {

struct OperatorMemory {
    std::string operatorName;
    std::int64_t allocations = 0;
    std::int64_t totalAllocatedBytes = 0; // sum of the block sizes (saturating)
    std::int64_t peakBytes = 0;           // max over time of the sizes of its blocks alive at once
    TimeNs peakTsNs = 0;
    std::int64_t unreleasedBytes = 0;     // blocks never released
};

// Every operator of a device (kAllDevices: all), most total bytes first.
std::vector<OperatorMemory> operatorMemory(const MemoryData& data, std::int64_t deviceId);

} // namespace opscope
