// The timeline draw list: folding the level-of-detail summaries draws exactly the blocks that folding
// every slice draws, at every zoom; colour by category follows each slice's own category; a dense counter
// keeps a few points per pixel column.
#include "core/store/timeline_data.h"
#include "core/store/timeline_lod.h"
#include "tests/timeline_fixture.h"
#include "tests/widgets/draw_list_of_all_tracks.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_draw_list.h"
#include "widgets/timeline/timeline_view.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

#include <catch2/catch.hpp>

#include <random>

using namespace opscope;
using opscope::testing::FixtureStore;

namespace {

// Two tracks of nested slices with durations and gaps over several orders of magnitude.
std::shared_ptr<const TimelineData> denseTimeline(FixtureStore& store) {
    std::mt19937_64 rng(11);
    const std::int64_t p = store.process("1", "p");
    for (int t = 0; t < 2; ++t) {
        const std::int64_t track = store.track(p, 0, "async", "lane " + std::to_string(t));
        std::int64_t cursor = 1'000'000;
        for (int i = 0; i < 1500; ++i) {
            const std::int64_t dur = std::int64_t(1) << std::uniform_int_distribution<int>(6, 18)(rng);
            const std::int64_t gap = std::int64_t(1) << std::uniform_int_distribution<int>(2, 20)(rng);
            const std::string name = "op" + std::to_string(i % 17);
            store.slice(track, cursor, dur, 0, name, "cat");
            if (dur >= 256) store.slice(track, cursor + dur / 4, dur / 2, 1, name + "_child", "cat");
            cursor += dur + gap;
        }
    }
    store.finish(1'000'000, 1'000'000 + (std::int64_t(1) << 31));
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    return data;
}

DrawList build(const TimelineData& data, TimeRange window, bool useLod) {
    return opscope::testing::drawListOfAllTracks(data, window, useLod);
}

// A store with one slice of this name, loaded, and a style cache with the application font.
struct OneLabel {
    FixtureStore store;
    std::shared_ptr<const TimelineData> data;
    SliceStyleCache style;
    std::uint32_t nameId = 0;
    OneLabel(const std::string& storeName, const std::string& name) : store(storeName) {
        const std::int64_t track = store.track(store.process("1", "p"), 0, "async", "lane");
        store.slice(track, 0, 1000, 0, name);
        store.finish(0, 1000);
        Error error;
        data = TimelineData::load(store.path(), &error);
        REQUIRE(data);
        style.reset(data.get(), ColourMode::ByName);
        style.setFont(QApplication::font());
        nameId = data->slices()[0].nameId;
    }
};

} // namespace

TEST_CASE("folding the level-of-detail summaries draws the same blocks as folding every slice", "[draw_list]") {
    FixtureStore store("draw-list-lod");
    auto data = denseTimeline(store);
    const DepthRun& run = data->tracks()[0].depths[0];
    REQUIRE(run.lodCount > 0);
    const TimeRange trace = data->traceRange();
    int lodWindows = 0;
    for (double fraction : {1.0, 0.3, 0.05, 0.01, 0.002, 0.0003}) {
        const auto dur = static_cast<TimeNs>(static_cast<double>(trace.durationNs()) * fraction);
        for (int step = 0; step < 7; ++step) {
            const TimeNs start = trace.startNs + (trace.durationNs() - dur) / 7 * step + step * 977;
            const TimeRange window{start, start + dur};
            if (lodLevelFor(data->lodLevels(run), 2.0 * static_cast<double>(dur) / 1660)) ++lodWindows;
            const DrawList lod = build(*data, window, true), plain = build(*data, window, false);
            INFO("fraction " << fraction << " step " << step);
            REQUIRE(lod.slices.size() == plain.slices.size());
            for (std::size_t i = 0; i < lod.slices.size(); ++i) {
                const SliceDrawItem &a = lod.slices[i], &b = plain.slices[i];
                CHECK(a.sliceId == b.sliceId);
                CHECK(a.merged == b.merged);
                CHECK(a.x == Approx(b.x).margin(1e-3));
                CHECK(a.w == Approx(b.w).margin(1e-3));
                CHECK(a.y == b.y);
                CHECK(a.fill == b.fill);
            }
            REQUIRE(lod.labels.size() == plain.labels.size());
            for (std::size_t i = 0; i < lod.labels.size(); ++i) {
                CHECK(lod.labels[i].nameId == plain.labels[i].nameId);
                CHECK(lod.labels[i].chars == plain.labels[i].chars);
            }
            CHECK(lod.slicesFolded == plain.slicesFolded);
        }
    }
    CHECK(lodWindows >= 14); // the summaries were used, not only the slice fold
}

TEST_CASE("labels are elided to the room they have, and left out where only an ellipsis fits", "[draw_list]") {
    OneLabel one("draw-list-labels", "a_rather_long_operator_name");
    SliceStyleCache& style = one.style;
    const std::uint32_t name = one.nameId;
    const QFontMetricsF metrics(QApplication::font());
    const QString full = QStringLiteral("a_rather_long_operator_name");
    CHECK(style.fittingChars(name, metrics.horizontalAdvance(full) + 1) == -1);
    CHECK(style.label(name, -1).text() == full);
    const double room = metrics.horizontalAdvance(QStringLiteral("a_rather")) + metrics.horizontalAdvance(QChar(0x2026)) + 0.5;
    const int chars = style.fittingChars(name, room);
    CHECK(chars == 8);
    CHECK(style.label(name, chars).text() == metrics.elidedText(full, Qt::ElideRight, room));
    CHECK(style.fittingChars(name, metrics.horizontalAdvance(QChar(0x2026))) == 0);
}

