// Questions about allocation blocks: which are alive at a time or in a range, grouped by operator;
// the largest; those never released before the trace ended (definitions: docs/memory.md).
#pragma once
#include "core/model/memory_data.h"

#include <vector>

namespace opscope {

inline constexpr std::int64_t kAllDevices = -1;

// A block is alive at t when alloc <= t < release (no alloc time: from the trace start; no release:
// to the end). deviceId kAllDevices takes every device.
bool aliveAt(const MemoryBlock& block, TimeNs t);
// Alive at some instant of [start, end): alloc < end and (no release or release > start).
bool aliveIn(const MemoryBlock& block, const TimeRange& range);

std::vector<const MemoryBlock*> blocksAliveAt(const MemoryData& data, std::int64_t deviceId, TimeNs t);
std::vector<const MemoryBlock*> blocksAliveIn(const MemoryData& data, std::int64_t deviceId, const TimeRange& range);
// The n largest blocks (by size, then earlier allocation), of a device or all.
std::vector<const MemoryBlock*> largestBlocks(const MemoryData& data, std::int64_t deviceId, std::size_t n);
// Blocks with no release time, largest first.
std::vector<const MemoryBlock*> unreleasedBlocks(const MemoryData& data, std::int64_t deviceId);

struct OperatorBytes {
    std::string operatorName;
    std::int64_t blocks = 0;
    std::int64_t bytes = 0; // the sum of the blocks' sizes (saturating)
};
// Blocks grouped by operator name, most bytes first (then by name).
std::vector<OperatorBytes> bytesByOperator(const std::vector<const MemoryBlock*>& blocks);
// The sum of the blocks' sizes (saturating at int64 max).
std::int64_t totalBytes(const std::vector<const MemoryBlock*>& blocks);

} // namespace opscope
