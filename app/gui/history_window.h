// File > Run History…: a top-level window over one run-history database. A run clicked there opens its
// trace in the main window; two runs picked there open the comparison of the two.
#pragma once
#include <QWidget>

namespace opscope {
class HistoryView;
}

namespace opscope::gui {

class MainWindow;

class HistoryWindow : public QWidget {
    Q_OBJECT
public:
    explicit HistoryWindow(MainWindow* mainWindow);
    bool openHistory(const QString& path, QString* errorMessage);
    HistoryView* view() const { return view_; }

private:
    void openTrace(const QString& path);
    void compareRuns(const QString& basePath, const QString& newPath);

    MainWindow* mainWindow_;
    HistoryView* view_;
};

} // namespace opscope::gui
