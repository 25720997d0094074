#include "app/gui/language_switch.h"

#include "app/render/language.h"
#include "app/gui/main_window.h"

namespace opscope::gui {

MainWindow* reopenInLanguage(MainWindow* old, const QString& language) {
    installTranslations(language);
    auto* next = new MainWindow;
    next->setAttribute(Qt::WA_DeleteOnClose);
    next->restoreGeometry(old->saveGeometry());
    next->restoreState(old->saveState());
    const QStringList sources = old->sources();
    next->show(); // before old closes, so the application never has no window (it would quit)
    old->close();
    if (!sources.isEmpty()) next->openPaths(sources);
    return next;
}

} // namespace opscope::gui
