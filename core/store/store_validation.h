// Checks that a file is an opscope store this version can read before anything trusts it: schema
// version, the tables and columns the readers use, and ids and counts within bounds that keep every
// allocation sized from the store sane. A foreign or damaged store becomes an Error naming the file.
#pragma once
#include "core/model/error.h"

#include <cstdint>
#include <string>

namespace opscope {

class Database;

// Largest id accepted in a table whose ids index vectors (track, string, process, thread, device):
// ids must also stay within twice the row count (the writer assigns them densely from 1).
inline constexpr std::int64_t kMaxStoreTableId = std::int64_t{1} << 31;

// Validates an open connection (read-only is enough). path names the file in the error.
bool validateStore(Database& db, const std::string& path, Error* error);

// Opens path read-only and validates it.
bool validateStoreFile(const std::string& path, Error* error);

} // namespace opscope
