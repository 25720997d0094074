#include "core/analysis/memory/memory_operators.h"

#include "core/analysis/memory/memory_blocks.h"
#include "core/analysis/memory/memory_peaks.h"

#include <algorithm>
#include <map>

namespace opscope {

std::vector<OperatorMemory> operatorMemory(const MemoryData& data, std::int64_t deviceId) {
    std::map<std::string, std::vector<const MemoryBlock*>> byName;
    for (const MemoryBlock& b : data.blocks)
        if (deviceId == kAllDevices || b.deviceId == deviceId) byName[b.operatorName].push_back(&b);
    std::vector<OperatorMemory> out;
    out.reserve(byName.size());
    for (const auto& [name, blocks] : byName) {
        OperatorMemory m;
        m.operatorName = name;
        m.allocations = static_cast<std::int64_t>(blocks.size());
        m.totalAllocatedBytes = totalBytes(blocks);
        std::vector<const MemoryBlock*> unreleased;
        for (const MemoryBlock* b : blocks)
            if (!b->released()) unreleased.push_back(b);
        m.unreleasedBytes = totalBytes(unreleased);
        BlockPeak peak = blocksPeak(blocks, data.traceRange.startNs);
        m.peakBytes = peak.bytes;
        m.peakTsNs = peak.tsNs;
        out.push_back(std::move(m));
    }
    std::stable_sort(out.begin(), out.end(), [](const OperatorMemory& a, const OperatorMemory& b) {
        return a.totalAllocatedBytes > b.totalAllocatedBytes;
    });
    return out;
}

} // namespace opscope
