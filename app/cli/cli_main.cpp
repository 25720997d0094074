// opscope-cli: the command line over core. Each subcommand is a <name>_command.cpp file.
#include "app/cli/command_registry.h"
#include "core/model/heap_tuning.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

namespace {

void printUsage() {
    std::printf("usage: opscope-cli <command> [options]\n\n"
                "Commands:\n");
    for (const auto& c : opscope::cli::commands()) std::printf("  %-12s %s\n", c.name.c_str(), c.summary.c_str());
    std::printf("\nRun 'opscope-cli <command> --help' for a command's options.\n"
                "Exit codes: 0 ok, 1 regression found (compare), 2 bad input or usage, 3 internal failure.\n");
}

} // namespace

int runCli(int argc, char** argv) {
    if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
        std::strcmp(argv[1], "help") == 0) {
        printUsage();
        return argc < 2 ? opscope::cli::kExitBadInput : opscope::cli::kExitOk;
    }
    if (std::strcmp(argv[1], "--version") == 0) {
        std::printf("opscope-cli %s\n", OPSCOPE_VERSION);
        return 0;
    }
    std::vector<std::string> args(argv + 2, argv + argc);
    for (const auto& c : opscope::cli::commands()) {
        if (c.name == argv[1]) return c.run(args);
    }
    std::fprintf(stderr, "opscope-cli: unknown command '%s'\n\n", argv[1]);
    printUsage();
    return opscope::cli::kExitBadInput;
}

// The last line of defence: whatever escapes a command (a bug, memory exhausted) becomes a message
// and exit code 3, never an abort with a core dump.
int main(int argc, char** argv) {
    opscope::tuneHeapForLargeTraces(); // first, before any thread: see heap_tuning.h
    try {
        return runCli(argc, argv);
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "opscope-cli: internal failure: out of memory\n");
    } catch (const std::exception& e) {
        std::fprintf(stderr, "opscope-cli: internal failure: %s\n", e.what());
    } catch (...) {
        std::fprintf(stderr, "opscope-cli: internal failure: unknown exception\n");
    }
    return opscope::cli::kExitFailure;
}
