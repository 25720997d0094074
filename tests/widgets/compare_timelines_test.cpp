// Both timelines of a comparison on one relative time axis: the new trace is shifted onto the base
// trace's start, one ZoomControl drives both, and slices at the same offset line up vertically.
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/zoom_control.h"
#include "widgets/compare/aligned_timelines.h"
#include "widgets/timeline/timeline_view.h"

#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;

namespace {

// One process, one thread, two slices at +10 us and +50 us from startNs.
void writeTrace(FixtureStore& s, std::int64_t startNs, std::int64_t* first, std::int64_t* second) {
    const std::int64_t p = s.process("1", "python");
    const std::int64_t t = s.track(p, s.thread(p, "1", "MainThread"), "thread", "MainThread");
    *first = s.slice(t, startNs + 10'000, 20'000, 0, "forward");
    *second = s.slice(t, startNs + 50'000, 30'000, 0, "backward");
    s.finish(startNs, startNs + 100'000);
}

} // namespace

TEST_CASE("Aligned timelines share one zoom on a common relative axis", "[compare]") {
    FixtureStore baseStore("compare-base"), newStore("compare-new");
    std::int64_t baseFirst = 0, baseSecond = 0, newFirst = 0, newSecond = 0;
    writeTrace(baseStore, 1'000'000, &baseFirst, &baseSecond);
    writeTrace(newStore, 9'000'000'000, &newFirst, &newSecond); // another clock entirely
    Error error;
    auto base = TimelineData::load(baseStore.db(), &error);
    REQUIRE(base);
    TimelineLoadOptions shift;
    shift.globalShiftNs = AlignedTimelines::alignmentShiftNs(base->traceRange(), {9'000'000'000, 9'000'100'000});
    CHECK(shift.globalShiftNs == 1'000'000 - 9'000'000'000);
    auto current = TimelineData::load(newStore.db(), shift, &error);
    REQUIRE(current);
    CHECK(current->traceRange().startNs == base->traceRange().startNs);

    AlignedTimelines view;
    CHECK(view.baseView()->zoomControl() == view.zoom());
    CHECK(view.newView()->zoomControl() == view.zoom());
    QSignalSpy traceRange(view.zoom(), &ZoomControl::traceRangeChanged);
    view.setData(base, current, QStringLiteral("base"), QStringLiteral("new"));
    CHECK(traceRange.count() >= 1);
    CHECK(view.zoom()->traceRange().startNs == 1'000'000);
    view.resize(1200, 600);
    view.show();
    QCoreApplication::processEvents();

    auto x = [](TimelineView* v, std::int64_t id) {
        auto c = v->sliceCenter(id);
        REQUIRE(c);
        return c->x();
    };
    CHECK(x(view.baseView(), baseFirst) == Approx(x(view.newView(), newFirst)).margin(0.5));
    CHECK(x(view.baseView(), baseSecond) == Approx(x(view.newView(), newSecond)).margin(0.5));

    // Zooming one zooms both.
    QSignalSpy visible(view.zoom(), &ZoomControl::visibleRangeChanged);
    view.zoom()->setVisibleRange({1'040'000, 1'090'000});
    CHECK(visible.count() == 1);
    QCoreApplication::processEvents();
    CHECK(x(view.baseView(), baseSecond) == Approx(x(view.newView(), newSecond)).margin(0.5));
    CHECK(view.baseView()->mapper().window.startNs == view.newView()->mapper().window.startNs);
}
