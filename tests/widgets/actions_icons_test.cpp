// The finish of the main window: every action has an icon and a tooltip; every Settings control a tooltip.
#include "app/gui/about_dialog.h"
#include "app/gui/app_icons.h"
#include "app/gui/main_window.h"
#include "app/gui/settings_dialog.h"
#include "app/gui/shortcut_help.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QRegularExpression>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTabBar>
#include <QToolBar>
#include <QWidgetAction>
#include <QToolButton>

#include <catch2/catch.hpp>

using namespace opscope::gui;

namespace {
void collect(const QList<QAction*>& actions, QList<QAction*>* out) {
    for (QAction* a : actions) {
        if (a->isSeparator()) continue;
        out->push_back(a);
        if (a->menu()) collect(a->menu()->actions(), out);
    }
}
} // namespace

TEST_CASE("Every action of the main window has an icon and a tooltip", "[actions]") {
    QSettings().clear();
    MainWindow window;
    QList<QAction*> actions;
    for (QAction* top : window.menuBar()->actions())
        if (top->menu()) collect(top->menu()->actions(), &actions);
    for (QToolBar* bar : window.findChildren<QToolBar*>()) collect(bar->actions(), &actions);
    REQUIRE(actions.size() > 15);
    for (QAction* a : actions) {
        if (qobject_cast<QWidgetAction*>(a)) continue; // a widget in a toolbar (the cut-off banner's text): no icon to show
        INFO(a->text().toStdString() << " (" << a->objectName().toStdString() << ")");
        CHECK_FALSE(a->icon().isNull());
        CHECK_FALSE(a->toolTip().trimmed().isEmpty());
    }
    // The actions opscope defines say more than their menu text.
    for (const char* name : {"open", "openFolder", "exportImage", "fitAll", "zoomToSelection", "zoomBack", "settings",
                             "shortcuts", "about", "themeDark"}) {
        auto* a = window.findChild<QAction*>(QStringLiteral("action_") + QLatin1String(name));
        INFO(name);
        REQUIRE(a);
        CHECK(a->toolTip().size() > QString(a->text()).remove(QLatin1Char('&')).size());
    }
    CHECK(window.findChild<QAction*>(QStringLiteral("action_shortcuts"))->shortcuts().contains(QKeySequence(Qt::Key_F1)));
    CHECK_FALSE(applicationIcon().isNull());
    CHECK(appIcon(QStringLiteral("no-such-icon")).isNull());
}

TEST_CASE("Every control of the Settings dialog has a tooltip", "[actions]") {
    SettingsDialog dialog;
    QList<QWidget*> controls;
    for (auto* w : dialog.findChildren<QComboBox*>()) controls << w;
    for (auto* w : dialog.findChildren<QAbstractSpinBox*>()) controls << w;
    for (auto* w : dialog.findChildren<QToolButton*>())
        if (!qobject_cast<QTabBar*>(w->parentWidget())) controls << w; // not the tab bar's own scroll arrows
    for (auto* w : dialog.findChildren<QLineEdit*>())
        if (!qobject_cast<QAbstractSpinBox*>(w->parentWidget()) && !qobject_cast<QComboBox*>(w->parentWidget())) controls << w;
    REQUIRE(controls.size() >= 6);
    for (QWidget* w : controls) {
        INFO(w->metaObject()->className());
        CHECK_FALSE(w->toolTip().isEmpty());
    }
}

TEST_CASE("The About box names the version and the libraries", "[actions]") {
    const QString all = AboutDialog::libraryVersions().join(QLatin1Char('\n'));
    for (const char* library : {"Qt ", "QCustomPlot ", "SQLite ", "nlohmann_json ", "zlib ", "Graphviz ", "Catch2 "})
        CHECK(all.contains(QLatin1String(library)));
    CHECK(all.contains(QStringLiteral("SQLite 3.")));
    AboutDialog dialog;
    CHECK(dialog.findChild<QWidget*>(QStringLiteral("aboutText")));
}

TEST_CASE("The shortcut help lists every key the timeline handles", "[actions]") {
    QFile input(QStringLiteral(OPSCOPE_SOURCE_DIR "/widgets/timeline/timeline_view_input.cpp"));
    REQUIRE(input.open(QIODevice::ReadOnly));
    const QString source = QString::fromUtf8(input.readAll());
    const QString help = ShortcutHelp::html();
    static const QRegularExpression keyCase(QStringLiteral(R"(case Qt::Key_(\w+):)"));
    int keys = 0;
    for (auto it = keyCase.globalMatch(source); it.hasNext(); ++keys) {
        QString name = it.next().captured(1);
        if (name == QLatin1String("Escape")) name = QStringLiteral("Esc");
        INFO(name.toStdString());
        // As a word of its own: "W / S", "F, Home", "Backspace".
        CHECK(help.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(name))));
    }
    CHECK(keys >= 9);
}
