#pragma once

#include <cstdint>

namespace opscope {

class Database;

// Bytes the store file holds (page count times page size; 0 when unknown). No row count or part read from
// the store can be more than this allows, whatever a crafted header or record says: readers bound the
// arrays they size from stored numbers by it.
std::uint64_t storeFileBytes(Database& db);

} // namespace opscope
