// Tests that read the real samples in ../shared: when that folder is absent (a clone without it),
// the test reports itself skipped to ctest (exit code 77, SKIP_RETURN_CODE) instead of passing empty.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

namespace opscope::test {

inline constexpr int kSkipExitCode = 77;

inline std::string sharedDir() { return OPSCOPE_SHARED_DIR; }

// Returns the path under ../shared, or ends the test process as skipped when it does not exist.
inline std::string sharedPathOrSkip(const std::string& relative) {
    std::string path = sharedDir() + "/" + relative;
    if (!std::filesystem::exists(path)) {
        std::printf("SKIPPED: %s is absent (../shared not beside the project)\n", path.c_str());
        std::fflush(stdout);
        std::_Exit(kSkipExitCode);
    }
    return path;
}

} // namespace opscope::test
