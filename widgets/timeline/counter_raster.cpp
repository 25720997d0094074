#include "widgets/timeline/counter_raster.h"

#include <QImage>
#include <QPainter>
#include <QPen>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace opscope {

namespace {

// Qt's rounding of a device coordinate to a pixel edge (qRound), kept in int range (NaN: off the image).
int edge(double v) {
    if (!(v > -1e9 && v < 1e9)) return v > 0 ? 1'000'000'000 : -1'000'000'000;
    return static_cast<int>(std::floor(v + 0.5));
}

// The pixel a device coordinate falls in. Written out rather than std::floor, which the baseline x86-64
// target calls as a function: a plot has thousands of segments, four coordinates each.
int pixel(double v) {
    if (!(v > -1e9 && v < 1e9)) return v > 0 ? 1'000'000'000 : -1'000'000'000; // NaN lands off the image too
    const int i = static_cast<int>(v);                                           // toward zero
    return i - (static_cast<double>(i) > v);
}

} // namespace

int counterColumnTops(const QPointF* pts, int n, const QRectF& rect, std::vector<double>& tops) {
    const int left = static_cast<int>(std::floor(rect.left()));
    const int width = std::max(static_cast<int>(std::ceil(rect.width())) + 1, 0);
    tops.assign(static_cast<std::size_t>(width), std::numeric_limits<double>::infinity());
    if (width == 0) return left;
    for (int i = 1; i < n; ++i) {
        const QPointF& a = pts[i - 1];
        const QPointF& b = pts[i];
        const double top = std::min(a.y(), b.y());
        const int c0 = std::clamp(pixel(std::min(a.x(), b.x())) - left, 0, width - 1);
        const int c1 = std::clamp(pixel(std::max(a.x(), b.x())) - left, 0, width - 1);
        // A horizontal step covers its columns up to the next sample's; that column takes the next value.
        const int last = (a.y() == b.y() && c1 > c0) ? c1 - 1 : c1;
        for (int c = c0; c <= last; ++c) tops[static_cast<std::size_t>(c)] = std::min(tops[static_cast<std::size_t>(c)], top);
    }
    return left;
}

namespace {

// Runs of columns with the same top, each filled from it to the bottom: f(firstColumn, endColumn, top).
template <typename Fill>
void forEachFillRun(const std::vector<double>& tops, double bottom, Fill&& f) {
    const int width = static_cast<int>(tops.size());
    for (int c = 0; c < width;) {
        const double top = tops[static_cast<std::size_t>(c)];
        int end = c + 1;
        while (end < width && tops[static_cast<std::size_t>(end)] == top) ++end;
        if (top < bottom) f(c, end, top);
        c = end;
    }
}

// One image row: the fill where the row lies in a column's fill rows, transparent elsewhere. Restrict and an
// unsigned range test let the compiler write several pixels at once.
void fillRow(QRgb* __restrict row, const int* __restrict from, const int* __restrict to, int w, int y, QRgb fill) {
    for (int x = 0; x < w; ++x)
        row[x] = static_cast<unsigned>(y - from[x]) < static_cast<unsigned>(to[x] - from[x]) ? fill : 0u;
}

bool axisAligned(const QPointF* pts, int n) {
    for (int i = 2; i < n - 1; ++i)
        if (pts[i - 1].x() != pts[i].x() && pts[i - 1].y() != pts[i].y()) return false;
    return true;
}

} // namespace

void paintCounterPlot(QPainter& p, const QPointF* pts, int n, const QRectF& rect, const QColor& fill,
                      const QColor& line, CounterRasterScratch& scratch) {
    std::vector<double>& tops = scratch.tops;
    p.setRenderHint(QPainter::Antialiasing, false);
    const int left = counterColumnTops(pts, n, rect, tops);
    forEachFillRun(tops, rect.bottom(), [&](int c, int end, double top) {
        p.fillRect(QRectF(left + c, top, end - c, rect.bottom() - top), fill);
    });
    // A cosmetic 1 px pen takes Qt's line drawer; wider or non-cosmetic pens stroke a path, 30x slower.
    QPen pen(line, 1.0);
    pen.setCosmetic(true);
    p.setPen(pen);
    if (n > 2) p.drawPolyline(pts + 1, n - 2);
}

