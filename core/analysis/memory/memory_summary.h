// Everything `opscope-cli memory` and the Memory view report per device: the peaks, fragmentation
// at the peak, the blocks alive at the peak (or at a chosen time) by operator, the largest blocks,
// the unreleased ones and per-operator memory (definitions: docs/memory.md).
#pragma once
#include "core/analysis/memory/memory_blocks.h"
#include "core/analysis/memory/memory_fragmentation.h"
#include "core/analysis/memory/memory_operators.h"
#include "core/analysis/memory/memory_peaks.h"

#include <optional>
#include <vector>

namespace opscope {

struct DeviceMemorySummary {
    MemoryDevice device;
    DeviceMemoryPeaks peaks;
    std::optional<FragmentationPoint> fragmentationAtPeak;
    TimeNs atNs = 0;        // the time the alive blocks are taken at
    bool atIsPeak = true;   // atNs is the allocated peak (no --at given)
    std::vector<const MemoryBlock*> alive;
    std::int64_t aliveBytes = 0;
    std::vector<OperatorBytes> aliveByOperator;
    std::vector<const MemoryBlock*> largest;
    std::vector<const MemoryBlock*> unreleased;
    std::int64_t unreleasedBytes = 0;
    std::vector<OperatorMemory> operators;
};

struct MemorySummaryOptions {
    std::optional<TimeNs> atNs; // absent: each device's allocated peak
    std::size_t topN = 20;      // largest blocks listed
};

// One entry per device of data.devices. Pointers point into data.blocks.
std::vector<DeviceMemorySummary> summarizeMemory(const MemoryData& data, const MemorySummaryOptions& options);

} // namespace opscope
