#include "app/gui/app_icons.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QHash>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QPalette>
#include <QSvgRenderer>
#include <QWidget>

// The AUTORCC resource lives in a static library: register it explicitly so the linker keeps it.
static void initOpscopeResources() { Q_INIT_RESOURCE(opscope); }

namespace opscope::gui {

namespace {

const char* kIconProperty = "opscopeIcon";
const QString kInk = QStringLiteral("#404854"); // the stroke colour the SVG files are drawn in

QByteArray svgSource(const QString& name) {
    static bool initialised = false;
    if (!initialised) {
        initOpscopeResources();
        initialised = true;
    }
    QFile file(QStringLiteral(":/icons/%1.svg").arg(name));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QPixmap render(const QByteArray& svg, int sizePx) {
    QSvgRenderer renderer(svg);
    QPixmap pixmap(sizePx, sizePx);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    renderer.render(&painter);
    return pixmap;
}

QByteArray recoloured(QByteArray svg, const QColor& colour) {
    return svg.replace(kInk.toLatin1(), colour.name().toLatin1());
}

// Dock toggles are made by QDockWidget; their icon follows the dock's name.
QString iconForDock(const QString& dockName) {
    static const QHash<QString, QString> icons = {
        {QStringLiteral("searchDock"), QStringLiteral("search")},
        {QStringLiteral("detailsDock"), QStringLiteral("details")},
        {QStringLiteral("statsDock"), QStringLiteral("statistics")},
    };
    return icons.value(dockName, QStringLiteral("panel"));
}

bool inMenuBar(const QAction* action) {
    for (QObject* o : action->associatedObjects())
        if (qobject_cast<QMenuBar*>(o)) return true;
    return false;
}

void polishAction(QAction* action) {
    // Menu bar titles are words, not icons (a QMenuBar shows the icon instead of the text).
    if (action->isSeparator() || inMenuBar(action)) return;
    QString icon = action->property(kIconProperty).toString();
    if (icon.isEmpty() && action->icon().isNull()) {
        auto* dock = qobject_cast<QDockWidget*>(action->parent());
        icon = dock ? iconForDock(dock->objectName()) : (action->menu() ? QStringLiteral("panel") : QStringLiteral("action"));
        action->setProperty(kIconProperty, icon);
    }
    if (!icon.isEmpty()) action->setIcon(appIcon(icon));
}

} // namespace

QIcon appIcon(const QString& name) {
    const QByteArray svg = svgSource(name);
    if (svg.isEmpty()) return {};
    const QPalette palette = QApplication::palette();
    const QByteArray normal = recoloured(svg, palette.color(QPalette::Active, QPalette::WindowText));
    const QByteArray disabled = recoloured(svg, palette.color(QPalette::Disabled, QPalette::WindowText));
    QIcon icon;
    for (int size : {16, 24, 32, 48}) {
        icon.addPixmap(render(normal, size), QIcon::Normal);
        icon.addPixmap(render(disabled, size), QIcon::Disabled);
    }
    return icon;
}

QIcon applicationIcon() {
    const QByteArray svg = svgSource(QStringLiteral("app"));
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64, 128, 256}) icon.addPixmap(render(svg, size));
    return icon;
}

void decorateAction(QAction* action, const QString& name, const QString& iconName, const QString& toolTip) {
    action->setObjectName(QStringLiteral("action_") + name);
    action->setProperty(kIconProperty, iconName);
    action->setIcon(appIcon(iconName));
    action->setToolTip(toolTip);
    action->setStatusTip(toolTip);
}

void polishActions(QWidget* root) {
    for (QAction* action : root->findChildren<QAction*>()) polishAction(action);
    for (QMenu* menu : root->findChildren<QMenu*>())
        for (QAction* action : menu->actions()) polishAction(action);
}

} // namespace opscope::gui
