// TimelineView painting: everything here reads the cached draw lists and the layout; nothing allocates
// per item and nothing queries the store.
#include "core/model/time_bounds.h"
#include "core/store/schema.h"
#include "core/model/slice_flags.h"
#include "widgets/common/time_format.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_ruler.h"
#include "widgets/timeline/timeline_view.h"

#include <QLocale>
#include <QPainter>
#include <QPaintEvent>
#include <QScrollBar>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace opscope {

namespace {

QColor blend(const QColor& a, const QColor& b, double t) {
    return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                            static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                            static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

QString formatCounterValue(double value) {
    // Large values with digit grouping instead of 1.024e+06; small ones with four significant digits.
    if (std::abs(value) >= 1e5) return QLocale().toString(value, 'f', 0);
    return QLocale().toString(value, 'g', 4);
}

void TimelineView::paintEvent(QPaintEvent*) {
    QElapsedTimer timer;
    timer.start();
    if (firstScreenPending_ && data_) {
        firstScreenPending_ = false;
        layout_.rebuild(*data_, collapsed_, pinned_, hiddenShown_);
        collapseHostGroupsAboveDevice();
        relayout();
    }
    if (dirty_) rebuildDrawLists();
    QPainter p(viewport());
    if (!data_) {
        p.fillRect(viewport()->rect(), theme_.background);
        p.setPen(theme_.headerSubText);
        p.drawText(viewport()->rect(), Qt::AlignCenter, tr("Open a trace (File > Open) or drop it here."));
        return;
    }
    const GridLines grid = gridLines();
    prepareFlowArrows();
    // The time area as the last frame painted it is copied when drawn from the same inputs; what changes
    // without them (highlighted arrows, selection, hover, headers, ruler) is painted over it in either case,
    // in the same order, so the pixels are the same.
    switch (timeAreaImage_.begin(timeAreaInputs(p, grid))) {
    case TimeAreaImage::Use::Copy:
        timeAreaImage_.copyTo(p);
        break;
    case TimeAreaImage::Use::PaintIntoImage: {
        QPainter ip(&timeAreaImage_.image());
        ip.setRenderHints(p.renderHints());
        paintTimeArea(ip, grid);
        ip.end();
        timeAreaImage_.copyTo(p);
        counterImages_.endFrame();
        break;
    }
    case TimeAreaImage::Use::PaintInPlace:
        paintTimeArea(p, grid);
        counterImages_.endFrame();
        break;
    }
    p.save();
    p.setClipRect(flowArea());
    paintHighlightedFlows(p);
    paintSelectedSlice(p);
    paintSelectionOverlay(p);
    p.restore();
    paintHeaders(p, false);
    if (pinnedAreaHeight() > 0) {
        paintHeaders(p, true);
        p.setPen(QPen(theme_.separator, 2));
        const int y = kRulerHeight + pinnedAreaHeight();
        p.drawLine(0, y, viewport()->width(), y);
    }
    paintRuler(p);
    paintHover(p);
    lastDrawn_ = static_cast<std::int64_t>(pinnedList_.slices.size() + scrolledList_.slices.size());
    lastFolded_ = pinnedList_.slicesFolded + scrolledList_.slicesFolded;
    const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    qCDebug(lcTimeline) << "frame" << ms << "ms, items drawn" << lastDrawn_ << "slices folded" << lastFolded_;
    emit frameRendered(ms, lastDrawn_, lastFolded_);
}

TimeAreaInputs TimelineView::timeAreaInputs(const QPainter& p, const GridLines& grid) const {
    TimeAreaInputs in;
    in.viewportSize = viewport()->size();
    in.pixelRatio = p.device() ? p.device()->devicePixelRatioF() : 1.0;
    in.format = TimeAreaImage::targetFormat(p, in.pixelRatio);
    in.data = data_.get();
    in.scroll = verticalScrollBar()->value();
    in.pinnedHeight = pinnedAreaHeight();
    in.rows = &layout_.rows();
    in.pinnedRows = &layout_.pinnedRows();
    in.gridXPx = std::span<const int>(grid.xPx.data(), static_cast<std::size_t>(grid.count));
    in.pinnedList = &pinnedList_;
    in.scrolledList = &scrolledList_;
    in.arrows = &flowLines_;
    in.denseArrows = denseFlows_;
    in.theme = &theme_;
    in.sliceFont = &sliceFont_;
    return in;
}

void TimelineView::paintTimeArea(QPainter& p, const GridLines& grid) {
    p.save();
    p.setClipRect(scrolledArea());
    paintRows(p, false, grid);
    paintSlices(p, scrolledList_);
    paintCounters(p, scrolledList_, false);
    p.restore();
    if (pinnedAreaHeight() > 0) {
        const QRect pinnedArea(0, kRulerHeight, viewport()->width(), pinnedAreaHeight());
        p.save();
        p.setClipRect(pinnedArea);
        paintRows(p, true, grid);
        paintSlices(p, pinnedList_);
        paintCounters(p, pinnedList_, true);
        p.restore();
    }
    p.save();
    p.setClipRect(flowArea());
    paintFlowArrows(p);
    p.restore();
}

// Every pixel of the area is filled once here: row backgrounds right of the headers and the background
// below the last row, with the grid lines pre-blended over each. A full-screen clear first would cost as
// much again, and translucent full-height lines go through Qt's span blending (handed to its thread pool
// beyond about a hundred lines), which costs more than the whole grid drawn opaque.
void TimelineView::paintRows(QPainter& p, bool pinned, const GridLines& grid) {
    const auto& rows = pinned ? layout_.pinnedRows() : layout_.rows();
    const int top = pinned ? kRulerHeight : scrolledArea().top() - verticalScrollBar()->value();
    const QRect clip = pinned ? QRect(0, kRulerHeight, viewport()->width(), pinnedAreaHeight()) : scrolledArea();
    const int width = viewport()->width();
    int first = pinned ? 0 : std::max(0, layout_.rowAt(verticalScrollBar()->value()));
    int filledTo = clip.top();
    for (std::size_t i = static_cast<std::size_t>(first); i < rows.size(); ++i) {
        const TimelineRow& r = rows[i];
        const QRect rect(kHeaderWidth, top + r.y, width - kHeaderWidth, r.height); // headers paint their own column
        if (rect.top() > clip.bottom()) break;
        const QColor& fill = r.kind == TimelineRow::Kind::Process ? theme_.processHeaderBackground
                             : r.trackIndex % 2 == 1              ? theme_.trackAltBackground
                                                                  : theme_.background;
        paintGridRect(p, rect.adjusted(0, 0, 0, -1), fill, grid);
        p.fillRect(QRect(0, rect.bottom(), width, 1), theme_.separator);
        filledTo = rect.bottom() + 1;
    }
    if (filledTo > clip.bottom()) return;
    p.fillRect(QRect(0, filledTo, kHeaderWidth, clip.bottom() - filledTo + 1), theme_.background);
    paintGridRect(p, QRect(kHeaderWidth, filledTo, width - kHeaderWidth, clip.bottom() - filledTo + 1), theme_.background,
                  grid);
}

RulerTicks TimelineView::rulerTicks(const TimeMapper& m, TimeNs origin) const {
    // Labels carry every piece the step resolves ("12s 345ms 678µs 120ns" at a fine zoom far from the
    // start): widen the spacing until the longest label in view fits between two ticks.
    constexpr double kMinSpacingPx = 110;
    const RulerTicks ticks = computeRulerTicks(m, origin, kMinSpacingPx);
    const QFontMetricsF metrics(smallFont_);
    const TimeNs farthest = std::max(std::llabs(m.window.startNs - origin), std::llabs(m.window.endNs - origin));
    const double labelPx = metrics.horizontalAdvance(formatTimeOffset(farthest, ticks.stepNs)) + 16;
    return labelPx <= kMinSpacingPx ? ticks : computeRulerTicks(m, origin, labelPx);
}

TimelineView::GridLines TimelineView::gridLines() const {
    GridLines grid;
    const TimeMapper m = mapper();
    const TimeNs origin = absoluteTime_ ? 0 : data_->traceRange().startNs;
    const RulerTicks ticks = rulerTicks(m, origin);
    for (int k = 0; k < ticks.count && grid.count < static_cast<int>(grid.xPx.size()); ++k)
        grid.xPx[static_cast<std::size_t>(grid.count++)] = static_cast<int>(std::round(m.toPx(ticks.firstNs + k * ticks.stepNs)));
    return grid;
}

void TimelineView::paintGridRect(QPainter& p, QRect rect, const QColor& fill, const GridLines& grid) {
    p.fillRect(rect, fill);
    const QColor& line = theme_.gridLine;
    const double a = line.alphaF();
    const QColor opaque = QColor::fromRgbF(static_cast<float>(line.redF() * a + fill.redF() * (1 - a)),
                                           static_cast<float>(line.greenF() * a + fill.greenF() * (1 - a)),
                                           static_cast<float>(line.blueF() * a + fill.blueF() * (1 - a)));
    for (int k = 0; k < grid.count; ++k) {
        const int x = grid.xPx[static_cast<std::size_t>(k)];
        if (x >= rect.left() && x <= rect.right()) p.fillRect(QRect(x, rect.top(), 1, rect.height()), opaque);
    }
}

void TimelineView::paintSlices(QPainter& p, const DrawList& list) {
    const QColor mergedTint = theme_.mergedTint;
    const QColor background = theme_.background;
    // Device waits: pale (from the draw list) and hatched, a gap with a reason rather than work. One brush per frame.
    QColor hatch = theme_.headerSubText;
    hatch.setAlphaF(0.55f);
    const QBrush waitHatch(hatch, Qt::BDiagPattern);
    for (const SliceDrawItem& item : list.slices) {
        QColor fill = QColor::fromRgba(item.fill);
        if (item.merged > 1) fill = blend(fill, mergedTint, 0.55);
        if (item.dimmed) fill = blend(fill, background, 0.72);
        const QRectF rect(item.x, item.y, item.w, item.h);
        if ((item.flags & kSliceInstant) && item.merged == 1 && item.w <= 2.5f) {
            // Instants are drawn as diamonds centred on their time.
            const double cx = item.x + item.w / 2, cy = item.y + item.h / 2, r = item.h / 2 - 1;
            const QPointF diamond[4] = {{cx, cy - r}, {cx + r * 0.7, cy}, {cx, cy + r}, {cx - r * 0.7, cy}};
            p.setPen(Qt::NoPen);
            p.setBrush(fill.darker(115));
            p.drawPolygon(diamond, 4);
            continue;
        }
        // Wide slices leave a one-pixel gap so neighbours of the same colour stay apart.
        p.fillRect(item.w >= 4 && item.merged == 1 ? rect.adjusted(0, 0, -1, 0) : rect, fill);
        // Merged blocks: tinted towards grey, with a darker top edge, so they read as "many slices here".
        if (item.merged > 1 && item.w >= 3) p.fillRect(QRectF(rect.left(), rect.top(), rect.width(), 2), fill.darker(130));
        if (item.flags & kSliceUnfinished) p.fillRect(QRectF(rect.right() - 3, rect.top(), 3, rect.height()), fill.darker(140));
        if ((item.flags & kTimelineSliceDeviceWait) && item.merged == 1 && item.w >= 3) p.fillRect(rect, waitHatch);
    }
    p.setFont(sliceFont_);
    const double lineHeight = style_.lineHeight();
    for (const LabelDrawItem& label : list.labels) {
        p.setPen(QColor::fromRgba(label.colour));
        // Laid out once per name: no text shaping per frame.
        style_.drawLabel(p, QPointF(label.rect.left(), label.rect.top() + (label.rect.height() - lineHeight) / 2),
                         label.nameId, label.chars);
    }
}

// Each plot is written into its own image (counter_raster.h; through QPainter when the raster declines)
// and copied while unchanged (counter_image_cache.h): the fill and line are opaque or one translucent
// colour over transparent pixels, so the copy blends to the pixels drawing in place gives.
void TimelineView::paintCounters(QPainter& p, const DrawList& list, bool pinned) {
    const CounterImageCache::Draw draw = [this](QImage& image, const QPointF* pts, int n, const QRectF& rect) {
        if (rasterCounterPlot(image, pts, n, rect, theme_.counterFill, theme_.counterLine, counterScratch_)) return;
        image.fill(Qt::transparent);
        QPainter ip(&image);
        paintCounterPlot(ip, pts, n, rect, theme_.counterFill, theme_.counterLine, counterScratch_);
    };
    for (const CounterDrawItem& c : list.counters) {
        const QPointF* pts = list.counterPoints.constData() + c.pointBegin;
        const int n = c.pointEnd - c.pointBegin;
        if (n < 3) continue;
        counterImages_.paint(p, std::int64_t{c.trackIndex} * 2 + (pinned ? 1 : 0), pts, n, c.rect, draw);
    }
}

void TimelineView::paintRuler(QPainter& p) {
    const QRect ruler(0, 0, viewport()->width(), kRulerHeight);
    p.fillRect(ruler, theme_.rulerBackground);
    p.fillRect(QRect(0, kRulerHeight - 1, ruler.width(), 1), theme_.separator);
    p.fillRect(QRect(kHeaderWidth - 1, 0, 1, kRulerHeight), theme_.separator);
    const TimeMapper m = mapper();
    const TimeNs origin = absoluteTime_ ? 0 : data_->traceRange().startNs;
    const RulerTicks ticks = rulerTicks(m, origin);
    p.setFont(smallFont_);
    const QFontMetricsF rulerMetrics(smallFont_);
    const double lineHeight = rulerMetrics.ascent() + rulerMetrics.descent();
    if (rulerTitle_.text().isEmpty()) rulerTitle_ = preparedText(absoluteTime_ ? tr("Absolute time") : tr("Time from trace start"), smallFont_);
    p.setPen(theme_.headerSubText);
    p.drawStaticText(QPointF(8, (kRulerHeight - lineHeight) / 2), rulerTitle_);
    p.save();
    p.setClipRect(QRect(kHeaderWidth, 0, ruler.width() - kHeaderWidth, kRulerHeight));
    const TimeNs minor = ticks.stepNs / (ticks.stepNs % 5 == 0 && ticks.stepNs >= 5 ? 5 : 2);
    for (int k = -1; k <= ticks.count; ++k) {
        const TimeNs t = ticks.firstNs + k * ticks.stepNs;
        const double x = std::round(m.toPx(t));
        for (TimeNs sub = minor; minor > 0 && sub < ticks.stepNs; sub += minor) {
            const double xs = std::round(m.toPx(t + sub));
            p.fillRect(QRectF(xs, kRulerHeight - 5, 1, 4), theme_.separator);
        }
        if (k < 0 || k == ticks.count) continue;
        p.fillRect(QRectF(x, kRulerHeight - 10, 1, 9), theme_.headerSubText);
        const QStaticText& label = rulerLabel(formatTimeOffset(t - origin, ticks.stepNs));
        if (x + 4 + label.size().width() > ruler.width() - 2) continue; // would be cut off
        p.setPen(theme_.rulerText);
        p.drawStaticText(QPointF(x + 4, 2 + (kRulerHeight - 8 - lineHeight) / 2), label);
    }
    if (zoom_->hasSelection()) {
        const TimeRange sel = zoom_->selection();
        const double x0 = m.toPx(sel.startNs), x1 = std::max(m.toPx(sel.endNs), x0 + 1);
        const QRectF band(x0, 0, x1 - x0, kRulerHeight - 1);
        p.fillRect(band, theme_.selectionFill);
        p.fillRect(QRectF(x0, 0, 1.5, kRulerHeight), theme_.selectionEdge);
        p.fillRect(QRectF(x1 - 1.5, 0, 1.5, kRulerHeight), theme_.selectionEdge);
        const QString label = formatDuration(sel.durationNs());
        QFontMetrics fm(smallFont_);
        const double w = fm.horizontalAdvance(label) + 12;
        QRectF pill(std::clamp((x0 + x1) / 2 - w / 2, double(kHeaderWidth) + 2, double(ruler.width()) - w - 2), 6, w,
                    kRulerHeight - 12);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(theme_.accent);
        p.drawRoundedRect(pill, 4, 4);
        p.setPen(textColourOn(theme_.accent));
        p.drawText(pill, Qt::AlignCenter, label);
    }
    p.restore();
}

const QStaticText& TimelineView::rulerLabel(const QString& text) {
    auto it = rulerLabels_.constFind(text);
    if (it != rulerLabels_.constEnd()) return *it;
    if (rulerLabels_.size() > 512) rulerLabels_.clear(); // panning makes new labels without end
    return *rulerLabels_.insert(text, preparedText(text, smallFont_));
}

void TimelineView::paintSelectionOverlay(QPainter& p) {
    const TimeMapper m = mapper();
    if (zoom_->hasSelection()) {
        const TimeRange sel = zoom_->selection();
        const double x0 = m.toPx(sel.startNs), x1 = std::max(m.toPx(sel.endNs), x0 + 1);
        const QColor fill(theme_.accent.red(), theme_.accent.green(), theme_.accent.blue(), 22);
        p.fillRect(QRectF(x0, kRulerHeight, x1 - x0, viewport()->height()), fill);
        p.fillRect(QRectF(x0, kRulerHeight, 1, viewport()->height()), theme_.selectionEdge);
        p.fillRect(QRectF(x1 - 1, kRulerHeight, 1, viewport()->height()), theme_.selectionEdge);
    }
    if (drag_ == Drag::Region && !regionRect_.isNull()) {
        p.setPen(QPen(theme_.selectionEdge, 1, Qt::DashLine));
        p.setBrush(theme_.selectionFill);
        p.drawRect(regionRect_.normalized());
    }
    if (mouseInside_ && drag_ == Drag::None && timeArea().contains(mousePos_.toPoint()))
        p.fillRect(QRectF(std::round(mousePos_.x()), kRulerHeight, 1, viewport()->height()), theme_.gridLine.darker(150));
}

void TimelineView::paintSelectedSlice(QPainter& p) {
    const TimeMapper m = mapper();
    auto outline = [&](std::int64_t sliceId, const QColor& colour) {
        int trackIndex = -1;
        const TimelineSlice* s = sliceId ? data_->findSlice(sliceId, &trackIndex) : nullptr;
        if (!s) return;
        bool pinned = false;
        auto y = trackYTop(trackIndex, &pinned);
        if (!y) return;
        const double x0 = std::max(m.toPx(s->tsNs), m.xPx - 3), x1 = std::min(m.toPx(s->endNs()), m.xPx + m.widthPx + 3);
        const double top = depthRowTop({trackIndex, *y, 0}, s->depth);
        p.setPen(QPen(colour, 2));
        p.setBrush(Qt::NoBrush);
        p.drawRect(QRectF(x0 - 1, top - 1, std::max(x1 - x0, 1.0) + 2, TimelineLayout::kSliceRowHeight + 1));
    };
    if (search_ && search_->outlineEach) {
        // Matches are by start: those starting after the window end the walk; the rest are culled
        // by their end. A path holds thousands of slices at most.
        const TimeNs windowStartNs = m.window.startNs, windowEndNs = m.window.endNs;
        for (const SliceMatch& match : search_->matches) {
            if (match.tsNs > windowEndNs) break;
            if (saturatingAdd(match.tsNs, match.durNs) >= windowStartNs) outline(match.sliceId, theme_.flowHighlight);
        }
    }
    if (search_ && currentMatch_ >= 0 && currentMatch_ < static_cast<int>(search_->matches.size()))
        outline(search_->matches[static_cast<std::size_t>(currentMatch_)].sliceId, theme_.flowHighlight);
    outline(selectedSlice_, theme_.dark ? QColor(Qt::white) : QColor(0x10, 0x12, 0x16));
}

} // namespace opscope
