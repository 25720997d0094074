// The memory tables of the store (memory_record, memory_allocation, memory_module), documented in
// docs/schema.md; kept apart from schema.cpp so that the memory feature owns its own DDL.
#pragma once

namespace opscope {

// Tables, created with the others before the bulk insert.
const char* memorySchemaTablesSql();
// Indices, created after the bulk insert.
const char* memorySchemaIndicesSql();

} // namespace opscope
