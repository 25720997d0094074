// The About box: opscope's version and the libraries it was built with (and runs on, where they say).
#pragma once
#include <QDialog>

namespace opscope::gui {

class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);
    // "Qt 6.4.2 (built with 6.4.2)", "SQLite 3.40.1", ...: one line per library.
    static QStringList libraryVersions();
};

} // namespace opscope::gui
