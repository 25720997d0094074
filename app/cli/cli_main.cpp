// opscope-cli: the command line over core. Each subcommand is a <name>_command.cpp file.
#include "app/cli/command_registry.h"

#include <cstdio>
#include <cstring>

namespace {

void printUsage() {
    std::printf("usage: opscope-cli <command> [options]\n\n"
                "Commands:\n");
    for (const auto& c : opscope::cli::commands()) std::printf("  %-12s %s\n", c.name.c_str(), c.summary.c_str());
    std::printf("\nRun 'opscope-cli <command> --help' for a command's options.\n"
                "Exit codes: 0 ok, 1 regression found (compare), 2 bad input or usage, 3 internal failure.\n");
}

} // namespace

int main(int argc, char** argv) {
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