TEST_CASE("an elided label drawn from its cut glyph run looks like the elided text", "[draw_list]") {
    OneLabel one("draw-list-glyphs", "aclnnMatmul_ascend_kernel_v2");
    SliceStyleCache& style = one.style;
    const std::uint32_t name = one.nameId;
    const QFont font = QApplication::font();
    const QString full = QStringLiteral("aclnnMatmul_ascend_kernel_v2");
    QTextLayout layout(full, font);
    layout.beginLayout();
    layout.createLine();
    layout.endLayout();
    REQUIRE(simpleGlyphs(layout).indexes.size() == static_cast<std::size_t>(full.size())); // the glyph-run path
    const double room = QFontMetricsF(font).horizontalAdvance(full) * 0.6;
    const int chars = style.fittingChars(name, room);
    REQUIRE(chars > 0);
    auto render = [&](auto draw) {
        QImage image(400, 24, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter p(&image);
        p.setFont(font);
        p.setPen(Qt::black);
        draw(p);
        return image;
    };
    const QImage fromGlyphs = render([&](QPainter& p) { style.drawLabel(p, QPointF(4, 2), name, chars); });
    const QImage fromText = render([&](QPainter& p) {
        p.drawStaticText(QPointF(4, 2), preparedText(QFontMetricsF(font).elidedText(full, Qt::ElideRight, room), font));
    });
    int inked = 0, different = 0;
    for (int y = 0; y < fromText.height(); ++y) {
        for (int x = 0; x < fromText.width(); ++x) {
            const int a = qGray(fromText.pixel(x, y)), b = qGray(fromGlyphs.pixel(x, y));
            if (a < 128) ++inked;
            if (std::abs(a - b) > 96) ++different;
        }
    }
    CHECK(inked > 50);
    CHECK(different <= inked / 20); // the same glyphs; at most the ellipsis sits a fraction of a pixel apart
}

TEST_CASE("colour by category colours each slice by its own category", "[draw_list][timeline_view]") {
    REQUIRE(paletteColourFor("kernel") != paletteColourFor("memcpy"));
    REQUIRE(paletteColourFor("kernel") != paletteColourFor("op"));
    FixtureStore store("draw-list-category");
    const std::int64_t p = store.process("1", "p");
    const std::int64_t t = store.track(p, 0, "async", "lane");
    const std::int64_t kernel = store.slice(t, 1000, 1000, 0, "op", "kernel");
    const std::int64_t memcpy = store.slice(t, 3000, 1000, 0, "op", "memcpy"); // same name, other category
    store.finish(0, 5000);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);

    ZoomControl zoom;
    TimelineView view(&zoom);
    view.resize(1000, 300);
    view.setData(data);
    view.setColourMode(ColourMode::ByCategory);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    const QImage image = view.viewport()->grab().toImage();
    // Sample near the left edge of each slice, away from its label.
    auto fillAt = [&](std::int64_t sliceId) {
        auto centre = view.sliceCenter(sliceId);
        REQUIRE(centre);
        const TimelineSlice* s = data->findSlice(sliceId);
        const int x = static_cast<int>(view.mapper().toPx(s->tsNs)) + 2;
        return image.pixelColor(x, static_cast<int>(centre->y()) - 6).rgb();
    };
    CHECK(fillAt(kernel) == paletteColourFor("kernel").rgb());
    CHECK(fillAt(memcpy) == paletteColourFor("memcpy").rgb());
    view.setColourMode(ColourMode::ByName);
    const QImage byName = view.viewport()->grab().toImage();
    const TimelineSlice* s = data->findSlice(memcpy);
    CHECK(byName.pixelColor(static_cast<int>(view.mapper().toPx(s->tsNs)) + 2,
                            static_cast<int>(view.sliceCenter(memcpy)->y()) - 6).rgb() == paletteColourFor("op").rgb());
}

// Zoomed out, a counter sampled many times per pixel column draws each column as its range (at most
// five points: the step in, the sample, and the column's low, high and last values), so that the
// curve's reach is kept but not a vertex per sample.
TEST_CASE("a densely sampled counter keeps each pixel column's range in a few points", "[draw_list][counter]") {
    FixtureStore store("draw-list-counter");
    const std::int64_t track = store.track(store.process("1", "p"), 0, "counter", "HBM", "MB/s");
    constexpr int kSamples = 20'000;
    for (int i = 0; i < kSamples; ++i) store.counter(track, i * 100, i % 10 == 3 ? 100.0 : 10.0 * (i % 7));
    store.finish(0, kSamples * 100);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    const DrawList list = build(*data, data->traceRange(), true);
    REQUIRE(list.counters.size() == 1);
    const CounterDrawItem& c = list.counters.front();
    const int points = c.pointEnd - c.pointBegin;
    CHECK(points <= 5 * 1660 + 8); // about 12 samples per column, at most 5 points each
    CHECK(points > 1660);
    // Every column reaches the 100 spike: the curve's top is the top of the counter's rectangle.
    double top = c.rect.bottom();
    for (int i = c.pointBegin; i < c.pointEnd; ++i) top = std::min(top, list.counterPoints[i].y());
    CHECK(top == Approx(c.rect.top()));
}
