#include "app/gui/main_window_decor.h"

#include "app/gui/about_dialog.h"
#include "app/gui/app_icons.h"
#include "app/render/app_settings.h"
#include "app/gui/colour_scheme.h"
#include "app/render/language.h"
#include "app/gui/language_switch.h"
#include "app/gui/main_window.h"
#include "app/gui/settings_dialog.h"
#include "app/gui/shortcut_help.h"
#include "widgets/bubbles/bubble_view.h"
#include "widgets/diagnosis/diagnosis_view.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QSettings>
#include <QToolBar>

namespace opscope::gui {

namespace {

QAction* findAction(MainWindow* w, const char* name) {
    return w->findChild<QAction*>(QStringLiteral("action_") + QLatin1String(name));
}

QMenu* menuWith(MainWindow* w, QAction* action) {
    if (!action) return nullptr;
    for (QAction* top : w->menuBar()->actions())
        if (top->menu() && top->menu()->actions().contains(action)) return top->menu();
    return nullptr;
}

// A checkable action whose state survives a restart under key.
void persistToggle(QAction* action, const QString& key) {
    if (!action) return;
    const QVariant stored = QSettings().value(key);
    if (stored.isValid()) action->setChecked(stored.toBool());
    QObject::connect(action, &QAction::toggled, action, [key](bool on) { QSettings().setValue(key, on); });
}

void setScheme(MainWindow* w, ColourScheme scheme) {
    applyColourScheme(scheme);
    QSettings().setValue(settings::kTheme, colourSchemeName(scheme));
    polishActions(w); // icons are drawn in the palette's text colour
}

void addThemeMenu(MainWindow* w, QMenu* view) {
    auto* menu = new QMenu(MainWindow::tr("&Theme"), w);
    menu->menuAction()->setObjectName(QStringLiteral("action_theme"));
    decorateAction(menu->menuAction(), QStringLiteral("theme"), QStringLiteral("theme"),
                   MainWindow::tr("Light or dark colours, or those of the system"));
    auto* group = new QActionGroup(menu);
    const ColourScheme current = colourSchemeFromName(settings::theme());
    struct Choice {
        ColourScheme scheme;
        QString name, icon, text, tip;
    };
    const Choice choices[] = {
        {ColourScheme::System, QStringLiteral("themeSystem"), QStringLiteral("theme-system"), MainWindow::tr("&System"),
         MainWindow::tr("Use the colours of the desktop")},
        {ColourScheme::Light, QStringLiteral("themeLight"), QStringLiteral("theme-light"), MainWindow::tr("&Light"),
         MainWindow::tr("Dark text on light backgrounds")},
        {ColourScheme::Dark, QStringLiteral("themeDark"), QStringLiteral("theme-dark"), MainWindow::tr("&Dark"),
         MainWindow::tr("Light text on dark backgrounds")},
    };
    for (const Choice& c : choices) {
        QAction* a = menu->addAction(c.text);
        decorateAction(a, c.name, c.icon, c.tip);
        a->setCheckable(true);
        a->setChecked(c.scheme == current);
        group->addAction(a);
        const ColourScheme scheme = c.scheme;
        QObject::connect(a, &QAction::triggered, w, [w, scheme] { setScheme(w, scheme); });
    }
    QAction* before = findAction(w, "fitAll");
    if (before && view->actions().contains(before)) {
        view->insertMenu(before, menu);
        view->insertSeparator(before);
    } else view->addMenu(menu);
}

// The analysis views take the defaults of the Settings dialog (the bubble view also keeps its own edits).
void applyAnalysisSettings(MainWindow* w) {
    const QString rules = settings::rulesFile();
    for (DiagnosisView* view : w->findChildren<DiagnosisView*>()) {
        QString message;
        if (!rules.isEmpty() && !view->setRulesFile(rules, &message))
            w->statusBar()->showMessage(MainWindow::tr("Cannot use the rules file %1: %2").arg(rules, message), 10000);
    }
    const auto minNs = static_cast<TimeNs>(settings::bubbleMinUs() * 1000.0 + 0.5);
    for (BubbleView* view : w->findChildren<BubbleView*>()) view->setMinBubbleNs(minNs);
}

void openSettings(MainWindow* w) {
    SettingsDialog dialog(w);
    QObject::connect(&dialog, &SettingsDialog::recentFilesCleared, w, &MainWindow::rebuildRecentMenu);
    QObject::connect(&dialog, &SettingsDialog::applied, w, [w] {
        const ColourScheme scheme = colourSchemeFromName(settings::theme());
        if (QAction* a = findAction(w, scheme == ColourScheme::Dark    ? "themeDark"
                                       : scheme == ColourScheme::Light ? "themeLight"
                                                                       : "themeSystem"))
            a->trigger();
        if (QAction* a = findAction(w, "colourByCategory"))
            a->setChecked(QSettings().value(settings::kColourByCategory, false).toBool());
        w->rebuildRecentMenu();
        applyAnalysisSettings(w);
    });
    const QString languageBefore = currentLanguage();
    const bool accepted = dialog.exec() == QDialog::Accepted;
    // After the dialog is gone: rebuilding closes w, the dialog's parent.
    const QString languageAfter = resolveLanguage(settings::language());
    if (accepted && languageAfter != languageBefore) reopenInLanguage(w, languageAfter);
}

void addSettingsAction(MainWindow* w) {
    QAction* quit = findAction(w, "quit");
    QMenu* file = menuWith(w, quit);
    if (!file) file = w->menuBar()->actions().isEmpty() ? w->menuBar()->addMenu(MainWindow::tr("&File"))
                                                         : w->menuBar()->actions().first()->menu();
    auto* settingsAction = new QAction(MainWindow::tr("&Settings…"), w);
    decorateAction(settingsAction, QStringLiteral("settings"), QStringLiteral("settings"),
                   MainWindow::tr("Language, theme, recent files, bubble threshold, diagnosis rules"));
    settingsAction->setShortcut(QKeySequence(MainWindow::tr("Ctrl+,")));
    settingsAction->setMenuRole(QAction::PreferencesRole);
    QObject::connect(settingsAction, &QAction::triggered, w, [w] { openSettings(w); });
    if (quit) {
        file->insertAction(quit, settingsAction);
        file->insertSeparator(quit);
    } else file->addAction(settingsAction);
}

void addHelpMenu(MainWindow* w) {
    QMenu* help = w->menuBar()->addMenu(MainWindow::tr("&Help"));
    help->menuAction()->setObjectName(QStringLiteral("action_helpMenu"));
    QAction* keys = help->addAction(MainWindow::tr("&Keyboard and Mouse…"));
    decorateAction(keys, QStringLiteral("shortcuts"), QStringLiteral("shortcuts"),
                   MainWindow::tr("Every navigation key and mouse gesture of the timeline (F1 or ?)"));
    keys->setShortcuts({QKeySequence(Qt::Key_F1), QKeySequence(QStringLiteral("?"))});
    QObject::connect(keys, &QAction::triggered, w, [w] {
        ShortcutHelp dialog(w);
        dialog.exec();
    });
    help->addSeparator();
    QAction* about = help->addAction(MainWindow::tr("&About opscope"));
    decorateAction(about, QStringLiteral("about"), QStringLiteral("about"),
                   MainWindow::tr("Version of opscope and of the libraries it uses"));
    about->setMenuRole(QAction::AboutRole);
    QObject::connect(about, &QAction::triggered, w, [w] {
        AboutDialog dialog(w);
        dialog.exec();
    });
    QAction* aboutQt = help->addAction(MainWindow::tr("About &Qt"));
    decorateAction(aboutQt, QStringLiteral("aboutQt"), QStringLiteral("qt"), MainWindow::tr("Version and licence of Qt"));
    aboutQt->setMenuRole(QAction::AboutQtRole);
    QObject::connect(aboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void addToolBar(MainWindow* w) {
    QToolBar* bar = w->addToolBar(MainWindow::tr("Main toolbar"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->toggleViewAction()->setToolTip(MainWindow::tr("Show or hide the main toolbar"));
    bar->setIconSize(QSize(20, 20));
    for (const char* name : {"open", "openFolder", "", "fitAll", "zoomToSelection", "zoomBack", "", "showFlows", "exportImage"}) {
        if (!*name) bar->addSeparator();
        else if (QAction* a = findAction(w, name)) bar->addAction(a);
    }
}

} // namespace

void applyStartupSettings() {
    installTranslations(resolveLanguage(settings::language()));
    applyColourScheme(colourSchemeFromName(settings::theme()));
    QApplication::setWindowIcon(applicationIcon());
    QSettings s;
    if (s.value(settings::kResetLayout, false).toBool()) {
        s.remove(settings::kWindowState);
        s.remove(settings::kResetLayout);
    }
}

void decorateMainWindow(MainWindow* w) {
    persistToggle(findAction(w, "showFlows"), settings::kShowFlows);
    persistToggle(findAction(w, "colourByCategory"), settings::kColourByCategory);
    persistToggle(findAction(w, "absoluteTime"), settings::kAbsoluteTime);
    addSettingsAction(w);
    if (QMenu* view = menuWith(w, findAction(w, "fitAll"))) addThemeMenu(w, view);
    addHelpMenu(w);
    addToolBar(w);
    if (!settings::rulesFile().isEmpty()) applyAnalysisSettings(w);
    polishActions(w);
}

} // namespace opscope::gui
