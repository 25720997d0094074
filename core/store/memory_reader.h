// Reads the memory tables of a store (memory_record, memory_allocation, memory_module) into
// MemoryData for the analyses, the CLI and the views. Stores written before these tables existed
// read as empty.
#pragma once
#include "core/model/error.h"
#include "core/model/memory_data.h"
#include "core/store/sqlite_db.h"

namespace opscope {

bool readMemoryData(Database& db, MemoryData* out, Error* error);

} // namespace opscope
