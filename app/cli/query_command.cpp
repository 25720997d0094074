// opscope-cli query STORE|TRACE "SQL": rows as CSV over a read-only connection.
#include "app/cli/command_registry.h"
#include "app/cli/csv_writer.h"

#include <sqlite3.h>

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp = "usage: opscope-cli query STORE|TRACE \"SQL\" [--no-header]\n"
                    "Runs SQL on the store (read-only) and prints the rows as CSV. See docs/schema.md.\n";

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
    try {
        Statement st = db.prepare(pos[1]);
        bool first = true;
        while (st.step()) {
            std::vector<std::string> row;
            if (first && header) {
                for (int c = 0; c < st.columnCount(); ++c) row.push_back(st.columnName(c));
                writeCsvRow(stdout, row);
                row.clear();
            }
            first = false;
            for (int c = 0; c < st.columnCount(); ++c) row.push_back(cellText(st, c));
            writeCsvRow(stdout, row);
        }
        if (first && header) {
            std::vector<std::string> row;
            for (int c = 0; c < st.columnCount(); ++c) row.push_back(st.columnName(c));
            writeCsvRow(stdout, row);
        }
    } catch (const SqliteError& e) {
        std::fprintf(stderr, "opscope-cli query: %s\n", e.what());
        return kExitBadInput;
    }
    return kExitOk;
}

const bool registered = registerCommand({"query", "run read-only SQL on a store, rows as CSV", &runQuery});

} // namespace
} // namespace opscope::cli
