// The timeline's time area kept as an image (time_area_image.h): a repaint drawn from the same inputs
// copies it, a change of any one input paints it again, and a frame from the image has the pixels of a
// fresh view's frame.
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"
#include "tests/widgets/timeline_frame.h"
#include "widgets/common/view_snapshot.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/time_area_image.h"
#include "widgets/timeline/timeline_view.h"

#include <QImage>
#include <QPainter>
#include <QPalette>
#include <QScrollBar>

#include <catch2/catch.hpp>

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::renderFrame;

namespace {

constexpr std::int64_t kStartNs = 1'000'000, kEndNs = 1'000'000 + 2'000'000;
constexpr QSize kSize(1100, 260); // shorter than the rows: the view scrolls

struct Fixture {
    std::shared_ptr<const TimelineData> data;
    std::int64_t launchWithFlow = 0, sliceWithoutFlow = 0;
};

// Host lanes launching device tasks through flows (arrows on screen), a slice with no flow, and a counter:
// taller than the view.
Fixture timeline(FixtureStore& store) {
    Fixture f;
    const std::int64_t host = store.process("1", "host");
    const std::int64_t device = store.process("2", "device");
    const std::int64_t other = store.process("3", "other");
    std::vector<std::int64_t> hostLanes, deviceLanes;
    for (int i = 0; i < 4; ++i) hostLanes.push_back(store.track(host, 0, "async", "host lane " + std::to_string(i)));
    for (int i = 0; i < 3; ++i) deviceLanes.push_back(store.track(device, 0, "async", "stream " + std::to_string(i)));
    const std::int64_t lonely = store.track(other, 0, "async", "lonely");
    const std::int64_t counter = store.track(other, 0, "counter", "HBM", "MB/s");
    std::vector<std::pair<std::int64_t, std::int64_t>> flows;
    std::vector<std::vector<std::int64_t>> launches(hostLanes.size());
    for (std::size_t lane = 0; lane < hostLanes.size(); ++lane) {
        for (int k = 0; k < 12; ++k)
            launches[lane].push_back(store.slice(hostLanes[lane], kStartNs + k * 150'000 + static_cast<std::int64_t>(lane) * 20'000,
                                                 60'000, 0, "launch" + std::to_string(k % 3)));
        if (lane == 0) f.sliceWithoutFlow = store.slice(hostLanes[lane], kStartNs + 1'850'000, 100'000, 0, "alone");
    }
    for (std::size_t stream = 0; stream < deviceLanes.size(); ++stream)
        for (int k = 0; k < 12; ++k) {
            const std::int64_t task = store.slice(deviceLanes[stream], kStartNs + k * 150'000 + 90'000 + static_cast<std::int64_t>(stream) * 10'000,
                                                  40'000, 0, "task" + std::to_string(k % 4));
            flows.emplace_back(launches[(stream + static_cast<std::size_t>(k)) % launches.size()][static_cast<std::size_t>(k)], task);
        }
    store.slice(lonely, kStartNs + 500'000, 300'000, 0, "lonely");
    for (int i = 0; i < 400; ++i) store.counter(counter, kStartNs + i * 5'000, 10.0 * (i % 9));
    for (const auto& [out, in] : flows) store.flow(out, in);
    f.launchWithFlow = flows.front().first;
    store.finish(kStartNs, kEndNs);
    Error error;
    f.data = TimelineData::load(store.path(), &error);
    REQUIRE(f.data);
    REQUIRE(!f.data->flows().empty());
    return f;
}

using Change = std::function<void(TimelineView&, ZoomControl&)>;

// A view shown at kSize over the data, with its arrows.
struct ShownTimeline {
    ZoomControl zoom;
    TimelineView view{&zoom};
    explicit ShownTimeline(std::shared_ptr<const TimelineData> data) {
        opscope::testing::showOffscreen(view, kSize);
        view.setData(std::move(data));
        view.setFlowsVisible(true);
    }
};

// A view shown at kSize over the data with its arrows, the change made, and its first frame (painted in place).
QImage freshFrame(const std::shared_ptr<const TimelineData>& data, const Change& change) {
    ShownTimeline shown(data);
    TimelineView& view = shown.view;
    ZoomControl& zoom = shown.zoom;
    renderFrame(view); // the first paint settles what it collapses
    change(view, zoom);
    const QImage frame = renderFrame(view);
    CHECK(view.timeAreaFramesCopied() == 0);
    return frame;
}

// Renders until the view copies its kept image, checking that each frame equals `expected`.
void settle(TimelineView& view, const QImage& expected) {
    const std::int64_t copied = view.timeAreaFramesCopied();
    CHECK(renderFrame(view) == expected); // painted into the image (or copied, if it was made already)
    CHECK(renderFrame(view) == expected); // copied
    CHECK(view.timeAreaFramesCopied() > copied);
}

} // namespace

TEST_CASE("time area image: a repaint with nothing changed copies it, with a fresh view's pixels", "[time_area_image]") {
    FixtureStore store("time-area-same");
    const Fixture f = timeline(store);
    ShownTimeline shown(f.data);
    TimelineView& view = shown.view;
    const QImage first = renderFrame(view);
    REQUIRE(view.flowsDrawn() > 0);
    CHECK(view.timeAreaImagesPainted() == 0); // seen once: painted in place
    CHECK(view.timeAreaFramesCopied() == 0);
    CHECK(renderFrame(view) == first); // the same frame again: painted into the image
    CHECK(view.timeAreaImagesPainted() == 1);
    CHECK(view.timeAreaFramesCopied() == 0);
    for (int again = 0; again < 3; ++again) {
        if (again == 2) view.invalidateDrawList(); // a rebuilt draw list equal to the last one
        CHECK(renderFrame(view) == first);
    }
    CHECK(view.timeAreaImagesPainted() == 1);
    CHECK(view.timeAreaFramesCopied() == 3);
    CHECK(first == freshFrame(f.data, [](TimelineView&, ZoomControl&) {}));

    // A selection whose slice has no arrows paints its outline over the copy.
    view.setSelectedSlice(f.sliceWithoutFlow);
    const QImage selected = renderFrame(view);
    CHECK(view.timeAreaFramesCopied() == 4);
    CHECK(selected != first);
    CHECK(selected == freshFrame(f.data, [&](TimelineView& v, ZoomControl&) { v.setSelectedSlice(f.sliceWithoutFlow); }));
}

TEST_CASE("time area image: each input changed on its own paints it again, with a fresh view's pixels",
          "[time_area_image]") {
    FixtureStore store("time-area-inputs");
    const Fixture f = timeline(store);
    Error error;
    const auto reloaded = TimelineData::load(store.path(), &error); // the same rows in another timeline
    REQUIRE(reloaded);
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x22, 0x26));
    dark.setColor(QPalette::Base, QColor(0x18, 0x1a, 0x1e));
    dark.setColor(QPalette::WindowText, QColor(0xe0, 0xe0, 0xe0));
    dark.setColor(QPalette::Text, QColor(0xe0, 0xe0, 0xe0));
    const std::vector<std::pair<const char*, Change>> changes{
        {"range by 1 ns", [](TimelineView&, ZoomControl& z) { z.setVisibleRange({z.visibleRange().startNs, z.visibleRange().endNs - 1}); }},
        {"resize", [](TimelineView& v, ZoomControl&) { v.resize(kSize.width() - 40, kSize.height()); }},
        {"vertical scroll", [](TimelineView& v, ZoomControl&) { v.verticalScrollBar()->setValue(24); }},
        {"collapse a group", [](TimelineView& v, ZoomControl&) { v.setProcessCollapsed(0, true); }},
        {"theme", [&](TimelineView& v, ZoomControl&) { v.setPalette(dark); }},
        {"new data", [&](TimelineView& v, ZoomControl&) { v.setData(reloaded); }},
        {"flows off", [](TimelineView& v, ZoomControl&) { v.setFlowsVisible(false); }},
        {"a selection with arrows", [&](TimelineView& v, ZoomControl&) { v.setSelectedSlice(f.launchWithFlow); }},
        {"a pinned row", [](TimelineView& v, ZoomControl&) { v.setTrackPinned(5, true); }},
    };
    for (const auto& [name, change] : changes) {
        INFO(name);
        ShownTimeline shown(f.data);
        TimelineView& view = shown.view;
        ZoomControl& zoom = shown.zoom;
        const QImage before = renderFrame(view);
        settle(view, before);
        REQUIRE(view.verticalScrollBar()->maximum() > 24);
        const std::int64_t painted = view.timeAreaImagesPainted(), copied = view.timeAreaFramesCopied();
        change(view, zoom);
        const QImage expected = freshFrame(f.data, change);
        const QImage after = renderFrame(view);
        CHECK(view.timeAreaFramesCopied() == copied); // painted in place, not copied
        CHECK(view.timeAreaImagesPainted() == painted);
        if (std::string(name) != "new data") CHECK(after != before);
        CHECK(after == expected);
        settle(view, expected); // and the image made of the new inputs holds them
    }
}

// A HiDPI window paints at its screen's ratio: the image, made at that ratio, lands on the target's
// device pixels one for one.
TEST_CASE("time area image: at a device pixel ratio of 2 the copy is the image's pixels exactly", "[time_area_image]") {
    for (const QImage::Format format : {QImage::Format_ARGB32_Premultiplied, QImage::Format_RGB32}) {
        QImage target(QSize(300, 200) * 2, format);
        target.setDevicePixelRatio(2);
        target.fill(Qt::white);
        QPainter painter(&target);
        REQUIRE(TimeAreaImage::targetFormat(painter, 2.0) == format);
        TimeAreaImage cache;
        TimelineTheme theme;
        const QFont font;
        const std::vector<TimelineRow> rows;
        const DrawList list;
        const std::vector<QLineF> arrows;
        TimeAreaInputs in{QSize(300, 200), 2.0, format, nullptr, 0, 0, &rows, &rows, {}, &list, &list, &arrows, false, &theme, &font};
        REQUIRE(cache.begin(in) == TimeAreaImage::Use::PaintInPlace);
        REQUIRE(cache.begin(in) == TimeAreaImage::Use::PaintIntoImage);
        QImage& image = cache.image();
        REQUIRE(image.size() == target.size());
        {
            QPainter ip(&image);
            ip.setRenderHint(QPainter::Antialiasing);
            ip.fillRect(QRectF(0, 0, 300, 200), QColor(0x30, 0x60, 0x90));
            ip.setPen(QPen(QColor(250, 200, 10), 1.3));
            for (int i = 0; i < 20; ++i) ip.drawLine(QPointF(i * 13.7, 0.3), QPointF(290 - i * 9.1, 199.6));
        }
        cache.copyTo(painter);
        painter.end();
        QImage expected = image.convertToFormat(format);
        expected.setDevicePixelRatio(2);
        CHECK(target == expected);
        CHECK(cache.begin(in) == TimeAreaImage::Use::Copy);
    }
}

TEST_CASE("time area image: rendered at another ratio than the widget's, frames are painted in place", "[time_area_image]") {
    FixtureStore store("time-area-ratio");
    const Fixture f = timeline(store);
    ShownTimeline shown(f.data);
    TimelineView& view = shown.view;
    const QImage first = renderWidgetImage(&view, kSize, 2.0);
    REQUIRE(first.width() == 2 * kSize.width());
    CHECK(renderWidgetImage(&view, kSize, 2.0) == first);
    CHECK(renderWidgetImage(&view, kSize, 2.0) == first);
    CHECK(view.timeAreaImagesPainted() == 0);
    CHECK(view.timeAreaFramesCopied() == 0);
}

TEST_CASE("time area image: a target an image cannot stand in for is painted in place every frame", "[time_area_image]") {
    FixtureStore store("time-area-target");
    const Fixture f = timeline(store);
    ShownTimeline shown(f.data);
    TimelineView& view = shown.view;
    for (int i = 0; i < 3; ++i) {
        QImage image(view.size(), QImage::Format_RGB888);
        QPainter painter(&image);
        view.render(&painter);
    }
    CHECK(view.timeAreaImagesPainted() == 0);
    CHECK(view.timeAreaFramesCopied() == 0);
    // Rendered translucent over white, a copied frame is the painted one.
    std::vector<QImage> frames;
    for (int i = 0; i < 3; ++i) {
        QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setOpacity(0.5);
        view.render(&painter);
        frames.push_back(image);
    }
    CHECK(frames[1] == frames[0]);
    CHECK(frames[2] == frames[0]);
}
