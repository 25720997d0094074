// A counter track's step line in pixels for one window: the points the timeline fills under and strokes.
// Zoomed out, thousands of samples share a pixel column; the column becomes its range (at most three more
// points), and the samples inside it are found by a galloping search and reduced by their values rather
// than mapped to pixels one by one (and through the blocks' ranges where a column holds whole blocks of
// 64 samples), which was most of a zoomed-out frame at a new window.
#pragma once
#include "core/model/time.h"
#include "widgets/common/time_mapper.h"

#include <QPointF>
#include <QRectF>
#include <QVector>

#include <cstdint>

namespace opscope {

// One track's samples: times (ascending) and values in [begin, end) of the arrays, and the value scale
// (lo at the plot's bottom edge, hi at its top; hi > lo). blockMins and blockMaxs: the values' blocks
// (counter_value_blocks.h) over the whole arrays, or null (every value is read).
struct CounterSeries {
    const std::int64_t* ts = nullptr;
    const double* values = nullptr;
    std::uint32_t begin = 0, end = 0;
    double lo = 0, hi = 1;
    const double* blockMins = nullptr;
    const double* blockMaxs = nullptr;
};

// Appends the plot's points to pts: an anchor at the bottom-left corner, then for each pixel column with
// samples a horizontal run to its first sample and a vertical one to its value, then (when it holds more
// than one sample) to the lowest and highest value drawn in it and to its last; the last value runs on to
// traceEndNs, and an anchor on the bottom edge closes it. The samples start at the last one before the
// window, so the line enters from the left edge; x is clamped to the plot.
void appendCounterPlotPoints(const CounterSeries& series, const TimeMapper& mapper, const QRectF& rect,
                             TimeNs traceEndNs, QVector<QPointF>& pts);

} // namespace opscope
