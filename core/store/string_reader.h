// Reads the string table (interned names, categories, types): all of it into a vector indexed by id, or
// one value at a time through a reused statement.
#pragma once
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <string>
#include <vector>

namespace opscope {

// Ids beyond this are refused as damage: StoreWriter numbers strings densely from 1.
inline constexpr std::int64_t kMaxStringId = std::int64_t{1} << 31;

// out[id] = value, "" for ids without a row; fails (BadDatabase) on a SQLite error or an id past kMaxStringId.
bool readStringValues(Database& db, std::vector<std::string>* out, Error* error);

// The value of one id, one prepared statement reused ("" for id 0 or no such row). Throws SqliteError.
class StringLookup {
public:
    explicit StringLookup(Database& db);
    std::string text(std::int64_t id);
private:
    Statement statement_;
};

} // namespace opscope
