// The status bar's cursor time follows the timeline's zoom down to nanoseconds, and never shows digits the
// mouse cannot resolve at the zoom it is at.
#include "app/gui/main_window.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

QString cursorText(gui::MainWindow& window) {
    for (QLabel* label : window.statusBar()->findChildren<QLabel*>())
        if (label->text().startsWith(QStringLiteral("Cursor: "))) return label->text();
    return {};
}

} // namespace

TEST_CASE("the status bar's cursor time follows the zoom down to nanoseconds", "[time_format][main_window]") {
    QSettings().clear();
    gui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QSignalSpy loaded(&window, &gui::MainWindow::traceLoaded);
    window.openPaths({QStringLiteral(OPSCOPE_SOURCE_DIR "/resources/samples/sample_trace.json")});
    window.waitForImport();
    if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
    REQUIRE(loaded.first().at(0).toBool());
    TimelineView* timeline = window.findChild<TimelineView*>();
    REQUIRE(timeline);
    ZoomControl* zoom = timeline->zoomControl();
    const TimeNs origin = timeline->data()->traceRange().startNs;
    const TimeNs at = origin + 12'345'678; // 12 ms 345 µs 678 ns after the trace start

    // The whole trace on about a thousand pixels: microseconds per pixel, so the time stops at µs (rounded).
    zoom->fitAll();
    REQUIRE(timeline->mapper().pxToDurNs(1) >= 1'000);
    REQUIRE(timeline->mapper().pxToDurNs(1) < 1'000'000);
    emit timeline->cursorTimeChanged(true, at);
    CHECK(cursorText(window) == QStringLiteral("Cursor: 12ms 346µs"));

    // 500 ns across the view: under a nanosecond per pixel, the time shows every nanosecond.
    zoom->setVisibleRange({at - 250, at + 250});
    REQUIRE(timeline->mapper().pxToDurNs(1) < 1);
    emit timeline->cursorTimeChanged(true, at);
    CHECK(cursorText(window) == QStringLiteral("Cursor: 12ms 345µs 678ns"));

    emit timeline->cursorTimeChanged(false, 0); // the mouse left the lanes
    CHECK(cursorText(window).isEmpty());
}
