#include "app/gui/keyboard_routing.h"

#include "app/gui/main_window.h"
#include "app/gui/search_panel.h"
#include "widgets/timeline/timeline_view.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace opscope::gui {

namespace {

bool isTimelineKey(const QKeyEvent& e) {
    if ((e.modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) return false;
    switch (e.key()) {
    case Qt::Key_W:
    case Qt::Key_A:
    case Qt::Key_S:
    case Qt::Key_D:
    case Qt::Key_F:
    case Qt::Key_Z:
    case Qt::Key_Backspace: return true;
    default: return false;
    }
}

// Widgets where these keys type text or have a meaning of their own.
bool keepsItsKeys(const QWidget* w) {
    if (qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QTextEdit*>(w) ||
        qobject_cast<const QPlainTextEdit*>(w))
        return true;
    if (auto* combo = qobject_cast<const QComboBox*>(w); combo && combo->isEditable()) return true;
    // A table cell being edited has its editor (a line edit) as the focus widget: covered above.
    for (const QWidget* p = w; p; p = p->parentWidget())
        if (p->inherits("opscope::GraphView")) return true; // F fits the graph there
    return false;
}

} // namespace

TimelineKeyRouter::TimelineKeyRouter(QMainWindow* window, TimelineView* timeline)
    : QObject(window), window_(window), timeline_(timeline) {
    qApp->installEventFilter(this);
}

bool TimelineKeyRouter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::KeyPress) return false;
    // The application filter sees a key once per widget it propagates to: act on the first, the focus.
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || widget != QApplication::focusWidget() || widget->window() != window_) return false;
    if (widget == timeline_ || timeline_->isAncestorOf(widget) || !timeline_->isVisible()) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    if (!isTimelineKey(*key) || keepsItsKeys(widget)) return false;
    QKeyEvent copy(QEvent::KeyPress, key->key(), key->modifiers(), key->text(), key->isAutoRepeat(), key->count());
    QCoreApplication::sendEvent(timeline_, &copy);
    return true;
}

void installSearchShortcuts(QMainWindow* window, QDockWidget* searchDock, SearchPanel* search) {
    auto* focusSearch = new QAction(MainWindow::tr("Find"), window);
    focusSearch->setObjectName(QStringLiteral("focusSearchAction"));
    // Window-wide; a text field keeps "/" for typing, since line edits claim printable keys first.
    focusSearch->setShortcuts({QKeySequence(QKeySequence::Find), QKeySequence(Qt::Key_Slash)});
    focusSearch->setShortcutContext(Qt::WindowShortcut);
    QObject::connect(focusSearch, &QAction::triggered, window, [searchDock, search] {
        searchDock->show();
        searchDock->raise();
        search->lineEdit()->setFocus(Qt::ShortcutFocusReason);
        search->lineEdit()->selectAll();
    });
    window->addAction(focusSearch);
}

} // namespace opscope::gui
