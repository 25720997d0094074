// opscope-cli query STORE|TRACE "SQL": rows as CSV over a read-only connection.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/command_registry.h"
#include "app/cli/csv_writer.h"
#include "core/store/read_only_query.h"

#include <sqlite3.h>

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli query STORE|TRACE \"SQL\" [--no-header] [--timeout-ms N] [--max-rows N]\n"
    "Runs one read-only SQL statement on the store and prints the rows as CSV. See docs/schema.md.\n"
    "Writes, ATTACH, VACUUM INTO and extensions are refused; a second statement is refused.\n"
    "The statement stops after --timeout-ms (default 10000) or --max-rows rows (default 1000000);\n"
    "then the rows printed so far stay on stdout, the reason goes to stderr and the exit code is 2.\n";

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

int runQuery(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    bool header = !parser.flag("--no-header");
    QueryLimits limits;
    if (!intOption(parser, "--timeout-ms", 1, std::int64_t{1} << 40, &limits.timeoutMs, "query") ||
        !intOption(parser, "--max-rows", 0, std::int64_t{1} << 62, &limits.maxRows, "query"))
        return kExitBadInput;
    std::vector<std::string> pos = parser.positional();
    if (pos.size() != 2 || !parser.unknownOptions().empty()) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    Database db;
    std::string error;
    if (!openStoreForReading(pos[0], &db, &error)) {
        std::fprintf(stderr, "opscope-cli query: %s\n", error.c_str());
        return kExitBadInput;
    }
    auto columns = [&](Statement& st) {
        if (!header) return;
        std::vector<std::string> row;
        for (int c = 0; c < st.columnCount(); ++c) row.push_back(st.columnName(c));
        writeCsvRow(stdout, row);
    };
    auto rowOut = [&](Statement& st) {
        std::vector<std::string> row;
        for (int c = 0; c < st.columnCount(); ++c) row.push_back(cellText(st, c));
        writeCsvRow(stdout, row);
    };
    QueryResult result = runReadOnlyQuery(db, pos[1], limits, columns, rowOut);
    std::fflush(stdout);
    if (result.outcome == QueryOutcome::Done) return kExitOk;
    std::fprintf(stderr, "opscope-cli query: %s\n", result.message.c_str());
    return kExitBadInput;
}

const bool registered = registerCommand({"query", "run read-only SQL on a store, rows as CSV", &runQuery});

} // namespace
} // namespace opscope::cli
