// Shared by the launch commands (launches, idle, queue): open the input and read its device events
// with their launch links, printing the error as the other analysis commands do.
#pragma once
#include "core/store/launch_reader.h"

#include <string>

namespace opscope::cli {

bool loadLaunchInput(const std::string& input, LaunchData* data, const char* command);

} // namespace opscope::cli
