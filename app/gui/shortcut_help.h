// The keyboard and mouse help (F1 or ?): every navigation key of the timeline and the window's shortcuts.
#pragma once
#include <QDialog>

namespace opscope::gui {

class ShortcutHelp : public QDialog {
    Q_OBJECT
public:
    explicit ShortcutHelp(QWidget* parent = nullptr);
    // The help as an HTML table (also what the dialog shows).
    static QString html();
};

} // namespace opscope::gui
