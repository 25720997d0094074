// screenshot and report in a build without the GUI (OPSCOPE_BUILD_GUI=OFF): they draw with the GUI's
// widgets, so this build has no rendering library; they say so and exit 3 instead of being unknown.
#include "app/cli/cli_language.h"
#include "app/cli/command_registry.h"
#include "app/cli/history_plot.h"

#include <cstdio>

namespace opscope::cli {

namespace {

int renderingAbsent(const char* command) {
    std::fprintf(stderr,
                 "opscope-cli %s: this opscope-cli was built without the rendering library (OPSCOPE_BUILD_GUI=OFF);\n"
                 "rebuild with -DOPSCOPE_BUILD_GUI=ON (Qt 6 Widgets) to render images and reports\n",
                 command);
    return kExitFailure;
}

const bool screenshotRegistered = registerCommand(
    {"screenshot", "render a view to PNG/SVG (needs the GUI build)",
     [](const std::vector<std::string>&) { return renderingAbsent("screenshot"); }});
const bool reportRegistered = registerCommand(
    {"report", "one self-contained HTML report (needs the GUI build)",
     [](const std::vector<std::string>&) { return renderingAbsent("report"); }});

} // namespace

int historyPlot(ArgParser) { return renderingAbsent("history plot"); }

// Without Qt the GUI's settings are not read: --lang or the locale decide (cli_language.h).
std::string settingsLanguage() { return {}; }

} // namespace opscope::cli
