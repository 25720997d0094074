// The counter plot written straight into pixels (counter_raster.h) against the plot Qt's painter draws:
// step lines of the draw list's shape at fractional places and the pixel ratios of common screens give
// Qt's fill to the pixel and Qt's line within one pixel; the half-pixel edges where rounding turns; every
// pixel written over what the image held; the cases it hands back to QPainter.
#include "widgets/timeline/counter_raster.h"

#include <QImage>
#include <QPainter>

#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <vector>

using namespace opscope;

namespace {

const QColor kLine(0x2f, 0x6f, 0xd6);
const QColor kFill(0x2f, 0x6f, 0xd6, 60);

// A step plot as the draw list builds one: anchored on the bottom edge at both ends, a horizontal run to
// each sample, then a vertical one to its value, and a column's range where several samples share it.
std::vector<QPointF> stepPlot(std::mt19937& rng, const QRectF& rect, bool halfPixels) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    auto snap = [&](double v) { return halfPixels ? std::round(v * 2) / 2 : v; };
    std::vector<QPointF> pts{{rect.left(), rect.bottom()}};
    double x = rect.left(), y = rect.bottom();
    bool first = true;
    while (true) {
        x = snap(x + (unit(rng) < 0.3 ? 0.0 : unit(rng) * 12.0)); // 30 %: another sample in the same column
        if (x > rect.right()) break;
        const double value = snap(rect.top() + unit(rng) * rect.height());
        if (first) pts.emplace_back(x, rect.bottom());
        else pts.emplace_back(x, y);
        if (unit(rng) < 0.2) { // a column's range
            pts.emplace_back(x, snap(rect.top() + unit(rng) * rect.height()));
            pts.emplace_back(x, snap(rect.top() + unit(rng) * rect.height()));
        }
        pts.emplace_back(x, value);
        y = value;
        first = false;
    }
    pts.emplace_back(std::max(rect.right(), x), y);
    pts.emplace_back(std::max(rect.right(), x), rect.bottom());
    return pts;
}

QImage transparent(QSize size, double ratio) {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::transparent);
    return image;
}

QImage painted(const std::vector<QPointF>& pts, const QRectF& rect, QSize size, double ratio) {
    QImage image = transparent(size, ratio);
    CounterRasterScratch tops;
    QPainter p(&image);
    paintCounterPlot(p, pts.data(), static_cast<int>(pts.size()), rect, kFill, kLine, tops);
    return image;
}

std::int64_t differingPixels(const QImage& a, const QImage& b) {
    std::int64_t differing = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) differing += a.pixel(x, y) != b.pixel(x, y);
    return differing;
}

bool isLine(const QImage& image, int x, int y) {
    return x >= 0 && y >= 0 && x < image.width() && y < image.height() && image.pixel(x, y) == kLine.rgba();
}

// The farthest a line pixel of one image lies from the nearest line pixel of the other, in pixels
// (Chebyshev distance; 99: none within 3).
int lineDistance(const QImage& a, const QImage& b) {
    int worst = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            if (!isLine(a, x, y)) continue;
            int nearest = 99;
            for (int d = 0; d <= 3 && nearest == 99; ++d)
                for (int dy = -d; dy <= d; ++dy)
                    for (int dx = -d; dx <= d; ++dx)
                        if (isLine(b, x + dx, y + dy)) nearest = d;
            worst = std::max(worst, nearest);
        }
    return worst;
}

// Pixels that differ where neither image has its line: the fill and the empty space.
std::int64_t differingOffLine(const QImage& a, const QImage& b) {
    std::int64_t differing = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            differing += !isLine(a, x, y) && !isLine(b, x, y) && a.pixel(x, y) != b.pixel(x, y);
    return differing;
}

} // namespace

