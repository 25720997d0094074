#include "widgets/timeline/time_area_image.h"

#include <QPaintEngine>
#include <QPainter>
#include <QPixmap>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {

// Equal in every value the painter reads, exactly: Qt's == on points and rectangles is fuzzy, and a
// difference in the last bit can move a pixel's coverage.
bool sameRect(const QRectF& a, const QRectF& b) {
    return a.x() == b.x() && a.y() == b.y() && a.width() == b.width() && a.height() == b.height();
}

bool sameRow(const TimelineRow& a, const TimelineRow& b) {
    return a.kind == b.kind && a.processIndex == b.processIndex && a.trackIndex == b.trackIndex && a.y == b.y &&
           a.height == b.height && a.trackCount == b.trackCount && a.hiddenCount == b.hiddenCount &&
           a.hiddenShown == b.hiddenShown;
}

bool sameSlice(const SliceDrawItem& a, const SliceDrawItem& b) {
    return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h && a.merged == b.merged && a.fill == b.fill &&
           a.flags == b.flags && a.dimmed == b.dimmed && a.sliceId == b.sliceId && a.trackIndex == b.trackIndex;
}

bool sameLabel(const LabelDrawItem& a, const LabelDrawItem& b) {
    return a.nameId == b.nameId && a.chars == b.chars && a.colour == b.colour && sameRect(a.rect, b.rect);
}

bool sameCounter(const CounterDrawItem& a, const CounterDrawItem& b) {
    return a.trackIndex == b.trackIndex && a.pointBegin == b.pointBegin && a.pointEnd == b.pointEnd &&
           sameRect(a.rect, b.rect);
}

bool samePoint(const QPointF& a, const QPointF& b) { return a.x() == b.x() && a.y() == b.y(); }

bool sameLine(const QLineF& a, const QLineF& b) {
    return a.x1() == b.x1() && a.y1() == b.y1() && a.x2() == b.x2() && a.y2() == b.y2();
}

template <typename A, typename B, typename Same>
bool sameItems(const A& a, const B& b, Same same) {
    return std::size(a) == std::size(b) && std::equal(std::begin(a), std::end(a), std::begin(b), same);
}

bool sameDrawList(const DrawList& a, const DrawList& b) {
    return sameItems(a.slices, b.slices, sameSlice) && sameItems(a.labels, b.labels, sameLabel) &&
           sameItems(a.counters, b.counters, sameCounter) && sameItems(a.counterPoints, b.counterPoints, samePoint);
}

// A colour added to TimelineTheme must be compared here too.
static_assert(sizeof(TimelineTheme) == 20 * sizeof(QColor) + alignof(QColor), "compare every theme colour");
bool sameTheme(const TimelineTheme& a, const TimelineTheme& b) {
    return a.dark == b.dark && a.background == b.background && a.trackAltBackground == b.trackAltBackground &&
           a.headerBackground == b.headerBackground && a.processHeaderBackground == b.processHeaderBackground &&
           a.headerText == b.headerText && a.headerSubText == b.headerSubText && a.separator == b.separator &&
           a.gridLine == b.gridLine && a.rulerBackground == b.rulerBackground && a.rulerText == b.rulerText &&
           a.selectionFill == b.selectionFill && a.selectionEdge == b.selectionEdge && a.accent == b.accent &&
           a.flow == b.flow && a.flowHighlight == b.flowHighlight && a.mergedTint == b.mergedTint &&
           a.hoverBackground == b.hoverBackground && a.hoverText == b.hoverText && a.counterLine == b.counterLine &&
           a.counterFill == b.counterFill;
}

} // namespace

