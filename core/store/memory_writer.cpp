#include "core/store/memory_writer.h"

namespace opscope {

namespace {

void optionalValue(BatchInsert& insert, const std::optional<std::int64_t>& v) {
    if (v) insert.value(*v);
    else insert.null();
}

void textOrNull(BatchInsert& insert, const std::string& text) {
    if (text.empty()) insert.null();
    else insert.value(std::string_view(text));
}

void deviceValue(BatchInsert& insert, std::int64_t deviceId) {
    if (deviceId > 0) insert.value(deviceId);
    else insert.null();
}

} // namespace

MemoryRowWriter::MemoryRowWriter(Database& db, InsertPipe* pipe)
    : records_(db, "memory_record", "device_id, component, ts, allocated_bytes, reserved_bytes, active_bytes, source", 7,
               64, pipe),
      allocations_(db, "memory_allocation",
                   "device_id, operator, size_bytes, alloc_ts, release_ts, active_release_ts, "
                   "alloc_total_allocated_bytes, alloc_total_reserved_bytes, alloc_total_active_bytes, "
                   "release_total_allocated_bytes, release_total_reserved_bytes, release_total_active_bytes, "
                   "stream_ptr, addr, component, source, slice_id",
                   17, 64, pipe),
      modules_(db, "memory_module", "device_id, component, ts, reserved_bytes, source", 5, 64, pipe) {}

void MemoryRowWriter::add(const MemoryRecordRow& r) {
    deviceValue(records_, r.deviceId);
    records_.value(std::string_view(r.component)).value(std::int64_t{r.tsNs});
    optionalValue(records_, r.allocatedBytes);
    optionalValue(records_, r.reservedBytes);
    optionalValue(records_, r.activeBytes);
    records_.value(std::string_view(r.source));
    records_.endRow();
}

void MemoryRowWriter::add(const MemoryAllocationRow& r) {
    BatchInsert& a = allocations_;
    deviceValue(a, r.deviceId);
    a.value(std::string_view(r.operatorName)).value(r.sizeBytes);
    optionalValue(a, r.allocTsNs);
    optionalValue(a, r.releaseTsNs);
    optionalValue(a, r.activeReleaseTsNs);
    optionalValue(a, r.allocTotalAllocatedBytes);
    optionalValue(a, r.allocTotalReservedBytes);
    optionalValue(a, r.allocTotalActiveBytes);
    optionalValue(a, r.releaseTotalAllocatedBytes);
    optionalValue(a, r.releaseTotalReservedBytes);
    optionalValue(a, r.releaseTotalActiveBytes);
    textOrNull(a, r.streamPtr);
    textOrNull(a, r.addr);
    textOrNull(a, r.component);
    a.value(std::string_view(r.source));
    if (r.sliceId > 0) a.value(r.sliceId);
    else a.null();
    a.endRow();
}

void MemoryRowWriter::add(const MemoryModuleRow& r) {
    deviceValue(modules_, r.deviceId);
    modules_.value(std::string_view(r.component)).value(std::int64_t{r.tsNs}).value(r.reservedBytes);
    modules_.value(std::string_view(r.source));
    modules_.endRow();
}

void MemoryRowWriter::flush() {
    records_.flush();
    allocations_.flush();
    modules_.flush();
}

} // namespace opscope
