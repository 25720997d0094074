// opscope-cli query STORE|TRACE "SQL": rows as CSV, the statement run by the session under its read-only guard.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/command_registry.h"
#include "app/cli/csv_writer.h"

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli query STORE|TRACE \"SQL\" [--no-header] [--timeout-ms N] [--max-rows N]\n"
    "Runs one read-only SQL statement on the store and prints the rows as CSV. See docs/schema.md.\n"
    "Writes, ATTACH, VACUUM INTO and extensions are refused; a second statement is refused.\n"
    "The statement stops after --timeout-ms (default 10000) or --max-rows rows (default 1000000);\n"
    "then the rows printed so far stay on stdout, the reason goes to stderr and the exit code is 2.\n";

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
    std::string error;
    std::shared_ptr<TraceSession> session = openSessionForReading(pos[0], &error);
    if (!session) {
        std::fprintf(stderr, "opscope-cli query: %s\n", error.c_str());
        return kExitBadInput;
    }
    auto columns = [&](const std::vector<std::string>& names) {
        if (header) writeCsvRow(stdout, names);
    };
    auto rowOut = [&](const std::vector<std::string>& cells) { writeCsvRow(stdout, cells); };
    QueryResult result;
    Error failure;
    if (!session->userQuery(pos[1], limits, columns, rowOut, &result, &failure)) {
        std::fprintf(stderr, "opscope-cli query: %s\n", describe(failure).c_str());
        return kExitBadInput;
    }
    std::fflush(stdout);
    if (result.outcome == QueryOutcome::Done) return kExitOk;
    std::fprintf(stderr, "opscope-cli query: %s\n", result.message.c_str());
    return kExitBadInput;
}

const bool registered = registerCommand({"query", "run read-only SQL on a store, rows as CSV", &runQuery});

} // namespace
} // namespace opscope::cli
