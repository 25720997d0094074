// First start (no saved layout): the timeline gets most of the window's height; the tabbed bottom
// docks (details, statistics, graph, analysis views) start as a strip under it.
#include "app/gui/main_window.h"
#include "widgets/timeline/timeline_view.h"

#include <QDockWidget>
#include <QSettings>
#include <QTest>

#include <catch2/catch.hpp>

using namespace opscope;

TEST_CASE("on first start the timeline takes most of the height", "[main_window]") {
    QSettings().clear();
    gui::MainWindow window;
    window.resize(1500, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(50); // the first-start dock sizes are applied once laid out
    auto* details = window.findChild<QDockWidget*>(QStringLiteral("detailsDock"));
    REQUIRE(details);
    REQUIRE(details->isVisible());
    const int timelineHeight = window.timeline()->height();
    INFO("timeline " << timelineHeight << " px, bottom docks " << details->height() << " px");
    CHECK(timelineHeight >= window.height() * 55 / 100);
    CHECK(timelineHeight >= 2 * details->height());
    // Every bottom dock shares that strip: none of them forces it taller.
    for (QDockWidget* d : window.findChildren<QDockWidget*>()) {
        if (window.dockWidgetArea(d) != Qt::BottomDockWidgetArea) continue;
        INFO(d->objectName().toStdString());
        CHECK(d->minimumSizeHint().height() <= details->height());
    }
}