bool rasterCounterPlot(QImage& image, const QPointF* pts, int n, const QRectF& rect, const QColor& fill,
                       const QColor& line, CounterRasterScratch& scratch) {
    if (image.format() != QImage::Format_ARGB32_Premultiplied || line.alpha() != 255 || !axisAligned(pts, n))
        return false;
    const double r = image.devicePixelRatio();
    const int w = image.width(), h = image.height();
    const auto stride = static_cast<std::size_t>(image.bytesPerLine()) / sizeof(QRgb);
    auto* bits = reinterpret_cast<QRgb*>(image.bits());
    // The fill's rows in each device column, then every row written at once from them: a run of columns
    // one pixel wide costs a compare per pixel instead of a span per row.
    std::vector<int>& from = scratch.fillFrom;
    std::vector<int>& to = scratch.fillTo;
    from.assign(static_cast<std::size_t>(w), 0);
    to.assign(static_cast<std::size_t>(w), 0);
    const int left = counterColumnTops(pts, n, rect, scratch.tops);
    const double bottom = rect.bottom();
    forEachFillRun(scratch.tops, bottom, [&](int c, int end, double top) {
        // As QPainter maps QRectF(left + c, top, end - c, bottom - top) through the pixel ratio.
        const double x = (left + c) * r, y = top * r;
        const int x0 = std::max(edge(x), 0), x1 = std::min(edge(x + (end - c) * r), w);
        const int y0 = std::max(edge(y), 0), y1 = std::min(edge(y + (bottom - top) * r), h);
        for (int d = x0; d < x1 && y0 < y1; ++d) from[static_cast<std::size_t>(d)] = y0, to[static_cast<std::size_t>(d)] = y1;
    });
    // Over transparent pixels a translucent fill leaves its own premultiplied colour.
    const QRgb fillPixel = qPremultiply(fill.rgba());
    for (int y = 0; y < h; ++y) fillRow(bits + static_cast<std::size_t>(y) * stride, from.data(), to.data(), w, y, fillPixel);
    const QRgb linePixel = line.rgba(); // opaque: premultiplied is itself
    auto run = [&](int x0, int x1, int y0, int y1) { // pixels [x0, x1] x [y0, y1], clipped
        x0 = std::max(x0, 0), x1 = std::min(x1 + 1, w), y0 = std::max(y0, 0), y1 = std::min(y1 + 1, h);
        if (x0 >= x1 || y0 >= y1) return;
        QRgb* at = bits + static_cast<std::size_t>(y0) * stride + x0;
        if (x1 - x0 == 1) { // a vertical run, or a horizontal one inside a pixel: one pixel a row
            for (int y = y0; y < y1; ++y, at += stride) *at = linePixel;
        } else {
            for (int y = y0; y < y1; ++y, at += stride) std::fill(at, at + (x1 - x0), linePixel);
        }
    };
    // Consecutive vertical segments at one x (a column's first value, lowest, highest and last) are joined,
    // so they cover one span of rows: the union of their pixels, each written once.
    bool open = false;
    double openX = 0, openTop = 0, openBottom = 0;
    auto flush = [&] {
        if (open) run(pixel(openX * r), pixel(openX * r), pixel(openTop * r), pixel(openBottom * r));
        open = false;
    };
    for (int i = 2; i < n - 1; ++i) {
        const QPointF& a = pts[i - 1];
        const QPointF& b = pts[i];
        if (a.x() == b.x() && a.y() == b.y()) continue; // a zero-length segment draws nothing
        if (a.x() == b.x()) {
            const double top = std::min(a.y(), b.y()), bottom = std::max(a.y(), b.y());
            if (open && openX == a.x()) {
                openTop = std::min(openTop, top);
                openBottom = std::max(openBottom, bottom);
            } else {
                flush();
                open = true, openX = a.x(), openTop = top, openBottom = bottom;
            }
            continue;
        }
        flush();
        run(pixel(std::min(a.x(), b.x()) * r), pixel(std::max(a.x(), b.x()) * r), pixel(a.y() * r), pixel(a.y() * r));
    }
    flush();
    return true;
}

} // namespace opscope
