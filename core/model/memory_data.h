// The memory of a trace as the analyses and views read it: allocator series per device and
// component, per-component (module) series, and the per-operator allocation blocks. Bytes and ns.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace opscope {

inline constexpr std::int64_t kNoBytes = -1; // a sample without this total

struct MemorySample {
    TimeNs tsNs = 0;
    std::int64_t allocatedBytes = kNoBytes;
    std::int64_t reservedBytes = kNoBytes;
    std::int64_t activeBytes = kNoBytes;
};

// The allocator totals of one (device, component), in time order.
struct MemorySeries {
    std::int64_t deviceId = 0; // 0: host or unknown
    std::string component;
    std::vector<MemorySample> samples;
    bool hasAllocated() const;
    bool hasReserved() const;
    bool hasActive() const;
    bool allZero() const; // every value present is 0 (views hide these by default)
};

// The reserved memory of one (device, component) of memory_module, in time order.
struct MemoryModuleSeries {
    std::int64_t deviceId = 0;
    std::string component;
    std::vector<std::pair<TimeNs, std::int64_t>> reservedBytes; // (ts, bytes)
    bool allZero() const;
};

// One allocation (a memory_allocation row).
struct MemoryBlock {
    std::int64_t id = 0;
    std::int64_t deviceId = 0;
    std::string operatorName;
    std::int64_t sizeBytes = 0;
    std::optional<TimeNs> allocTsNs;   // absent: allocated before the trace (alive from its start)
    std::optional<TimeNs> releaseTsNs; // absent: not released before the trace ended
    std::optional<std::int64_t> allocTotalAllocatedBytes, allocTotalReservedBytes;
    std::optional<std::int64_t> releaseTotalAllocatedBytes, releaseTotalReservedBytes;
    std::string component;
    std::string streamPtr;
    std::int64_t sliceId = 0; // 0: not linked to a slice
    bool released() const { return releaseTsNs.has_value(); }
    TimeNs lifetimeNs(const TimeRange& trace) const; // release (or trace end) minus alloc (or trace start)
};

struct MemoryDevice {
    std::int64_t id = 0; // 0: host / unknown
    std::string name;
    std::string kind;    // "npu", "gpu", "" for host
};

struct MemoryData {
    std::vector<MemoryDevice> devices; // every device with memory rows, in id order
    std::vector<MemorySeries> series;
    std::vector<MemoryModuleSeries> modules;
    std::vector<MemoryBlock> blocks;   // in allocation-time order
    TimeRange traceRange;
    bool empty() const { return series.empty() && modules.empty() && blocks.empty(); }
    const MemoryDevice* device(std::int64_t id) const;
};

} // namespace opscope
