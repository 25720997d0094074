// User SQL over a store (opscope-cli query): one statement, read-only by construction (an authorizer
// refuses writes, ATTACH, VACUUM INTO, extension loading; the connection is read-only too), under a
// time limit and a row limit the caller sets. Outcomes are values; rows go to a callback.
#pragma once
#include "core/store/sqlite_db.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace opscope {

struct QueryLimits {
    std::int64_t timeoutMs = 10'000;   // wall time of the whole statement
    std::int64_t maxRows = 1'000'000;  // rows delivered before the query is stopped
};

enum class QueryOutcome {
    Done,
    RowLimit,        // maxRows rows were delivered and there were more
    TimedOut,        // stopped after timeoutMs
    Refused,         // not a single read-only statement (message says why)
    Failed,          // SQLite's own error (syntax, no such table, ...)
};

struct QueryResult {
    QueryOutcome outcome = QueryOutcome::Done;
    std::int64_t rows = 0;
    std::string message; // for everything but Done
};

// Runs sql on db (which the caller opened read-only). onColumns is called once with the statement
// before the first row (also when there are none), onRow once per row.
QueryResult runReadOnlyQuery(Database& db, std::string_view sql, const QueryLimits& limits,
                             const std::function<void(Statement&)>& onColumns,
                             const std::function<void(Statement&)>& onRow);

// The same with every cell as text (NULL empty, integers exact, reals as %.17g): for callers that hold no
// statement, such as the CLI through the session. onColumns receives the column names.
using TextRowCallback = std::function<void(const std::vector<std::string>& cells)>;
QueryResult runReadOnlyTextQuery(Database& db, std::string_view sql, const QueryLimits& limits,
                                 const TextRowCallback& onColumns, const TextRowCallback& onRow);

} // namespace opscope