TEST_CASE("counter raster: random step plots are Qt's fill and Qt's line within a pixel", "[counter_raster]") {
    std::mt19937 rng(20261206);
    CounterRasterScratch tops;
    std::int64_t linePixels = 0, sameLinePixels = 0;
    for (const double ratio : {1.0, 1.25, 1.5, 2.0}) {
        for (const bool halfPixels : {false, true}) {
            for (int round = 0; round < 40; ++round) {
                const QRectF rect(2.0 + round % 3 * 0.25, 3.0 + round % 4 * 0.5, 180.0 + round % 5 * 0.75, 30.0 + round % 2 * 0.5);
                const std::vector<QPointF> pts = stepPlot(rng, rect, halfPixels);
                const QSize size(static_cast<int>(std::ceil((rect.right() + 3) * ratio)), static_cast<int>(std::ceil((rect.bottom() + 3) * ratio)));
                QImage raster = transparent(size, ratio);
                raster.fill(QColor(255, 0, 0)); // what an image reused from an earlier plot holds: every pixel is written
                REQUIRE(rasterCounterPlot(raster, pts.data(), static_cast<int>(pts.size()), rect, kFill, kLine, tops));
                const QImage qt = painted(pts, rect, size, ratio);
                INFO("ratio " << ratio << ", half pixels " << halfPixels << ", round " << round << ", " << pts.size() << " points");
                REQUIRE(differingOffLine(raster, qt) == 0);
                REQUIRE(lineDistance(raster, qt) <= 1);
                REQUIRE(lineDistance(qt, raster) <= 1);
                for (int y = 0; y < size.height(); ++y)
                    for (int x = 0; x < size.width(); ++x) {
                        linePixels += isLine(raster, x, y);
                        sameLinePixels += isLine(raster, x, y) && isLine(qt, x, y);
                    }
            }
        }
    }
    // Nearly every line pixel is Qt's own: the two differ only at some joints.
    CHECK(sameLinePixels >= linePixels * 97 / 100);
}

TEST_CASE("counter raster: edges exactly on half pixels", "[counter_raster]") {
    // The fill starts at the row its top rounds to (qRound: 10.5 -> 11, just below 10.5 -> 10); the line
    // lies in the row its coordinate falls in (10.5 and just below -> 10, 11 - 1e-12 -> 10, 11 -> 11).
    CounterRasterScratch tops;
    struct Case {
        double top;
        int lineRow, firstFillRow;
    };
    for (const Case c : {Case{10.5, 10, 11}, Case{std::nextafter(10.5, 0.0), 10, 11}, Case{std::nextafter(10.5, 20.0), 10, 11},
                         Case{10.0, 10, 11}, Case{11.0 - 1e-12, 10, 11}, Case{11.0, 11, 12}}) {
        const QRectF rect(2.5, 4.5, 20.0, 16.0);
        const std::vector<QPointF> pts{{2.5, 20.5}, {5.5, 20.5}, {5.5, c.top}, {14.5, c.top}, {14.5, 20.5}, {22.5, 20.5}, {22.5, 20.5}};
        QImage raster = transparent(QSize(28, 26), 1.0);
        REQUIRE(rasterCounterPlot(raster, pts.data(), static_cast<int>(pts.size()), rect, kFill, kLine, tops));
        INFO("top " << c.top);
        CHECK(raster.pixel(8, c.lineRow) == kLine.rgba());
        CHECK(raster.pixel(8, c.lineRow - 1) == 0u);
        CHECK(raster.pixel(8, c.firstFillRow) == qPremultiply(kFill.rgba()));
        CHECK(raster.pixel(8, 20) == qPremultiply(kFill.rgba())); // the last row: qRound(20.5) = 21 ends it
        CHECK(raster.pixel(8, 21) == 0u);
        // Without the line, the fill is Qt's own to the pixel, the row the line hid included.
        const QColor noLine(0, 0, 0, 255);
        QImage fillOnly = transparent(QSize(28, 26), 1.0);
        REQUIRE(rasterCounterPlot(fillOnly, pts.data(), static_cast<int>(pts.size()), rect, kFill, noLine, tops));
        QImage qt = transparent(QSize(28, 26), 1.0);
        QPainter p(&qt);
        paintCounterPlot(p, pts.data(), static_cast<int>(pts.size()), rect, kFill, noLine, tops);
        p.end();
        for (int y = 0; y < 26; ++y) // the line rows aside, which both draw black
            for (int x = 0; x < 28; ++x)
                if (qt.pixel(x, y) != qRgb(0, 0, 0) && fillOnly.pixel(x, y) != qRgb(0, 0, 0)) CHECK(fillOnly.pixel(x, y) == qt.pixel(x, y));
        CHECK(fillOnly.pixel(8, c.firstFillRow - 1) != qPremultiply(kFill.rgba()));
    }
}

