#include "app/cli/launch_cli_support.h"

#include "app/cli/analysis_cli_support.h"

#include <cstdio>

namespace opscope::cli {

bool loadLaunchInput(const std::string& input, LaunchData* data, const char* command) {
    Database db;
    if (!openInput(input, &db, command)) return false;
    Error error;
    if (!readLaunchData(db, data, &error)) {
        std::fprintf(stderr, "opscope-cli %s: %s\n", command, describe(error).c_str());
        return false;
    }
    return true;
}

} // namespace opscope::cli
