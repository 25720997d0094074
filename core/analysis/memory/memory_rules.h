// The memory diagnosis rules as pure functions of the memory data, so that each threshold can be tested
// exactly: reserved memory against the device's capacity, fragmentation at the allocated peak, and
// allocated memory at step starts growing step after step (definitions: docs/memory.md).
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "core/analysis/memory/memory_summary.h"

#include <vector>

namespace opscope {

// measured = peak reserved / capacity (the worst device); fires when > threshold (0.9).
Finding evaluateReservedCapacity(const MemoryData& data, const std::vector<DeviceMemorySummary>& devices,
                                 std::int64_t capacityBytes, const RuleConfig& rule);
// measured = (reserved − allocated) / reserved in the record of the allocated peak (the worst device);
// fires when > threshold (0.3).
Finding evaluateFragmentation(const std::vector<DeviceMemorySummary>& devices, const RuleConfig& rule);
// measured = the longest run of consecutive steps whose starting allocated total exceeds the previous
// step's (in the device's peak component); fires when >= threshold (3).
Finding evaluateMemoryGrowth(const MemoryData& data, const std::vector<DeviceMemorySummary>& devices,
                             const std::vector<TimeNs>& stepStartsNs, const RuleConfig& rule);

// The allocated total of a series at t: the last sample at or before t that has one; kNoBytes if none.
std::int64_t allocatedAt(const MemorySeries& series, TimeNs t);

} // namespace opscope
