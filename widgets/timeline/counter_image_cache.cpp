#include "widgets/timeline/counter_image_cache.h"

#include <QPaintDevice>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {
// Room around the plot for the line's pixels on its edges: a 1 px line at the plot's border may fall just
// outside its rectangle.
constexpr int kMarginPx = 2;

bool samePointsExactly(const QPointF* kept, const QPointF* pts, int n, QPointF shift) {
    for (int i = 0; i < n; ++i)
        if (kept[i].x() != pts[i].x() - shift.x() || kept[i].y() != pts[i].y() - shift.y()) return false;
    return true;
}
} // namespace

void CounterImageCache::paint(QPainter& p, std::int64_t key, const QPointF* pts, int n, const QRectF& rect,
                              const Draw& draw) {
    // A whole-pixel origin: the points move by integers, which is exact, so they fall on the same pixels.
    const int ox = static_cast<int>(std::floor(rect.left())) - kMarginPx;
    const int oy = static_cast<int>(std::floor(rect.top())) - kMarginPx;
    const QPointF shift(ox, oy);
    const QRectF rel = rect.translated(-shift);
    const double ratio = p.device() ? p.device()->devicePixelRatioF() : 1.0;
    Entry& e = entries_[key];
    e.used = true;
    bool same = e.rect == rel && e.pixelRatio == ratio && e.points.size() == static_cast<std::size_t>(n);
    if (same && !samePointsExactly(e.points.data(), pts, n, shift)) {
        // QPointF's == is fuzzy and costs several times the exact test, which settles the usual case (the
        // same plot again, its points kept by the draw list); a plot moved by a scroll may differ in the
        // last bits and still match as before.
        for (int i = 0; same && i < n; ++i) same = e.points[static_cast<std::size_t>(i)] == pts[i] - shift;
    }
    if (!same) {
        e.points.resize(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i) e.points[static_cast<std::size_t>(i)] = pts[i] - shift;
        e.rect = rel;
        e.pixelRatio = ratio;
        ++redraws_;
        const int w = static_cast<int>(std::ceil(rel.right())) + kMarginPx + 1;
        const int h = static_cast<int>(std::ceil(rel.bottom())) + kMarginPx + 1;
        const QSize size(static_cast<int>(std::ceil(w * ratio)), static_cast<int>(std::ceil(h * ratio)));
        if (e.image.size() != size) e.image = QImage(size, QImage::Format_ARGB32_Premultiplied); // else reused
        e.image.setDevicePixelRatio(ratio);
        draw(e.image, e.points.data(), n, rel);
    }
    p.drawImage(QPoint(ox, oy), e.image);
}

void CounterImageCache::endFrame() {
    for (auto it = entries_.begin(); it != entries_.end();) {
        if (!it->second.used) {
            it = entries_.erase(it);
        } else {
            it->second.used = false;
            ++it;
        }
    }
}

} // namespace opscope
