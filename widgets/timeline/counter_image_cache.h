// Counter tracks drawn into an image each and copied onto later frames while what they draw is the same:
// the fill and the step line of a whole-trace counter were most of a zoomed-out frame's pixels work. A new
// plot is written into its image directly (counter_raster.h) rather than painted in place.
// An entry is keyed by the track and checked against the plot itself (its points in pixels relative to the
// plot's whole-pixel corner, the plot's size, the device pixel ratio), so a change of range, width, data or
// scale redraws it and nothing else has to remember to invalidate it; a vertical scroll by whole pixels
// reuses it.
#pragma once
#include <QImage>
#include <QPointF>
#include <QRectF>

#include <cstdint>
#include <functional>
#include <unordered_map>
#include <vector>

class QPainter;

namespace opscope {

class CounterImageCache {
public:
    // Paints the plot from an image blended at its place: the image kept for this key when the plot is the
    // same as last time, else drawn anew by draw(image, points, n, rect), which sets every pixel of the
    // image (of the painter's pixel ratio, its content left from an earlier plot or uninitialised), the
    // points and rect moved to its origin.
    using Draw = std::function<void(QImage&, const QPointF*, int, const QRectF&)>;
    void paint(QPainter& p, std::int64_t key, const QPointF* pts, int n, const QRectF& rect, const Draw& draw);
    // Drops the entries no paint used since the last call (tracks scrolled or zoomed out of view).
    void endFrame();
    void clear() { entries_.clear(); } // colours changed
    std::size_t size() const { return entries_.size(); }
    std::int64_t imagesDrawn() const { return redraws_; } // since construction (tests)

private:
    struct Entry {
        std::vector<QPointF> points; // relative to origin
        QRectF rect;                 // relative to origin
        double pixelRatio = 1;
        QImage image;
        bool used = false;
    };
    std::unordered_map<std::int64_t, Entry> entries_;
    std::int64_t redraws_ = 0; // images drawn
};

} // namespace opscope
