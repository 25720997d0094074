// Counter plot points kept between draw-list rebuilds (counter_points_cache.h): taken again only while the
// range, width, data, scale and place they came from are the same, recomputed when any one of them
// changes, and always the points (and the frame's pixels) of a fresh build.
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "tests/widgets/timeline_frame.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/counter_points_cache.h"
#include "widgets/timeline/timeline_draw_list.h"
#include "widgets/timeline/timeline_view.h"

#include <QApplication>
#include <QImage>

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

using namespace opscope;
using opscope::testing::FixtureStore;

namespace {

constexpr std::int64_t kStartNs = 1'000'000, kEndNs = 1'000'000 + 6'000 * 1'237;

// A slice track and two dense counters (several samples per pixel column when zoomed out, at times that
// fall between pixels), loaded.
std::shared_ptr<const TimelineData> countersTimeline(FixtureStore& store) {
    const std::int64_t p = store.process("1", "p");
    const std::int64_t lane = store.track(p, 0, "async", "lane");
    for (int i = 0; i < 40; ++i) store.slice(lane, kStartNs + i * 180'000, 90'000, 0, "op" + std::to_string(i % 5));
    const std::int64_t hbm = store.track(p, 0, "counter", "HBM", "MB/s");
    const std::int64_t queue = store.track(p, 0, "counter", "queue", "");
    for (int i = 0; i < 6'000; ++i) {
        store.counter(hbm, kStartNs + i * 1'237, 10.0 * (i % 7) + (i % 97 == 5 ? 300.0 : 0.0));
        store.counter(queue, kStartNs + i * 1'237 + 611, static_cast<double>((i * 31) % 13));
    }
    store.finish(kStartNs, kEndNs);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    return data;
}

struct Build {
    DrawListInput input;
    std::vector<TrackOnScreen> tracks;
};

// Every track one above the other, 60 px apart, in a 1660 px wide time area over the whole trace.
Build wholeTrace(const TimelineData& data) {
    Build b;
    b.input.data = &data;
    b.input.mapper = TimeMapper{data.traceRange(), 260, 1660};
    b.input.clipTop = 0;
    b.input.clipBottom = 10'000;
    for (int i = 0; i < static_cast<int>(data.tracks().size()); ++i) b.tracks.push_back({i, 30.0 + 60.0 * i, 60});
    return b;
}

DrawList drawList(Build b, CounterPointsCache* cache) {
    SliceStyleCache style;
    style.reset(b.input.data, ColourMode::ByName);
    style.setFont(QApplication::font());
    b.input.counterPoints = cache;
    DrawList out;
    buildDrawList(b.input, b.tracks, &style, &out);
    return out;
}

// The counters of two draw lists: the same plots, the same points.
void checkSameCounters(const DrawList& a, const DrawList& b) {
    REQUIRE(a.counters.size() == b.counters.size());
    for (std::size_t i = 0; i < a.counters.size(); ++i) {
        CHECK(a.counters[i].trackIndex == b.counters[i].trackIndex);
        CHECK(a.counters[i].rect == b.counters[i].rect);
        CHECK(a.counters[i].pointBegin == b.counters[i].pointBegin);
        CHECK(a.counters[i].pointEnd == b.counters[i].pointEnd);
    }
    // Bit for bit: QPointF's == is fuzzy.
    REQUIRE(a.counterPoints.size() == b.counterPoints.size());
    int differing = 0;
    for (qsizetype i = 0; i < a.counterPoints.size(); ++i)
        differing += a.counterPoints[i].x() != b.counterPoints[i].x() || a.counterPoints[i].y() != b.counterPoints[i].y();
    CHECK(differing == 0);
}

CounterPlotInputs someInputs() {
    static const std::int64_t ts[2] = {0, 1};
    static const double values[2] = {0, 1};
    return {reinterpret_cast<const TimelineData*>(&ts), ts, values, 3, 9, -1.5, 42.0, 1'000, TimeMapper{{0, 1'000}, 260, 1660}, 30, 60};
}

} // namespace

TEST_CASE("counter points: each input of a plot on its own makes it another plot", "[counter_points]") {
    const CounterPlotInputs base = someInputs();
    CHECK(base == someInputs());
    static const std::int64_t otherTs[1] = {0};
    static const double otherValues[1] = {0};
    const std::vector<std::pair<const char*, std::function<void(CounterPlotInputs&)>>> changes{
        {"data", [](CounterPlotInputs& in) { in.data = nullptr; }},
        {"sample times", [](CounterPlotInputs& in) { in.sampleTs = otherTs; }},
        {"sample values", [](CounterPlotInputs& in) { in.sampleValues = otherValues; }},
        {"first sample", [](CounterPlotInputs& in) { ++in.sampleBegin; }},
        {"last sample", [](CounterPlotInputs& in) { --in.sampleEnd; }},
        {"scale minimum", [](CounterPlotInputs& in) { in.valueMin = -1.25; }},
        {"scale maximum", [](CounterPlotInputs& in) { in.valueMax = 42.5; }},
        {"trace end", [](CounterPlotInputs& in) { ++in.traceEndNs; }},
        {"range start", [](CounterPlotInputs& in) { ++in.mapper.window.startNs; }},
        {"range end", [](CounterPlotInputs& in) { ++in.mapper.window.endNs; }},
        {"left edge", [](CounterPlotInputs& in) { in.mapper.xPx += 0.5; }},
        {"width", [](CounterPlotInputs& in) { in.mapper.widthPx -= 1; }},
        {"place", [](CounterPlotInputs& in) { in.yTop += 1; }},
        {"height", [](CounterPlotInputs& in) { in.height -= 1; }},
    };
    for (const auto& [name, change] : changes) {
        INFO(name);
        CounterPlotInputs changed = base;
        change(changed);
        CHECK_FALSE(changed == base);
    }
}

