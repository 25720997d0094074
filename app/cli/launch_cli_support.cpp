#include "app/cli/launch_cli_support.h"

#include "app/cli/analysis_cli_support.h"

#include <cstdio>

namespace opscope::cli {

bool loadLaunchInput(const std::string& input, LaunchData* data, const char* command) {
    std::shared_ptr<TraceSession> session = openInputSession(input, command);
    if (!session) return false;
    Error error;
    std::shared_ptr<const LaunchData> loaded = session->launchData(&error);
    if (!loaded) {
        std::fprintf(stderr, "opscope-cli %s: %s\n", command, describe(error).c_str());
        return false;
    }
    *data = *loaded;
    return true;
}

} // namespace opscope::cli