QImage::Format TimeAreaImage::targetFormat(const QPainter& p, double pixelRatio) {
    const QPaintEngine* engine = p.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster) return QImage::Format_Invalid; // SVG, printers: vectors
    if (p.opacity() != 1.0 || p.compositionMode() != QPainter::CompositionMode_SourceOver) return QImage::Format_Invalid;
    // Logical pixels land on device pixels as in the image: scaled by the ratio, moved by whole pixels.
    const QTransform t = p.deviceTransform();
    if (t.type() > QTransform::TxScale || t.m11() != pixelRatio || t.m22() != pixelRatio || t.dx() != std::round(t.dx()) ||
        t.dy() != std::round(t.dy()))
        return QImage::Format_Invalid;
    QPaintDevice* device = engine->paintDevice();
    if (device && device->devType() == QInternal::Image) {
        const QImage::Format f = static_cast<const QImage*>(device)->format();
        return f == QImage::Format_RGB32 || f == QImage::Format_ARGB32_Premultiplied ? f : QImage::Format_Invalid;
    }
    if (device && device->devType() == QInternal::Pixmap) {
        const auto* pixmap = static_cast<const QPixmap*>(device);
        if (pixmap->depth() != 32) return QImage::Format_Invalid;
        return pixmap->hasAlphaChannel() ? QImage::Format_ARGB32_Premultiplied : QImage::Format_RGB32;
    }
    return QImage::Format_Invalid;
}

TimeAreaImage::Use TimeAreaImage::begin(const TimeAreaInputs& now) {
    if (now.format == QImage::Format_Invalid || now.viewportSize.isEmpty()) {
        kept_ = imageValid_ = false;
        return Use::PaintInPlace;
    }
    if (!kept_ || !sameAsKept(now)) {
        keep(now);
        imageValid_ = false;
        return Use::PaintInPlace;
    }
    if (imageValid_) {
        ++copied_;
        return Use::Copy;
    }
    const QSize pixels(static_cast<int>(std::ceil(now.viewportSize.width() * now.pixelRatio)),
                       static_cast<int>(std::ceil(now.viewportSize.height() * now.pixelRatio)));
    if (image_.size() != pixels || image_.format() != now.format) image_ = QImage(pixels, now.format);
    image_.setDevicePixelRatio(now.pixelRatio);
    // Opaque, so that the copy replaces every pixel; the time area paints its own background over this, and
    // the header column and ruler left in it are painted over after the copy as they are after painting.
    image_.fill(QColor(Qt::black));
    imageValid_ = true;
    ++painted_;
    return Use::PaintIntoImage;
}

void TimeAreaImage::copyTo(QPainter& p) const {
    p.save();
    p.setCompositionMode(QPainter::CompositionMode_Source); // every pixel of it is opaque: a plain copy
    p.setRenderHint(QPainter::SmoothPixmapTransform, false);
    p.drawImage(QPointF(0, 0), image_);
    p.restore();
}

void TimeAreaImage::clear() {
    kept_ = imageValid_ = false;
    data_ = nullptr;
}

bool TimeAreaImage::sameAsKept(const TimeAreaInputs& now) const {
    return now.viewportSize == viewportSize_ && now.pixelRatio == pixelRatio_ && now.format == format_ &&
           now.data == data_ && now.scroll == scroll_ && now.pinnedHeight == pinnedHeight_ &&
           now.denseArrows == denseArrows_ && sameItems(now.gridXPx, gridXPx_, std::equal_to<int>()) &&
           sameTheme(*now.theme, theme_) && *now.sliceFont == sliceFont_ && sameItems(*now.rows, rows_, sameRow) &&
           sameItems(*now.pinnedRows, pinnedRows_, sameRow) && sameItems(*now.arrows, arrows_, sameLine) &&
           sameDrawList(*now.pinnedList, pinnedList_) && sameDrawList(*now.scrolledList, scrolledList_);
}

void TimeAreaImage::keep(const TimeAreaInputs& now) {
    kept_ = true;
    viewportSize_ = now.viewportSize;
    pixelRatio_ = now.pixelRatio;
    format_ = now.format;
    data_ = now.data;
    scroll_ = now.scroll;
    pinnedHeight_ = now.pinnedHeight;
    rows_ = *now.rows;
    pinnedRows_ = *now.pinnedRows;
    gridXPx_.assign(now.gridXPx.begin(), now.gridXPx.end());
    pinnedList_ = *now.pinnedList;
    scrolledList_ = *now.scrolledList;
    arrows_ = *now.arrows;
    denseArrows_ = now.denseArrows;
    theme_ = *now.theme;
    sliceFont_ = *now.sliceFont;
}

} // namespace opscope
