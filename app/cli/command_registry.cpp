#include "app/cli/command_registry.h"

#include "core/session/open_trace.h"

#include <cstdio>
#include <unistd.h>

namespace opscope::cli {

namespace {
std::vector<Command>& registry() {
    static std::vector<Command> all;
    return all;
}
} // namespace

bool registerCommand(Command command) {
    registry().push_back(std::move(command));
    return true;
}

const std::vector<Command>& commands() { return registry(); }

bool wantsHelp(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "-h" || a == "--help") return true;
    return false;
}

namespace {
// Progress of an import on stderr, when it is a terminal.
ImportProgress terminalProgress() {
    ImportProgress progress;
    bool tty = ::isatty(STDERR_FILENO);
    if (tty) {
        progress.onProgress = [](std::int64_t read, std::int64_t total, std::int64_t events) {
            if (total > 0)
                std::fprintf(stderr, "\rimporting: %3d%%  %lld events", static_cast<int>(read * 100 / total),
                             static_cast<long long>(events));
        };
    }
    return progress;
}
} // namespace

std::shared_ptr<TraceSession> openSessionForReading(const std::string& traceOrStore, std::string* errorText) {
    OpenResult result;
    Error error;
    const bool tty = ::isatty(STDERR_FILENO);
    std::shared_ptr<TraceSession> session =
        TraceSession::open({traceOrStore}, OpenOptions{}, terminalProgress(), &result, &error);
    if (tty && !result.reused) std::fprintf(stderr, "\r\033[K");
    if (!session && errorText) {
        *errorText = describe(error);
        // A cut trace is never passed off as whole, even when an earlier --partial import left a store of it.
        if (error.code == ErrorCode::Truncated)
            *errorText += "\n(`opscope-cli import --partial` imports the events before the cut; then give its store)";
    }
    return session;
}

ArgParser::ArgParser(std::vector<std::string> args) : rest(std::move(args)) {}

bool ArgParser::flag(const std::string& name) {
    for (auto it = rest.begin(); it != rest.end(); ++it) {
        if (*it == name) {
            rest.erase(it);
            return true;
        }
    }
    return false;
}

bool ArgParser::option(const std::string& name, std::string* value) {
    for (auto it = rest.begin(); it != rest.end(); ++it) {
        if (*it == name && std::next(it) != rest.end()) {
            *value = *std::next(it);
            rest.erase(it, it + 2);
            return true;
        }
        if (it->rfind(name + "=", 0) == 0) {
            *value = it->substr(name.size() + 1);
            rest.erase(it);
            return true;
        }
    }
    return false;
}

std::vector<std::string> ArgParser::positional() const {
    std::vector<std::string> out;
    for (const std::string& a : rest)
        if (a.empty() || a[0] != '-' || a == "-") out.push_back(a);
    return out;
}

std::vector<std::string> ArgParser::unknownOptions() const {
    std::vector<std::string> out;
    for (const std::string& a : rest)
        if (!a.empty() && a[0] == '-' && a != "-") out.push_back(a);
    return out;
}

} // namespace opscope::cli
