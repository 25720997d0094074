#include "app/cli_render/offscreen_application.h"

#include <cstdlib>

namespace opscope::cli {

std::unique_ptr<QApplication> ensureApplication() {
    if (QApplication::instance()) return nullptr;
    if (!std::getenv("QT_QPA_PLATFORM")) setenv("QT_QPA_PLATFORM", "offscreen", 1);
    static int argc = 1;
    static char name[] = "opscope-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QApplication>(argc, argv);
}

} // namespace opscope::cli
