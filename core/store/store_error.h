// Where SQLite's exceptions become the project's error values: every caller outside core/store that runs
// store readers goes through guardStore, so a damaged or foreign store reads the same everywhere
// ("an opscope store" expected, SQLite's message as the detail) and no SqliteError leaves core.
#pragma once
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

#include <string>
#include <utility>

namespace opscope {

// The error a failed read of an opscope store gives: the store's path and SQLite's words.
Error storeError(const std::string& path, const char* what);
inline Error storeError(const Database& db, const char* what) { return storeError(db.path(), what); }

// Runs read(), which returns false with *error set on a failure of its own; an SqliteError it throws
// becomes storeError(path, ...) in *error (when error is not null) and false.
template <class Read>
bool guardStore(const std::string& path, Error* error, Read&& read) {
    try {
        return std::forward<Read>(read)();
    } catch (const SqliteError& e) {
        if (error) *error = storeError(path, e.what());
        return false;
    }
}
template <class Read>
bool guardStore(const Database& db, Error* error, Read&& read) {
    return guardStore(db.path(), error, std::forward<Read>(read));
}

} // namespace opscope
