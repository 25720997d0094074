// Kineto writes every allocator event as a "[memory]" instant (Bytes, Total Allocated, Total
// Reserved, Addr, Device Type, Device Id). Once slices are nested, these become memory_record rows
// and, alloc paired with free by address, memory_allocation rows owned by the enclosing operator.
#pragma once
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <functional>

namespace opscope {

// Reads the store's "[memory]" instants and appends memory rows; gpuDevice gives the device row of
// a GPU ordinal. Returns the number of instants read.
std::int64_t deriveMemoryFromInstants(Database& db, const std::function<std::int64_t(int ordinal)>& gpuDevice);

} // namespace opscope
