#include "core/store/scratch_store.h"

#include "core/store/memory_schema.h"
#include "core/store/schema.h"
#include "core/store/sqlite_db.h"
#include "core/store/stale_temp_files.h"

#include <filesystem>
#include <unistd.h>

namespace opscope {

namespace fs = std::filesystem;

std::string scratchStorePath(const std::string& finalPath) { return finalPath + ".tmp-" + std::to_string(::getpid()); }

bool createScratchStore(const std::string& tempPath, Database* db, Error* error) {
    // Imports killed earlier (kill -9, power loss) left their scratch stores here: reclaim the space.
    removeStaleTempStores(fs::path(tempPath).parent_path().string());
    std::error_code ec;
    fs::remove(tempPath, ec);
    try {
        *db = Database(tempPath, Database::Mode::Create);
        // Durability is not needed until the rename, speed is. TEMP data (index sorts, spill tables)
        // goes to files so that it does not count against memory. The page size must be set before
        // the cache size: the other way round SQLite's cache stops being bounded.
        // threads: the index builds and large ORDER BYs of finish() sort on a helper thread too.
        db->exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA temp_store=FILE;"
                 "PRAGMA page_size=32768; PRAGMA cache_size=-32768; PRAGMA threads=2;");
        db->exec(schemaTablesSql());
        db->exec(memorySchemaTablesSql());
    } catch (const SqliteError& e) {
        if (error) *error = Error{ErrorCode::StoreFailed, tempPath, -1, -1, -1, "a writable store", e.what()};
        discardScratchStore(db, tempPath);
        return false;
    }
    return true;
}

void discardScratchStore(Database* db, const std::string& tempPath) {
    db->close();
    std::error_code ec;
    fs::remove(tempPath, ec);
}

bool publishScratchStore(const std::string& tempPath, const std::string& finalPath, Error* error) {
    std::error_code ec;
    fs::rename(tempPath, finalPath, ec);
    if (ec) {
        if (error) *error = Error{ErrorCode::StoreFailed, finalPath, -1, -1, -1, "a renamable store", ec.message()};
        return false;
    }
    return true;
}

} // namespace opscope
