// Memory rows as importers produce them, one struct per store table (docs/schema.md): allocator
// totals over time, per-operator allocations, and per-component (module) memory. Bytes and ns.
#pragma once
#include "core/model/time.h"

#include <cstdint>
#include <optional>
#include <string>

namespace opscope {

// One allocator snapshot (memory_record): the totals after an allocation or a free, or a sample.
struct MemoryRecordRow {
    std::int64_t deviceId = 0; // device.id; 0: host or unknown
    std::string component;     // "PTA", "GE", "PTA+GE", "APP", "allocator", a memory-timeline category ...
    TimeNs tsNs = 0;
    std::optional<std::int64_t> allocatedBytes, reservedBytes, activeBytes; // absent when the source has no value
    std::string source;        // "memory_record.csv", "MEMORY_RECORD", "kineto", "memory_timeline" ...
};

// One block an operator allocated (memory_allocation): an operator_memory.csv / OP_MEMORY row, a
// paired NPU_OP_MEM allocate/release, or a paired Kineto [memory] alloc/free.
struct MemoryAllocationRow {
    std::int64_t deviceId = 0;
    std::string operatorName;
    std::int64_t sizeBytes = 0;
    std::optional<TimeNs> allocTsNs, releaseTsNs, activeReleaseTsNs; // release absent: not released in the trace
    std::optional<std::int64_t> allocTotalAllocatedBytes, allocTotalReservedBytes, allocTotalActiveBytes;
    std::optional<std::int64_t> releaseTotalAllocatedBytes, releaseTotalReservedBytes, releaseTotalActiveBytes;
    std::string streamPtr, addr; // as the source wrote them; empty: not given
    std::string component;       // "PTA", "GE", "allocator" ...
    std::string source;
    std::int64_t sliceId = 0;    // the operator's slice when known (Kineto); 0: none
};

// The reserved memory of one component at a time (memory_module): npu_module_mem / NPU_MODULE_MEM
// (CANN modules: SLOG, GE, RUNTIME ...) and NPU_MEM / npu_mem (app and device, HBM and DDR).
struct MemoryModuleRow {
    std::int64_t deviceId = 0;
    std::string component;
    TimeNs tsNs = 0;
    std::int64_t reservedBytes = 0;
    std::string source;
};

} // namespace opscope
