// Runs the real opscope-cli binary as a child process, the way a user or a CI pipeline does, and
// captures its exit code, standard output and standard error for the test to assert on.
#pragma once
#include <string>
#include <vector>

namespace opscope::test {

struct CliResult {
    int exitCode = -1;  // the process's exit status; -1 when it did not exit normally (a crash)
    std::string out;
    std::string err;
};

// argv excludes the program; env entries ("NAME=value") are added to the child's environment.
CliResult runCli(const std::vector<std::string>& args, const std::vector<std::string>& env = {});

// The bundled sample trace and a fresh temporary folder for outputs.
std::string bundledSample();
std::string cliTempDir();

} // namespace opscope::test
