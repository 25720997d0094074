// Settings persist across a restart of the main window (same QSettings scope: "opscope-tests").
#include "app/render/app_settings.h"
#include "app/gui/colour_scheme.h"
#include "app/gui/main_window.h"
#include "app/gui/settings_dialog.h"
#include "widgets/common/theme.h"
#include "widgets/timeline/timeline_view.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSpinBox>

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::gui;

namespace {
QAction* action(const MainWindow& w, const char* name) {
    QAction* a = w.findChild<QAction*>(QStringLiteral("action_") + QLatin1String(name));
    REQUIRE(a);
    return a;
}
} // namespace

TEST_CASE("Settings persist across a restart of the main window", "[settings]") {
    QSettings().clear();
    {
        auto window = std::make_unique<MainWindow>();
        CHECK(window->timeline()->colourMode() == ColourMode::ByName);
        action(*window, "colourByCategory")->setChecked(true);
        // Flows are the selection's only by default; "all" is the user's choice and persists.
        CHECK_FALSE(action(*window, "showFlows")->isChecked());
        CHECK_FALSE(window->timeline()->flowsVisible());
        action(*window, "showFlows")->setChecked(true);
        action(*window, "themeDark")->trigger();
        CHECK(QApplication::palette().color(QPalette::Base).lightness() < 100);
        SettingsDialog dialog(window.get());
        dialog.languageBox()->setCurrentIndex(dialog.languageBox()->findData(QStringLiteral("zh_CN")));
        dialog.bubbleThresholdBox()->setValue(25.0);
        dialog.rulesFileEdit()->setText(QStringLiteral("/tmp/my_rules.json"));
        dialog.maxRecentBox()->setValue(5);
        dialog.save();
        QSettings().setValue(settings::kRecentFiles, QStringList{QStringLiteral("/data/run1/trace_a.json")});
        window->close();
    }
    applyColourScheme(ColourScheme::System); // as a fresh process would start
    {
        MainWindow window;
        CHECK(action(window, "colourByCategory")->isChecked());
        CHECK(window.timeline()->colourMode() == ColourMode::ByCategory);
        CHECK(action(window, "showFlows")->isChecked());
        CHECK(window.timeline()->flowsVisible());
        CHECK(action(window, "themeDark")->isChecked());
        CHECK(settings::theme() == QStringLiteral("dark"));
        CHECK(settings::bubbleMinUs() == Approx(25.0));
        CHECK(settings::rulesFile() == QStringLiteral("/tmp/my_rules.json"));
        CHECK(window.recentFiles() == QStringList{QStringLiteral("/data/run1/trace_a.json")});
        QStringList recentLabels;
        for (QAction* a : action(window, "recent")->menu()->actions()) recentLabels << a->text();
        CHECK(recentLabels.contains(QStringLiteral("trace_a.json")));
        SettingsDialog dialog(&window);
        CHECK(dialog.languageBox()->currentData().toString() == QStringLiteral("zh_CN"));
        CHECK(dialog.themeBox()->currentData().toString() == QStringLiteral("dark"));
        CHECK(dialog.colourBox()->currentData().toBool());
        CHECK(dialog.bubbleThresholdBox()->value() == Approx(25.0));
        CHECK(dialog.maxRecentBox()->value() == 5);
        action(window, "themeSystem")->trigger();
        CHECK(settings::theme() == QStringLiteral("system"));
    }
    applyColourScheme(ColourScheme::System);
    QSettings().clear();
}
