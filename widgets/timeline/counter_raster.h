// A counter track's plot (a translucent fill under an opaque 1 px step line) written straight into the
// pixels of a transparent image. Through QPainter the same plot took most of a zoomed-out frame at a new
// window: Qt's polyline and a rectangle fill per run of pixel columns, each going through its span
// machinery, where the plot is only whole columns of one colour and axis-aligned runs of another.
// The fill is Qt's to the pixel (an aliased rectangle covers [qRound(left), qRound(right)) of device
// pixels). The line follows one rule: each segment covers the device pixels its ends fall in and every
// pixel between, and a zero-length segment draws nothing. Qt's cosmetic stroker agrees on a lone segment
// but not always at a polyline's joints, where it rounds instead, drops a segment shorter than a pixel
// and draws the next one slanted from the dropped segment's start; the raster keeps the step square, and
// differs from Qt's line by at most one pixel (tested).
#pragma once
#include <QColor>
#include <QPointF>
#include <QRectF>

#include <vector>

class QImage;
class QPainter;

namespace opscope {

// Working memory kept between plots, so that drawing one allocates nothing.
struct CounterRasterScratch {
    std::vector<double> tops;         // per logical column (counterColumnTops)
    std::vector<int> fillFrom, fillTo; // per device column: the fill's rows [from, to)
};

// The top of the fill in each whole logical pixel column from floor(rect.left()) on (infinity: none), as
// the step line passes over it: a column takes the highest value drawn in it, so a spike narrower than a
// pixel still shows. Returns that first column.
int counterColumnTops(const QPointF* pts, int n, const QRectF& rect, std::vector<double>& tops);

// The plot drawn through QPainter, aliased: the fill under pts[0..n) as one rectangle per run of columns
// with the same top (Qt's polygon fill took about half a second for a zoomed-out curve of 8,000
// vertices), the line through pts[1..n-1) (the first and last points are the plot's anchors on its
// bottom edge), over what the device holds.
void paintCounterPlot(QPainter& p, const QPointF* pts, int n, const QRectF& rect, const QColor& fill,
                      const QColor& line, CounterRasterScratch& scratch);

// The plot written into every pixel of image (ARGB32_Premultiplied, made transparent where the plot is
// not, whatever it held; its device pixel ratio applied to the logical coordinates). Returns false,
// having written nothing, when a line segment is neither horizontal nor vertical, the line is not opaque
// or the image is of another format: the caller paints through QPainter then.
bool rasterCounterPlot(QImage& image, const QPointF* pts, int n, const QRectF& rect, const QColor& fill,
                       const QColor& line, CounterRasterScratch& scratch);

} // namespace opscope
