// Keys that work from anywhere in the main window: Ctrl+F and / focus the search box, and the timeline's
// navigation keys (W/A/S/D, F, Backspace, Z) reach the timeline after a click in a table or the heatmap.
#pragma once
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace opscope {
class TimelineView;
}

namespace opscope::gui {

class SearchPanel;

// Sends the timeline's navigation keys to it when the focus is on another view of window that gives them
// no meaning of its own (a table, a plot); text fields and the graph view keep their keys.
class TimelineKeyRouter : public QObject {
    Q_OBJECT
public:
    TimelineKeyRouter(QMainWindow* window, TimelineView* timeline);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QMainWindow* window_;
    TimelineView* timeline_;
};

// Adds the window-wide Ctrl+F and / actions that show the search dock and focus its box (text selected).
void installSearchShortcuts(QMainWindow* window, QDockWidget* searchDock, SearchPanel* search);

} // namespace opscope::gui
