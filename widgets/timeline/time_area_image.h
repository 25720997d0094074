// The finished time area of a timeline frame (row backgrounds and grid, slices, counters and the ordinary
// flow arrows, all opaque over the background) kept as one image of the viewport and copied onto a frame
// drawn from the same inputs; the highlighted arrows, the selection, hover, headers and ruler are painted
// over it as before. Zoomed out, the arrows' antialiased pixels were most of a frame that shows nothing new
// (a hover or selection repaint, the same window again). The inputs are compared themselves (draw lists,
// rows, grid, arrows' lines, theme, font, size, pixel ratio, format), so nothing has to remember to
// invalidate the image. Memory: one image of the viewport (4 bytes a device pixel) and a copy of the inputs.
#pragma once
#include "core/store/timeline_data.h"
#include "widgets/common/theme.h"
#include "widgets/timeline/timeline_draw_list.h"
#include "widgets/timeline/timeline_layout.h"

#include <QFont>
#include <QImage>
#include <QLineF>
#include <QSize>

#include <cstdint>
#include <span>
#include <vector>

class QPainter;

namespace opscope {

// What one frame's time area is painted from; views of the painter's current state, nothing owned.
struct TimeAreaInputs {
    QSize viewportSize;
    double pixelRatio = 1;
    QImage::Format format = QImage::Format_Invalid; // of the target; Invalid: not one an image can stand in for
    const TimelineData* data = nullptr;               // the labels' texts
    int scroll = 0, pinnedHeight = 0;
    const std::vector<TimelineRow>* rows = nullptr;
    const std::vector<TimelineRow>* pinnedRows = nullptr;
    std::span<const int> gridXPx;
    const DrawList* pinnedList = nullptr;
    const DrawList* scrolledList = nullptr;
    const std::vector<QLineF>* arrows = nullptr; // the ordinary arrows, from end to end
    bool denseArrows = false;                    // drawn aliased
    const TimelineTheme* theme = nullptr;
    const QFont* sliceFont = nullptr;
};

class TimeAreaImage {
public:
    enum class Use {
        Copy,           // the image shows these inputs: copy it (copyTo)
        PaintIntoImage, // the same inputs as the last frame, no image yet: paint into image(), then copy it
        PaintInPlace,   // other inputs than the last frame's (or a target an image cannot stand in for)
    };
    // Compares the frame's inputs with the last frame's and keeps them. A frame seen once is painted in
    // place (a pan or zoom changes every frame, and an image would only add its copy); the image is made
    // when the same frame comes again.
    Use begin(const TimeAreaInputs& now);
    // The image to paint into after PaintIntoImage: the viewport's size and pixel ratio, filled opaque.
    QImage& image() { return image_; }
    void copyTo(QPainter& p) const;
    void clear(); // the data was replaced: its address could be reused
    std::int64_t imagesPainted() const { return painted_; } // since construction (tests)
    std::int64_t framesCopied() const { return copied_; }

    // Whether the painter's target can take a copy of an image in place of painting: a raster engine on a
    // 32-bit image or pixmap, moved by whole device pixels and scaled by its pixel ratio only. Else Invalid.
    static QImage::Format targetFormat(const QPainter& p, double pixelRatio);

private:
    bool sameAsKept(const TimeAreaInputs& now) const;
    void keep(const TimeAreaInputs& now);

    bool kept_ = false, imageValid_ = false;
    QSize viewportSize_;
    double pixelRatio_ = 1;
    QImage::Format format_ = QImage::Format_Invalid;
    const TimelineData* data_ = nullptr;
    int scroll_ = 0, pinnedHeight_ = 0;
    std::vector<TimelineRow> rows_, pinnedRows_;
    std::vector<int> gridXPx_;
    DrawList pinnedList_, scrolledList_;
    std::vector<QLineF> arrows_;
    bool denseArrows_ = false;
    TimelineTheme theme_;
    QFont sliceFont_;
    QImage image_;
    std::int64_t painted_ = 0, copied_ = 0;
};

} // namespace opscope
