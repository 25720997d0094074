// Counter plots copied from a cached image (counter_image_cache.h) give the pixels of drawing them in
// place: over opaque and translucent fills, at fractional positions, and in the timeline's own frames;
// an image is drawn when a plot is new or changed, kept while it comes again unchanged, and dropped when
// no frame uses it.
#include "tests/launch_fixtures.h"
#include "tests/widgets/flow_trace_fixture.h"
#include "tests/widgets/timeline_frame.h"
#include "core/session/trace_session.h"
#include "widgets/timeline/counter_image_cache.h"

#include <QImage>
#include <QPainter>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

using namespace opscope;

namespace {

// What TimelineView draws for a counter: a translucent fill under an opaque 1 px step line.
void drawPlot(QPainter& p, const QPointF* pts, int n, const QRectF& rect) {
    p.setRenderHint(QPainter::Antialiasing, false);
    for (int i = 1; i < n; ++i)
        p.fillRect(QRectF(pts[i - 1].x(), pts[i - 1].y(), pts[i].x() - pts[i - 1].x(), rect.bottom() - pts[i - 1].y()),
                   QColor(0x2f, 0x6f, 0xd6, 60));
    QPen line(QColor(0x2f, 0x6f, 0xd6), 1.0);
    line.setCosmetic(true);
    p.setPen(line);
    p.drawPolyline(pts, n);
}

// The cache's way: the same plot drawn into its image.
void drawIntoImage(QImage& image, const QPointF* pts, int n, const QRectF& rect) {
    image.fill(Qt::transparent);
    QPainter p(&image);
    drawPlot(p, pts, n, rect);
}

QImage background() {
    QImage image(300, 120, QImage::Format_ARGB32_Premultiplied);
    image.fill(QColor(250, 250, 245));
    QPainter p(&image);
    p.fillRect(QRect(0, 60, 300, 60), QColor(235, 238, 242)); // the next row's shade
    p.fillRect(QRect(100, 0, 1, 120), QColor(200, 200, 200, 90)); // a grid line
    return image;
}

} // namespace

TEST_CASE("counter image cache: a plot copied from its image is the plot drawn in place", "[counter_image]") {
    const QRectF rect(40.5, 30.25, 200.0, 50.0);
    std::vector<QPointF> pts{{40.5, 70.25}, {60.25, 70.25}, {60.25, 35.75}, {130.0, 35.75}, {130.0, 79.0}, {240.5, 79.0}};
    QImage direct = background();
    {
        QPainter p(&direct);
        drawPlot(p, pts.data(), static_cast<int>(pts.size()), rect);
    }
    CounterImageCache cache;
    for (int frame = 0; frame < 3; ++frame) {
        INFO("frame " << frame);
        QImage cached = background();
        QPainter p(&cached);
        cache.paint(p, 7, pts.data(), static_cast<int>(pts.size()), rect, drawIntoImage);
        p.end();
        CHECK(cached == direct);
        cache.endFrame();
        CHECK(cache.imagesDrawn() == 1); // drawn at the first frame, copied from then on
    }
    // A changed point: one new image, drawn at once and kept.
    pts[3].ry() += 3;
    for (int frame = 0; frame < 2; ++frame) {
        QImage cached = background(), expected = background();
        QPainter p(&cached);
        cache.paint(p, 7, pts.data(), static_cast<int>(pts.size()), rect, drawIntoImage);
        p.end();
        QPainter e(&expected);
        drawPlot(e, pts.data(), static_cast<int>(pts.size()), rect);
        e.end();
        CHECK(cached == expected);
    }
    CHECK(cache.imagesDrawn() == 2);
    // Moved by whole pixels (a vertical scroll): the same image, at the new place.
    std::vector<QPointF> scrolled = pts;
    for (QPointF& q : scrolled) q.ry() -= 20;
    QImage expected = background(), cached = background();
    {
        QPainter p(&expected);
        drawPlot(p, scrolled.data(), static_cast<int>(scrolled.size()), rect.translated(0, -20));
        QPainter c(&cached);
        cache.paint(c, 7, scrolled.data(), static_cast<int>(scrolled.size()), rect.translated(0, -20), drawIntoImage);
    }
    CHECK(cached == expected);
    CHECK(cache.imagesDrawn() == 2);
    // Points that differ from the kept ones in the last bit (a scroll's rounding) still take the image.
    std::vector<QPointF> rounded = scrolled;
    rounded[2].ry() = std::nextafter(rounded[2].y(), 0.0);
    {
        QImage again = background();
        QPainter c(&again);
        cache.paint(c, 7, rounded.data(), static_cast<int>(rounded.size()), rect.translated(0, -20), drawIntoImage);
    }
    CHECK(cache.imagesDrawn() == 2);
    cache.endFrame();
    CHECK(cache.size() == 1);
    cache.endFrame(); // a frame that painted no counter
    CHECK(cache.size() == 0);
}

TEST_CASE("counter image cache: the timeline's repeated frame is its first frame", "[counter_image]") {
    QTemporaryDir dir;
    const std::string store = opscope::testing::importFlowTrace(dir, opscope::test::queueTrace());
    Error error;
    auto session = TraceSession::openStore(store, &error);
    REQUIRE(session);
    auto data = session->timeline(&error);
    REQUIRE(data);
    const TimeRange whole = data->traceRange();
    const TimeRange zoomed{whole.startNs + whole.durationNs() / 4, whole.startNs + whole.durationNs() / 2};
    for (const TimeRange window : {whole, zoomed}) {
        ZoomControl zoom;
        TimelineView view(&zoom);
        view.setAttribute(Qt::WA_DontShowOnScreen);
        view.resize(1400, 700);
        view.show();
        view.setData(data);
        zoom.setVisibleRange(window);
        QImage first(view.size(), QImage::Format_ARGB32_Premultiplied);
        {
            QPainter p(&first);
            view.render(&p);
        }
        for (int again = 0; again < 2; ++again) { // the second and third frames copy the counters' images
            view.invalidateDrawList();
            QImage next(view.size(), QImage::Format_ARGB32_Premultiplied);
            QPainter p(&next);
            view.render(&p);
            p.end();
            CHECK(next == first);
        }
        CHECK(opscope::testing::timelineFrame(data, window, false) == first); // a fresh view agrees
    }
}