TEST_CASE("counter points: kept across rebuilds with the same inputs, recomputed when one changes", "[counter_points]") {
    FixtureStore store("counter-points");
    const auto data = countersTimeline(store);
    const Build base = wholeTrace(*data);
    CounterPointsCache cache;
    const DrawList first = drawList(base, &cache);
    REQUIRE(first.counters.size() == 2);
    CHECK(first.counterPoints.size() > 2 * 1660); // folded per pixel column, not one point per sample
    CHECK(cache.computed() == 2);
    CHECK(cache.reused() == 0);
    checkSameCounters(first, drawList(base, nullptr));

    // Nothing changed: both plots are taken as kept, and equal a fresh build.
    checkSameCounters(drawList(base, &cache), first);
    checkSameCounters(drawList(base, &cache), first);
    CHECK(cache.computed() == 2);
    CHECK(cache.reused() == 4);

    // Each change on its own recomputes both plots, gives a fresh build's points, and is kept in turn.
    Error error;
    const auto reloaded = TimelineData::load(store.path(), &error); // the same samples in another timeline
    REQUIRE(reloaded);
    const TimeNs quarter = data->traceRange().durationNs() / 4;
    const std::vector<std::pair<const char*, std::function<void(Build&)>>> changes{
        {"range", [&](Build& b) { b.input.mapper.window = {kStartNs + quarter, kEndNs - quarter}; }},
        {"range by 1 ns", [&](Build& b) { b.input.mapper.window.endNs -= 1; }},
        {"width", [&](Build& b) { b.input.mapper.widthPx = 1200; }},
        {"left edge", [&](Build& b) { b.input.mapper.xPx = 200; }},
        {"scale (row height)", [&](Build& b) { for (TrackOnScreen& t : b.tracks) t.height = 45; }},
        {"place (vertical scroll)", [&](Build& b) { for (TrackOnScreen& t : b.tracks) t.yTop -= 7; }},
        {"data", [&](Build& b) { b.input.data = reloaded.get(); }},
    };
    for (const auto& [name, change] : changes) {
        INFO(name);
        Build changed = base;
        change(changed);
        const std::int64_t computedBefore = cache.computed(), reusedBefore = cache.reused();
        const DrawList rebuilt = drawList(changed, &cache);
        CHECK(cache.computed() == computedBefore + 2);
        CHECK(cache.reused() == reusedBefore);
        checkSameCounters(rebuilt, drawList(changed, nullptr));
        checkSameCounters(drawList(changed, &cache), rebuilt); // then kept for the new inputs
        CHECK(cache.computed() == computedBefore + 2);
        CHECK(cache.reused() == reusedBefore + 2);
        drawList(base, &cache); // back, for the next change
    }
    // A plot no build asks for is dropped.
    CHECK(cache.size() == 2);
    Build slicesOnly = base;
    slicesOnly.tracks.resize(1);
    drawList(slicesOnly, &cache);
    CHECK(cache.size() == 0);
}

TEST_CASE("counter points: a view's rebuilt frames keep the points and the pixels of a fresh view", "[counter_points]") {
    using opscope::testing::renderFrame;
    using opscope::testing::timelineFrame;
    FixtureStore store("counter-points-view");
    const auto data = countersTimeline(store);
    ZoomControl zoom;
    TimelineView view(&zoom);
    opscope::testing::showOffscreen(view);
    view.setData(data);
    const TimeRange whole = data->traceRange();
    zoom.setVisibleRange(whole);
    const QImage first = renderFrame(view);
    const std::int64_t computed = view.counterPlotsComputed();
    CHECK(computed == 2);
    CHECK(first == timelineFrame(data, whole, false, view.size()));

    // A repaint that rebuilds the draw list with nothing changed (a hover, a selection, the flows coming).
    for (int again = 0; again < 2; ++again) {
        view.invalidateDrawList();
        CHECK(renderFrame(view) == first);
    }
    CHECK(view.counterPlotsComputed() == computed);
    CHECK(view.counterPlotsReused() == 4);

    // The range changes: recomputed, and the frame is a fresh view's.
    const TimeRange zoomed{whole.startNs + whole.durationNs() / 3, whole.startNs + whole.durationNs() / 2};
    zoom.setVisibleRange(zoomed);
    CHECK(renderFrame(view) == timelineFrame(data, zoomed, false, view.size()));
    CHECK(view.counterPlotsComputed() == computed + 2);

    // The width changes.
    view.resize(1100, 700);
    CHECK(renderFrame(view) == timelineFrame(data, zoomed, false, view.size()));
    CHECK(view.counterPlotsComputed() == computed + 4);

    // The data changes (the same store loaded again: another timeline).
    Error error;
    const auto reloaded = TimelineData::load(store.path(), &error);
    REQUIRE(reloaded);
    view.setData(reloaded);
    zoom.setVisibleRange(zoomed);
    CHECK(renderFrame(view) == timelineFrame(reloaded, zoomed, false, view.size()));
    CHECK(view.counterPlotsComputed() == computed + 6);
    view.invalidateDrawList();
    CHECK(renderFrame(view) == timelineFrame(reloaded, zoomed, false, view.size()));
    CHECK(view.counterPlotsComputed() == computed + 6);
}
