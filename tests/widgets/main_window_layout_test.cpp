// First start (no saved layout): the timeline gets most of the window's height; the tabbed bottom
// docks (details, statistics, graph, analysis views) start as a strip under it.
#include "app/gui/dock_heights.h"
#include "app/gui/main_window.h"
#include "widgets/timeline/timeline_view.h"

#include <QDockWidget>
#include <QSettings>
#include <QTest>

#include <algorithm>
#include <cstdlib>

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

namespace {
// Lets the dock layout settle (tab switches apply their heights on the next turn of the event loop).
void settle() {
    for (int i = 0; i < 5; ++i) QTest::qWait(20);
}
} // namespace

TEST_CASE("every bottom tab keeps its own height", "[main_window]") {
    QSettings().clear();
    gui::MainWindow window;
    window.resize(1500, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    settle();
    auto* details = window.findChild<QDockWidget*>(QStringLiteral("detailsDock"));
    auto* bubbles = window.findChild<QDockWidget*>(QStringLiteral("bubblesDock"));
    REQUIRE(details);
    REQUIRE(bubbles);
    const int strip = details->height();
    bubbles->raise();
    settle();
    INFO("strip " << strip << " px, bubbles " << bubbles->height() << " px");
    window.resizeDocks({bubbles}, {330}, Qt::Vertical); // the user drags the splitter
    settle();
    const int chosen = bubbles->height();
    details->raise();
    settle();
    // Back at its own height, give or take the tab bar that resizeDocks counts in the dock's place.
    CHECK(std::abs(details->height() - strip) <= 30);
    CHECK(gui::DockHeightMemory::rememberedHeight(bubbles) == chosen);
    bubbles->raise();
    settle();
    CHECK(std::abs(bubbles->height() - chosen) <= 30);
}

TEST_CASE("the window works at half a 1920 px screen", "[main_window]") {
    QSettings().clear();
    gui::MainWindow window;
    window.resize(960, 1000);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    settle();
    for (QDockWidget* d : window.findChildren<QDockWidget*>()) {
        INFO(d->objectName().toStdString() << " needs " << d->minimumSizeHint().width() << " px");
        CHECK(d->minimumSizeHint().width() <= 940);
    }
    INFO("the window needs " << window.minimumSizeHint().width() << " px");
    CHECK(window.minimumSizeHint().width() <= 960);
    CHECK(window.width() == 960);
}
