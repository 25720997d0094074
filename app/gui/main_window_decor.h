// What the main window gets on top of its views: Settings, View > Theme, the Help menu (shortcuts, About),
// a toolbar, icons and tooltips on every action, and view toggles that persist in QSettings.
#pragma once

namespace opscope::gui {

class MainWindow;

// Before the first window: language, colour scheme and a pending layout reset from the settings.
void applyStartupSettings();
// Called once at the end of MainWindow's constructor.
void decorateMainWindow(MainWindow* window);

} // namespace opscope::gui