TEST_CASE("counter raster: a zero-length segment draws nothing, a segment inside one pixel draws it", "[counter_raster]") {
    CounterRasterScratch tops;
    const QRectF rect(0.0, 0.0, 20.0, 10.0);
    const QColor noFill(0, 0, 0, 0);
    // Anchors far off, so only the middle segment counts.
    const std::vector<QPointF> zero{{0, 10}, {6.25, 4.0}, {6.25, 4.0}, {0, 10}};
    QImage raster = transparent(QSize(24, 14), 1.0);
    REQUIRE(rasterCounterPlot(raster, zero.data(), 4, rect, noFill, kLine, tops));
    CHECK(raster.pixel(6, 4) == 0u);
    const std::vector<QPointF> inside{{0, 10}, {6.25, 4.0}, {6.75, 4.0}, {0, 10}};
    raster = transparent(QSize(24, 14), 1.0);
    REQUIRE(rasterCounterPlot(raster, inside.data(), 4, rect, noFill, kLine, tops));
    CHECK(raster.pixel(6, 4) == kLine.rgba());
    for (const auto* pts : {&zero, &inside}) {
        INFO((pts == &zero ? "zero length" : "inside one pixel"));
        QImage again = transparent(QSize(24, 14), 1.0);
        REQUIRE(rasterCounterPlot(again, pts->data(), 4, rect, noFill, kLine, tops));
        QImage expected = transparent(QSize(24, 14), 1.0);
        QPainter p(&expected);
        paintCounterPlot(p, pts->data(), 4, rect, noFill, kLine, tops);
        p.end();
        CHECK(differingPixels(again, expected) == 0);
    }
}

TEST_CASE("counter raster: what it cannot write exactly is handed back untouched", "[counter_raster]") {
    CounterRasterScratch tops;
    const QRectF rect(0.0, 0.0, 20.0, 10.0);
    const std::vector<QPointF> diagonal{{0, 10}, {2, 10}, {8, 3}, {20, 3}, {20, 10}};
    QImage raster = transparent(QSize(24, 14), 1.0);
    CHECK_FALSE(rasterCounterPlot(raster, diagonal.data(), 5, rect, kFill, kLine, tops));
    CHECK(raster == transparent(QSize(24, 14), 1.0));
    const std::vector<QPointF> steps{{0, 10}, {2, 10}, {2, 3}, {20, 3}, {20, 10}};
    CHECK_FALSE(rasterCounterPlot(raster, steps.data(), 5, rect, kFill, QColor(0x2f, 0x6f, 0xd6, 200), tops)); // a translucent line
    QImage rgb32(24, 14, QImage::Format_RGB32);
    rgb32.fill(Qt::white);
    CHECK_FALSE(rasterCounterPlot(rgb32, steps.data(), 5, rect, kFill, kLine, tops));
    CHECK(raster == transparent(QSize(24, 14), 1.0));
    CHECK(rasterCounterPlot(raster, steps.data(), 5, rect, kFill, kLine, tops));
}

TEST_CASE("counter raster: a plot reaching past the image is clipped to it", "[counter_raster]") {
    CounterRasterScratch tops;
    const QRectF rect(-5.0, -3.0, 40.0, 20.0);
    const std::vector<QPointF> pts{{-5, 17}, {-2, 17}, {-2, -3}, {30, -3}, {30, 12}, {35, 12}, {35, 17}};
    QImage raster = transparent(QSize(20, 10), 1.0);
    REQUIRE(rasterCounterPlot(raster, pts.data(), 7, rect, kFill, kLine, tops));
    CHECK(differingPixels(raster, painted(pts, rect, QSize(20, 10), 1.0)) == 0);
}
