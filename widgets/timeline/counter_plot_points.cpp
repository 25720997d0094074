#include "widgets/timeline/counter_plot_points.h"

#include "core/model/gallop.h"
#include "core/store/counter_value_blocks.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope {

namespace {

struct Plot {
    const CounterSeries& s;
    const TimeMapper& m;
    const QRectF& rect;
    // TimeMapper::toPx divides for its scale on every call, a division per probe of the searches below;
    // the scale is taken once here and the same expression is evaluated, so x is bit for bit toPx's.
    const double pxPerNs = m.pxPerNs();

    double xOf(const std::int64_t* t) const {
        return std::clamp(m.xPx + static_cast<double>(*t - m.window.startNs) * pxPerNs, rect.left(), rect.right());
    }
    double yOf(double v) const { return rect.bottom() - (v - s.lo) / (s.hi - s.lo) * rect.height(); }
    int columnOf(const std::int64_t* t) const { return static_cast<int>(xOf(t)); }

    // The first sample after p (in p's column) and before last that lies in another column. Columns never
    // decrease with time, so a galloping search finds it in a logarithm of the column's samples.
    const std::int64_t* columnEnd(const std::int64_t* p, const std::int64_t* last, int column) const {
        const auto n = static_cast<std::size_t>(last - p);
        return p + gallopPartitionPoint(1, n, [&](std::size_t k) { return columnOf(p + k) == column; });
    }
};

// The lowest and highest y drawn over the samples [from, to) after the column's first (y): taken in
// order, a NaN value is passed over, as std::min and std::max pass it when it comes second.
void columnRangeInOrder(const Plot& plot, const double* from, const double* to, double y, double& minY, double& maxY) {
    minY = maxY = y;
    for (const double* v = from; v != to; ++v) {
        const double vy = plot.yOf(*v);
        minY = std::min(minY, vy);
        maxY = std::max(maxY, vy);
    }
}

// The same from the values' range alone: y is monotonic in the value, so its extremes are the images of
// the values' extremes. Falls back to the walk where a value or its y is not finite (an infinity times a
// zero height is NaN, which the walk passes over and the extremes would not).
void columnRange(const Plot& plot, std::size_t from, std::size_t to, double y, double& minY, double& maxY) {
    double vmin = 0, vmax = 0;
    counterValueRange(plot.s.values, plot.s.blockMins, plot.s.blockMaxs, from, to, vmin, vmax);
    const double y0 = plot.yOf(vmin), y1 = plot.yOf(vmax);
    if (!std::isfinite(vmin) || !std::isfinite(vmax) || !std::isfinite(y0) || !std::isfinite(y1)) {
        columnRangeInOrder(plot, plot.s.values + from, plot.s.values + to, y, minY, maxY);
        return;
    }
    minY = std::min(y, std::min(y0, y1));
    maxY = std::max(y, std::max(y0, y1));
}

} // namespace

void appendCounterPlotPoints(const CounterSeries& series, const TimeMapper& m, const QRectF& rect, TimeNs traceEndNs,
                             QVector<QPointF>& pts) {
    const Plot plot{series, m, rect};
    const std::int64_t* ts = series.ts;
    const std::int64_t* begin = ts + series.begin;
    const std::int64_t* end = ts + series.end;
    // Start at the last sample before the window, so the line enters from the left edge.
    const std::int64_t* first = std::upper_bound(begin, end, m.window.startNs);
    if (first != begin) --first;
    const std::int64_t* last = std::upper_bound(first, end, m.window.endNs);
    pts.append(QPointF(rect.left(), rect.bottom()));
    double lastY = rect.bottom(), lastX = rect.left();
    bool any = false;
    for (const std::int64_t* p = first; p < last;) {
        const double x = plot.xOf(p);
        const double y = plot.yOf(series.values[p - ts]);
        pts.append(QPointF(x, any ? lastY : rect.bottom()));
        pts.append(QPointF(x, y));
        const std::int64_t* next = plot.columnEnd(p, last, static_cast<int>(x));
        lastY = y;
        if (next - p > 1) {
            double minY = y, maxY = y;
            columnRange(plot, static_cast<std::size_t>(p - ts) + 1, static_cast<std::size_t>(next - ts), y, minY, maxY);
            lastY = plot.yOf(series.values[next - 1 - ts]);
            pts.append(QPointF(x, minY));
            pts.append(QPointF(x, maxY));
            pts.append(QPointF(x, lastY));
        }
        lastX = x;
        any = true;
        p = next;
    }
    const double endX = std::clamp(m.toPx(traceEndNs), rect.left(), rect.right());
    if (any) pts.append(QPointF(std::max(endX, lastX), lastY));
    pts.append(QPointF(std::max(endX, lastX), rect.bottom()));
}

} // namespace opscope
