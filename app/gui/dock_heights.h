// Each bottom dock tab keeps its own height: a tab brought to the front gets the height it last had (kept in
// the settings across runs), and the first time a tall view such as the bubbles (summary, histogram,
// scatter, table) opens, at least its comfortable height, instead of the strip the details left.
#pragma once
#include <QObject>
#include <QStringList>

class QDockWidget;
class QMainWindow;

namespace opscope::gui {

class DockHeightMemory : public QObject {
    Q_OBJECT
public:
    // Watches every dock of window in the bottom area at the time of the call; tallDocks (object names)
    // open at their comfortable height the first time.
    DockHeightMemory(QMainWindow* window, QStringList tallDocks);

    // The remembered height of a dock (0: none yet); the settings key "docks/<objectName>/height".
    static int rememberedHeight(const QDockWidget* dock);
    // What a tall dock opens at without a remembered height: its view's size hint, at most 55 % of the
    // window; 0 for the other docks.
    int comfortableHeight(const QDockWidget* dock) const;

private:
    void shown(QDockWidget* dock);
    void hidden(QDockWidget* dock);

    QMainWindow* window_;
    QStringList tallDocks_;
};

} // namespace opscope::gui
