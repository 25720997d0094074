// CLI commands that render views need a QApplication; without a display it runs offscreen.
#pragma once
#include <QApplication>

#include <memory>

namespace opscope::cli {

// Creates the application unless one exists (then returns null). Offscreen unless the caller chose a
// platform through QT_QPA_PLATFORM.
std::unique_ptr<QApplication> ensureApplication();

} // namespace opscope::cli
