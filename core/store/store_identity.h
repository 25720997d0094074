// What identifies a store's content for the run history: a hash over the fingerprints of the inputs it
// was imported from (path-independent: size and content hash of each) and the importer version, so the
// same trace added twice, even from another folder, is recognised.
#pragma once
#include "core/store/sqlite_db.h"

#include <string>

namespace opscope {

// 16 hex digits; throws SqliteError like the wrapper when the store cannot be read.
std::string storeContentHash(Database& db);

} // namespace opscope
