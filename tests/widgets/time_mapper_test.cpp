#include "widgets/common/time_format.h"
#include "widgets/common/time_mapper.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_ruler.h"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace opscope;

TEST_CASE("TimeMapper maps ns to pixels and back, exactly at absolute epoch times", "[time_mapper]") {
    const TimeNs base = 1'738'808'253'589'545'383; // a real trace start: far beyond a double's 53 bits
    TimeMapper m{{base, base + 1000}, 100.0, 1000.0};
    CHECK(m.toPx(base) == Approx(100.0));
    CHECK(m.toPx(base + 1) == Approx(101.0));
    CHECK(m.toPx(base + 1000) == Approx(1100.0));
    CHECK(m.toNs(101.0) == base + 1);
    CHECK(m.toNs(600.0) == base + 500);
    CHECK(m.durToPx(250) == Approx(250.0));
    CHECK(m.pxToDurNs(10.0) == 10);
    CHECK(m.nsPerPx() == Approx(1.0));
    TimeMapper wide{{0, 1'000'000'000}, 0, 1000};
    CHECK(wide.toNs(wide.toPx(123'456'789)) == Approx(123'456'789).margin(500'000));
}

TEST_CASE("ZoomControl keeps trace >= window >= selection and emits on change", "[zoom_control]") {
    ZoomControl zoom;
    QSignalSpy visible(&zoom, &ZoomControl::visibleRangeChanged);
    QSignalSpy selection(&zoom, &ZoomControl::selectionChanged);
    QSignalSpy history(&zoom, &ZoomControl::historyChanged);
    zoom.setMinimumDurationNs(100);
    zoom.setTraceRange({1000, 11000});
    CHECK(visible.count() == 1);
    CHECK(zoom.visibleRange().startNs == 1000);
    CHECK(zoom.visibleRange().endNs == 11000);

    zoom.zoomAround(6000, 0.5); // anchor in the middle keeps its place
    CHECK(zoom.visibleRange().startNs == 3500);
    CHECK(zoom.visibleRange().endNs == 8500);
    CHECK(visible.count() == 2);
    zoom.zoomAround(3500, 0.5); // anchor at the left edge stays at the left edge
    CHECK(zoom.visibleRange().startNs == 3500);
    CHECK(zoom.visibleRange().endNs == 6000);

    zoom.pan(-100000); // clamped at the trace start
    CHECK(zoom.visibleRange().startNs == 1000);
    CHECK(zoom.visibleRange().durationNs() == 2500);

    zoom.zoomAround(1000, 1e-9); // stops at the minimum duration
    CHECK(zoom.visibleRange().durationNs() == 100);
    zoom.zoomAround(5000, 1e9); // never wider than the trace
    CHECK(zoom.visibleRange().startNs == 1000);
    CHECK(zoom.visibleRange().endNs == 11000);

    zoom.setSelection({4000, 2000}); // reversed ends are put in order
    REQUIRE(selection.count() >= 1);
    CHECK(zoom.hasSelection());
    CHECK(zoom.selection().startNs == 2000);
    CHECK(zoom.selection().endNs == 4000);
    zoom.zoomToSelection();
    CHECK(zoom.visibleRange().startNs == 2000);
    CHECK(zoom.visibleRange().endNs == 4000);
    CHECK(zoom.canZoomBack());
    CHECK(history.count() >= 1);
    zoom.zoomBack();
    CHECK(zoom.visibleRange().startNs == 1000);
    CHECK(zoom.visibleRange().endNs == 11000);
    CHECK_FALSE(zoom.canZoomBack());
    zoom.clearSelection();
    CHECK_FALSE(zoom.hasSelection());
    CHECK(selection.last().at(0).toBool() == false);
}

TEST_CASE("durations and ruler offsets are formatted with their units", "[time_format]") {
    CHECK(formatDuration(0) == QStringLiteral("0s"));
    CHECK(formatDuration(740) == QStringLiteral("740ns"));
    CHECK(formatDuration(1250) == QStringLiteral("1µs 250ns"));
    CHECK(formatDuration(379'773) == QStringLiteral("379µs 773ns")); // a tooltip never cuts to "379 µs"
    CHECK(formatDuration(13'240'000) == QStringLiteral("13ms 240µs"));
    CHECK(formatDuration(1'231'461'000) == QStringLiteral("1s 231ms 461µs"));
    CHECK(formatDuration(2'500'000'000) == QStringLiteral("2s 500ms"));
    CHECK(formatDuration(1'231'461'500, 1000) == QStringLiteral("1s 231ms 462µs"));
    CHECK(formatTimeOffset(0, 1000) == QStringLiteral("0s"));
    CHECK(formatTimeOffset(5'000'000, 1'000'000) == QStringLiteral("5ms"));
    CHECK(formatTimeOffset(5'200'000, 200'000) == QStringLiteral("5ms 200µs"));
    CHECK(formatTimeOffset(12'345'678, 1) == QStringLiteral("12ms 345µs 678ns"));
    CHECK(formatTimeOffset(1'500, 500) == QStringLiteral("1µs 500ns"));
    CHECK(formatTimeOffset(12'345'678, 2'500'000) == QStringLiteral("12ms 346µs"));
}

TEST_CASE("the cursor time follows the zoom down to nanoseconds", "[time_format]") {
    const TimeNs at = 1'231'461'789;
    CHECK(formatTimeAtZoom(at, 1) == QStringLiteral("1s 231ms 461µs 789ns"));
    CHECK(formatTimeAtZoom(at, 999) == QStringLiteral("1s 231ms 461µs 789ns"));
    CHECK(formatTimeAtZoom(at, 1'000) == QStringLiteral("1s 231ms 462µs"));
    CHECK(formatTimeAtZoom(at, 999'999) == QStringLiteral("1s 231ms 462µs"));
    CHECK(formatTimeAtZoom(at, 1'000'000) == QStringLiteral("1s 231ms"));
    CHECK(formatTimeAtZoom(at, 1'000'000'000) == QStringLiteral("1s"));
    CHECK(formatTimeAtZoom(at, 0) == QStringLiteral("1s 231ms 461µs 789ns"));
}

TEST_CASE("ruler ticks use a 1-2-5 step and align to the origin", "[time_ruler]") {
    CHECK(rulerStepNs(1.0, 100) == 100);
    CHECK(rulerStepNs(1.5, 100) == 200);
    CHECK(rulerStepNs(4.0, 100) == 500);
    CHECK(rulerStepNs(0.01, 100) == 1);
    TimeMapper m{{1050, 2050}, 0, 1000};
    RulerTicks t = computeRulerTicks(m, 1000, 100);
    CHECK(t.stepNs == 100);
    CHECK(t.firstNs == 1100);
    CHECK(t.count == 10);
}
