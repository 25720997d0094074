#include "core/importers/ascend/msprof_db.h"

#include "core/importers/ascend/csv_values.h"
#include "core/model/utf8.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace opscope::ascend {

std::string immutableUri(const std::string& path) { return sqliteFileUri(path, "immutable=1"); }

bool MsprofDb::hasSqliteHeader(const std::string& path) { return opscope::hasSqliteHeader(path); }

bool MsprofDb::open(const std::string& path, Error* error) {
    path_ = path;
    if (!hasSqliteHeader(path)) {
        *error = Error{ErrorCode::BadDatabase, path, 0, -1, -1, "an SQLite database", {}};
        return false;
    }
    try {
        db_ = Database(immutableUri(path), Database::Mode::ReadOnly);
        Statement st = db_.prepare("SELECT name FROM sqlite_master WHERE type = 'table'");
        while (st.step()) tables_.insert(st.text(0));
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "a readable SQLite database", e.what()};
        return false;
    }
    bool timeline = hasTable("TASK") || hasTable("CANN_API") || hasTable("PYTORCH_API") ||
                    hasTable("COMMUNICATION_OP") || hasTable("MSTX_EVENTS");
    if (!hasTable("STRING_IDS") || !timeline) {
        *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1,
                       "an msprof / torch_npu export (tables STRING_IDS and TASK, CANN_API or PYTORCH_API)", {}};
        return false;
    }
    try {
        Statement st = db_.prepare("SELECT id, value FROM STRING_IDS");
        while (st.step()) strings_.emplace(st.int64(0), st.isNull(1) ? std::string() : validText(st.textView(1)));
    } catch (const SqliteError& e) {
        *error = Error{ErrorCode::BadDatabase, path, -1, -1, -1, "a readable STRING_IDS table", e.what()};
        return false;
    }
    return true;
}

std::vector<std::string> MsprofDb::columns(const std::string& table) {
    if (auto it = columnCache_.find(table); it != columnCache_.end()) return it->second;
    std::vector<std::string> out;
    if (hasTable(table)) {
        Statement st = db_.prepare("PRAGMA table_info(\"" + table + "\")");
        while (st.step()) out.push_back(st.text(1));
    }
    columnCache_.emplace(table, out);
    return out;
}

bool MsprofDb::hasColumn(const std::string& table, const std::string& column) {
    std::vector<std::string> list = columns(table);
    return std::find(list.begin(), list.end(), column) != list.end();
}

std::string MsprofDb::stringOf(std::int64_t id) const {
    auto it = strings_.find(id);
    return it == strings_.end() ? std::to_string(id) : it->second;
}

std::string MsprofDb::stringColumn(const Statement& st, int column) const {
    switch (st.columnType(column)) {
    case SQLITE_NULL: return {};
    case SQLITE_INTEGER: return stringOf(st.int64(column));
    default: return validText(st.textView(column));
    }
}

// Strings become JSON (args) and store text: one invalid byte would fail the dump of a whole row.
std::string MsprofDb::validText(std::string_view text) const {
    if (isValidUtf8(text)) return std::string(text);
    ++invalidUtf8Replaced_;
    return sanitizedUtf8(text);
}

std::optional<std::int64_t> MsprofDb::intColumn(const Statement& st, int column) {
    switch (st.columnType(column)) {
    case SQLITE_NULL: return std::nullopt;
    case SQLITE_INTEGER: return st.int64(column);
    case SQLITE_FLOAT: return static_cast<std::int64_t>(st.real(column));
    default: {
        auto v = parseInteger(cleanCell(st.textView(column)));
        if (v) return static_cast<std::int64_t>(*v);
        return std::nullopt;
    }
    }
}

} // namespace opscope::ascend
