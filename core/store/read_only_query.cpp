#include "core/store/read_only_query.h"

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <cstring>

namespace opscope {

namespace {

struct Guard {
    std::chrono::steady_clock::time_point deadline;
    bool timedOut = false;
    std::string refused; // what the authorizer refused, for the message
};

// Reading only: SELECT, reads of columns, functions (but not load_extension), recursive CTEs and
// the pragmas that only describe the schema. Everything else, ATTACH and VACUUM INTO included, is
// denied at prepare time.
int authorize(void* user, int action, const char* a, const char* b, const char*, const char*) {
    auto* guard = static_cast<Guard*>(user);
    switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    case SQLITE_FUNCTION:
        if (b && sqlite3_stricmp(b, "load_extension") == 0) break;
        return SQLITE_OK;
    case SQLITE_PRAGMA: {
        static const char* const kReadOnlyPragmas[] = {"table_info", "table_xinfo", "table_list", "index_list",
                                                       "index_info", "index_xinfo", "foreign_key_list",
                                                       "collation_list", "function_list", "pragma_list"};
        // A pragma with an argument could be a setter (user_version = 1): only the listed ones take one.
        for (const char* name : kReadOnlyPragmas)
            if (a && sqlite3_stricmp(a, name) == 0) return SQLITE_OK;
        break;
    }
    default: break;
    }
    if (guard->refused.empty()) {
        static const char* const kNames[] = {
            "copy", "create index", "create table", "create temp index", "create temp table",
            "create temp trigger", "create temp view", "create trigger", "create view", "delete",
            "drop index", "drop table", "drop temp index", "drop temp table", "drop temp trigger",
            "drop temp view", "drop trigger", "drop view", "insert", "pragma", "read", "select",
            "transaction", "update", "attach", "detach", "alter table", "reindex", "analyze",
            "create virtual table", "drop virtual table", "function", "savepoint", "recursive"};
        guard->refused = action >= 0 && action < static_cast<int>(sizeof kNames / sizeof kNames[0]) ? kNames[action] : "statement";
        if (a && *a) guard->refused += std::string(" ") + a;
    }
    return SQLITE_DENY;
}

int progress(void* user) {
    auto* guard = static_cast<Guard*>(user);
    if (std::chrono::steady_clock::now() < guard->deadline) return 0;
    guard->timedOut = true;
    return 1; // interrupts the statement with SQLITE_INTERRUPT
}

// True when text holds nothing but whitespace, ';' and SQL comments.
bool onlyTrivia(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == '\f' || c == '\v') {
            ++i;
        } else if (text.substr(i, 2) == "--") {
            const std::size_t nl = text.find('\n', i);
            i = nl == std::string_view::npos ? text.size() : nl + 1;
        } else if (text.substr(i, 2) == "/*") {
            const std::size_t close = text.find("*/", i + 2);
            i = close == std::string_view::npos ? text.size() : close + 2;
        } else {
            return false;
        }
    }
    return true;
}

// Restores the connection to how the caller had it, whatever way the query ends.
struct ConnectionHooks {
    sqlite3* db;
    ConnectionHooks(sqlite3* handle, Guard* guard) : db(handle) {
        sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
        sqlite3_set_authorizer(db, &authorize, guard);
        sqlite3_progress_handler(db, 1000, &progress, guard);
    }
    ~ConnectionHooks() {
        sqlite3_set_authorizer(db, nullptr, nullptr);
        sqlite3_progress_handler(db, 0, nullptr, nullptr);
    }
};

} // namespace

QueryResult runReadOnlyQuery(Database& db, std::string_view sql, const QueryLimits& limits,
                             const std::function<void(Statement&)>& onColumns,
                             const std::function<void(Statement&)>& onRow) {
    QueryResult result;
    Guard guard;
    guard.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(limits.timeoutMs);
    ConnectionHooks hooks(db.handle(), &guard);
    try {
        std::string_view tail;
        Statement st(db.handle(), sql, &tail);
        if (!st.handle()) {
            result.outcome = QueryOutcome::Refused;
            result.message = "no SQL statement given";
            return result;
        }
        if (!onlyTrivia(tail)) {
            result.outcome = QueryOutcome::Refused;
            result.message = "one statement at a time: text follows the first statement: " +
                             std::string(tail.substr(0, 60));
            return result;
        }
        if (!sqlite3_stmt_readonly(st.handle())) {
            result.outcome = QueryOutcome::Refused;
            result.message = "the statement would write; query is read-only";
            return result;
        }
        onColumns(st);
        while (st.step()) {
            if (result.rows >= limits.maxRows) {
                result.outcome = QueryOutcome::RowLimit;
                result.message = "stopped after " + std::to_string(result.rows) + " rows (raise it with --max-rows)";
                return result;
            }
            onRow(st);
            ++result.rows;
        }
    } catch (const SqliteError& e) {
        if (guard.timedOut) {
            result.outcome = QueryOutcome::TimedOut;
            result.message = "stopped after " + std::to_string(limits.timeoutMs) + " ms (raise it with --timeout-ms)";
        } else if (!guard.refused.empty()) {
            result.outcome = QueryOutcome::Refused;
            result.message = "not allowed in a read-only query: " + guard.refused;
        } else {
            result.outcome = QueryOutcome::Failed;
            result.message = e.what();
        }
    }
    return result;
}

namespace {
std::string cellText(Statement& st, int column) {
    switch (st.columnType(column)) {
    case SQLITE_NULL: return {};
    case SQLITE_INTEGER: return std::to_string(st.int64(column));
    case SQLITE_FLOAT: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.17g", st.real(column));
        return buf;
    }
    default: return st.text(column);
    }
}
} // namespace

QueryResult runReadOnlyTextQuery(Database& db, std::string_view sql, const QueryLimits& limits,
                                 const TextRowCallback& onColumns, const TextRowCallback& onRow) {
    std::vector<std::string> cells;
    auto columns = [&](Statement& st) {
        cells.clear();
        for (int c = 0; c < st.columnCount(); ++c) cells.push_back(st.columnName(c));
        onColumns(cells);
    };
    auto row = [&](Statement& st) {
        cells.clear();
        for (int c = 0; c < st.columnCount(); ++c) cells.push_back(cellText(st, c));
        onRow(cells);
    };
    return runReadOnlyQuery(db, sql, limits, columns, row);
}

} // namespace opscope
