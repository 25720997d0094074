#include "core/store/store_file_bytes.h"

#include "core/store/sqlite_db.h"

namespace opscope {

std::uint64_t storeFileBytes(Database& db) {
    const std::int64_t pages = db.scalarInt("PRAGMA page_count", 0);
    const std::int64_t pageSize = db.scalarInt("PRAGMA page_size", 0);
    if (pages <= 0 || pageSize <= 0) return 0;
    return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize);
}

} // namespace opscope
