// Read-only access to an msprof / torch_npu SQLite export: opened with immutable=1 (the files are
// often in WAL mode on read-only media), every TEXT value resolved through STRING_IDS, and the
// column lists looked up because they drift between CANN versions (blockDim vs blockNum ...).
#pragma once
#include "core/model/error.h"
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace opscope::ascend {

class MsprofDb {
public:
    // Opens and checks the file (STRING_IDS plus at least one timeline table).
    bool open(const std::string& path, Error* error);

    Database& db() { return db_; }
    const std::string& path() const { return path_; }
    bool hasTable(const std::string& table) const { return tables_.count(table) != 0; }
    // Column names of a table in declared order ({} when absent).
    std::vector<std::string> columns(const std::string& table);
    bool hasColumn(const std::string& table, const std::string& column);
    // The string of an id, or the id as text when STRING_IDS does not have it.
    std::string stringOf(std::int64_t id) const;
    // A column that holds a string id (or, in some exports, the text itself).
    std::string stringColumn(const Statement& st, int column) const;
    // An integer column, also when it is stored as TEXT (PYTORCH_API times in some exports).
    static std::optional<std::int64_t> intColumn(const Statement& st, int column);

    // True when the file starts with the SQLite header.
    static bool hasSqliteHeader(const std::string& path);
    // Strings of STRING_IDS (and text columns) that were not valid UTF-8 and were repaired (U+FFFD).
    std::int64_t invalidUtf8Replaced() const { return invalidUtf8Replaced_; }

private:
    Database db_;
    std::string path_;
    std::set<std::string> tables_;
    std::unordered_map<std::int64_t, std::string> strings_;
    std::unordered_map<std::string, std::vector<std::string>> columnCache_;
    mutable std::int64_t invalidUtf8Replaced_ = 0;
    std::string validText(std::string_view text) const;
};

// "file:/path%20with%20spaces?immutable=1"
std::string immutableUri(const std::string& path);

} // namespace opscope::ascend
