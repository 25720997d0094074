// opscope-cli info STORE|TRACE
#include "app/cli/command_registry.h"
#include "app/cli/summary_printer.h"
#include "core/store/store_summary.h"

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp = "usage: opscope-cli info STORE|TRACE\n"
                    "Prints the summary of a store (a trace is imported first when it has no up-to-date store).\n";

int runInfo(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    if (parser.positional().size() != 1 || !parser.unknownOptions().empty()) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    std::string errorText;
    std::shared_ptr<TraceSession> session = openSessionForReading(parser.positional()[0], &errorText);
    StoreSummary summary;
    Error error;
    if (session && !session->summary(&summary, &error)) errorText = describe(error);
    if (!session || error) {
        std::fprintf(stderr, "opscope-cli info: %s\n", errorText.c_str());
        return kExitBadInput;
    }
    std::printf("store:        %s\n", session->storePath().c_str());
    printSummary(stdout, summary);
    return kExitOk;
}

const bool registered = registerCommand({"info", "print the summary of a store or trace", &runInfo});

} // namespace
} // namespace opscope::cli
