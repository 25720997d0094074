// `opscope-cli history plot`: the History view rendered headless (it needs the GUI libraries).
#pragma once
#include "app/cli/command_registry.h"

namespace opscope::cli {

int historyPlot(ArgParser parser);

} // namespace opscope::cli
