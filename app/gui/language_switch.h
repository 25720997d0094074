// Switching the interface language while opscope runs: the main window is built again in the new
// language and reopens the same trace (its store is reused, so no re-import), since most texts are set
// once when a widget is made.
#pragma once
#include <QString>

namespace opscope::gui {

class MainWindow;

// Installs language's translations, opens a new main window in it with old's geometry, dock layout and
// trace, then closes old (a window with Qt::WA_DeleteOnClose is deleted; otherwise its owner deletes it).
// Returns the new window, which deletes itself on close. The Compare and history windows close with old.
MainWindow* reopenInLanguage(MainWindow* old, const QString& language);

} // namespace opscope::gui
