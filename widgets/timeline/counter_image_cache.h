// Counter tracks drawn into an image each and copied onto later frames while what they draw is the same:
// the fill and the step line of a whole-trace counter were most of a zoomed-out frame's pixels work.
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
    // Paints the plot as draw(painter, points, n, rect) would: in place when it differs from the last plot
    // of this key; else from an image, drawn once by draw into a transparent image (points and rect moved
    // to its origin) and blended at the plot's place.
    using Draw = std::function<void(QPainter&, const QPointF*, int, const QRectF&)>;
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
