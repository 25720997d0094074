#include "core/store/memory_schema.h"

namespace opscope {

const char* memorySchemaTablesSql() {
    return R"SQL(
CREATE TABLE memory_record(
  id INTEGER PRIMARY KEY, device_id INTEGER REFERENCES device(id), component TEXT NOT NULL,
  ts INTEGER NOT NULL, allocated_bytes INTEGER, reserved_bytes INTEGER, active_bytes INTEGER,
  source TEXT NOT NULL);
CREATE TABLE memory_allocation(
  id INTEGER PRIMARY KEY, device_id INTEGER REFERENCES device(id), operator TEXT NOT NULL,
  size_bytes INTEGER NOT NULL, alloc_ts INTEGER, release_ts INTEGER, active_release_ts INTEGER,
  alloc_total_allocated_bytes INTEGER, alloc_total_reserved_bytes INTEGER, alloc_total_active_bytes INTEGER,
  release_total_allocated_bytes INTEGER, release_total_reserved_bytes INTEGER,
  release_total_active_bytes INTEGER, stream_ptr TEXT, addr TEXT, component TEXT,
  source TEXT NOT NULL, slice_id INTEGER);
CREATE TABLE memory_module(
  id INTEGER PRIMARY KEY, device_id INTEGER REFERENCES device(id), component TEXT NOT NULL,
  ts INTEGER NOT NULL, reserved_bytes INTEGER NOT NULL, source TEXT NOT NULL);
)SQL";
}

const char* memorySchemaIndicesSql() {
    return R"SQL(
CREATE INDEX memory_record_device_ts ON memory_record(device_id, component, ts);
CREATE INDEX memory_allocation_alloc ON memory_allocation(device_id, alloc_ts);
CREATE INDEX memory_module_device_ts ON memory_module(device_id, component, ts);
)SQL";
}

} // namespace opscope
