// The opscope-cli subcommands: each lives in its own <name>_command.cpp and registers itself here.
#pragma once
#include "core/session/trace_session.h"

#include <functional>
#include <string>
#include <vector>

namespace opscope::cli {

// Exit codes shared by every subcommand (documented in README.md).
inline constexpr int kExitOk = 0;
inline constexpr int kExitRegression = 1; // compare: something regressed beyond the threshold
inline constexpr int kExitBadInput = 2;   // bad arguments, unreadable or malformed input
inline constexpr int kExitFailure = 3;    // an internal failure (store could not be written, ...)

struct Command {
    std::string name;
    std::string summary;  // one line for `opscope-cli --help`
    std::function<int(const std::vector<std::string>& args)> run;
};

bool registerCommand(Command command);
const std::vector<Command>& commands();

// True when args hold -h or --help.
bool wantsHelp(const std::vector<std::string>& args);

// The session of a store or trace (a store path as is; a trace, file or folder, is imported first when its
// store is missing or stale, with progress on stderr when it is a terminal); every command asks its
// questions through it. Null, with *errorText, when it cannot be opened.
std::shared_ptr<TraceSession> openSessionForReading(const std::string& traceOrStore, std::string* errorText);

// Small argument helpers: "--name value" or "--name=value".
struct ArgParser {
    explicit ArgParser(std::vector<std::string> args);
    bool flag(const std::string& name);                        // removes it when present
    bool option(const std::string& name, std::string* value);  // removes it when present
    std::vector<std::string> positional() const;               // what is left that does not start with '-'
    std::vector<std::string> unknownOptions() const;           // leftovers starting with '-'
    std::vector<std::string> rest;
};

} // namespace opscope::cli
