#include "app/gui/dock_heights.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QSettings>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace opscope::gui {

namespace {
QString heightKey(const QDockWidget* dock) { return QStringLiteral("docks/%1/height").arg(dock->objectName()); }
bool inBottomArea(const QMainWindow* window, const QDockWidget* dock) {
    return !dock->isFloating() && window->dockWidgetArea(const_cast<QDockWidget*>(dock)) == Qt::BottomDockWidgetArea;
}
} // namespace

DockHeightMemory::DockHeightMemory(QMainWindow* window, QStringList tallDocks)
    : QObject(window), window_(window), tallDocks_(std::move(tallDocks)) {
    for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
        if (!inBottomArea(window, dock)) continue;
        connect(dock, &QDockWidget::visibilityChanged, this, [this, dock](bool visible) {
            if (!visible) {
                hidden(dock);
                return;
            }
            // After the tab switch is laid out: resizeDocks needs the dock in place.
            QTimer::singleShot(0, this, [this, dock] { shown(dock); });
        });
    }
}

void DockHeightMemory::hidden(QDockWidget* dock) {
    // A tab put behind another still has the height it had in front: the one the user last saw.
    if (window_->isVisible() && inBottomArea(window_, dock) && dock->height() > 0)
        QSettings().setValue(heightKey(dock), dock->height());
}

int DockHeightMemory::rememberedHeight(const QDockWidget* dock) { return QSettings().value(heightKey(dock), 0).toInt(); }

int DockHeightMemory::comfortableHeight(const QDockWidget* dock) const {
    if (!tallDocks_.contains(dock->objectName())) return 0; // the others share the strip as laid out
    const int hint = dock->widget() ? dock->widget()->sizeHint().height() : 0;
    return std::min(hint, window_->height() * 55 / 100);
}

void DockHeightMemory::shown(QDockWidget* dock) {
    if (!dock->isVisible() || !inBottomArea(window_, dock)) return;
    int wanted = rememberedHeight(dock);
    if (wanted <= 0) wanted = std::max(dock->height(), comfortableHeight(dock)); // only ever taller
    if (wanted == dock->height()) return;
    window_->resizeDocks({dock}, {wanted}, Qt::Vertical);
}

} // namespace opscope::gui
