// TimelineView overlays: flow arrows (all of them when shown, the selected slice's always, highlighted)
// and the hover card with the slice or counter value under the mouse.
#include "core/analysis/breakdown/device_busy.h"
#include "core/model/slice_flags.h"
#include "widgets/common/time_format.h"
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QPainter>
#include <QScrollBar>

#include <algorithm>
#include <array>
#include <cmath>

namespace opscope {

namespace {

constexpr int kFlowSteps = 16; // segments of an antialiased arrow's curve

// A flow's curve from a to b (a cubic Bezier leaving and arriving level) sampled into steps + 1 points:
// a fixed array, no QPainterPath, no allocation per arrow.
void sampleFlowCurve(QPointF a, QPointF b, int steps, QPointF* pts) {
    const double dx = std::clamp(std::abs(b.x() - a.x()) / 2, 12.0, 80.0);
    const QPointF c1(a.x() + dx, a.y()), c2(b.x() - dx, b.y());
    for (int i = 0; i <= steps; ++i) {
        const double t = static_cast<double>(i) / steps, u = 1 - t;
        pts[i] = u * u * u * a + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * b;
    }
}

// The arrow's head at the curve's end (pts[steps]), size pixels long, pointing along its last segment;
// false when that segment has no length (no direction to point in).
bool flowHead(const QPointF* pts, int steps, double size, std::array<QPointF, 3>& head) {
    const QPointF b = pts[steps];
    const QPointF dir = b - pts[steps - 1];
    const double len = std::hypot(dir.x(), dir.y());
    if (len <= 0) return false;
    const QPointF unit = dir / len, normal(-unit.y(), unit.x());
    head = {b, b - unit * size + normal * size * 0.5, b - unit * size - normal * size * 0.5};
    return true;
}

} // namespace

void TimelineView::prepareFlowArrows() {
    flowsDrawn_ = flowsMerged_ = flowsHighlighted_ = 0;
    flowBucketPx_ = kFlowBucketPx;
    flowLines_.clear();
    denseFlows_ = false;
    if (flowsPending() || !flows_ || flows_->empty()) return;
    const TimelineFlowArray& flows = *flows_;
    flowsToDraw_.clear();
    if (flowsVisible_) collectFlowArrows();
    // Antialiased curves cost several microseconds each: past a few hundred arrows (zoomed out, where
    // they are dense anyway) they are drawn aliased, with one pen and one polyline each.
    denseFlows_ = flowsToDraw_.size() > kAntialiasedFlowLimit;
    for (std::uint32_t k : flowsToDraw_)
        if (const auto line = onScreenFlowLine(flows[k])) flowLines_.push_back(*line);
    flowsDrawn_ = static_cast<int>(flowLines_.size());
}

void TimelineView::paintFlowArrows(QPainter& p) {
    if (flowLines_.empty()) return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing, !denseFlows_);
    p.setPen(QPen(theme_.flow, 1.0));
    p.setBrush(Qt::NoBrush);
    if (denseFlows_) {
        for (const QLineF& line : flowLines_) paintDenseFlow(p, line);
    } else {
        // The curves in one pen, then the heads in one brush: two changes of the painter's state a frame
        // rather than four an arrow, each of which set up Qt's span functions again. The arrows share one
        // colour, so whether a head or another arrow's curve is blended first makes the same pixel.
        flowHeads_.clear();
        for (const QLineF& line : flowLines_) {
            QPointF pts[kFlowSteps + 1];
            sampleFlowCurve(line.p1(), line.p2(), kFlowSteps, pts);
            p.drawPolyline(pts, kFlowSteps + 1);
            std::array<QPointF, 3> head;
            if (flowHead(pts, kFlowSteps, 5, head)) flowHeads_.push_back(head);
        }
        p.setPen(Qt::NoPen);
        p.setBrush(theme_.flow);
        for (const auto& head : flowHeads_) p.drawPolygon(head.data(), 3);
    }
    p.restore();
}

void TimelineView::paintHighlightedFlows(QPainter& p) {
    flowsLoadingShown_ = false;
    if (flowsPending()) {
        // Asked for but not read yet (after the first frame, off the GUI thread): say so rather than
        // draw a frame without them, which would read as "no flows".
        if (flowsVisible_ || selectedSlice_) paintFlowsLoading(p);
        return;
    }
    if (!flows_ || flows_->empty() || selectedFlows_.empty()) return;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    // On top of the ordinary arrows, and never merged.
    for (std::uint32_t k : selectedFlows_) {
        if (const auto line = onScreenFlowLine((*flows_)[k])) {
            paintFlow(p, *line, true);
            ++flowsHighlighted_;
        }
    }
    p.restore();
}

// The pixels of the arrows are the cost of a zoomed-out frame (each some hundreds of pixels long), so
// their number is held to the budget: the column flows share an arrow in doubles from kFlowBucketPx
// until they fit. Collecting is cheap (a binary search per column), so it may run a few times.
void TimelineView::collectFlowArrows() {
    for (int bucketPx = kFlowBucketPx;; bucketPx *= 2) {
        flowsToDraw_.clear();
        flowsMerged_ = 0;
        flowBucketPx_ = bucketPx;
        for (const FlowGroup& group : *flowGroups_) collectFlowArrows(group, bucketPx);
        if (static_cast<int>(flowsToDraw_.size()) <= maxFlowArrows_ || bucketPx >= kMaxFlowBucketPx) return;
    }
}

bool TimelineView::touchesSelection(const TimelineFlow& f) const {
    return selectedSlice_ && (data_->slices()[f.outSlice].id == selectedSlice_ || data_->slices()[f.inSlice].id == selectedSlice_);
}

void TimelineView::collectFlowArrows(const FlowGroup& group, int bucketPx) {
    const TimelineFlowArray& flows = *flows_;
    // Every arrow of a group runs between the same two rows: when both lie above the view, or both
    // below it, none of them shows, and the group costs nothing more.
    const auto yOut = flowEndY({0, group.outTrack, group.outDepth, 0}), yIn = flowEndY({0, group.inTrack, group.inDepth, 0});
    if (!yOut || !yIn) return;
    if (std::max(*yOut, *yIn) < kRulerHeight || std::min(*yOut, *yIn) > viewport()->height()) return;
    const TimeMapper m = mapper();
    const double left = m.xPx, right = m.xPx + m.widthPx;
    // A flow can be on screen while it leaves before the window (or after it) by up to the group's span.
    std::size_t i = firstFlowLeavingAt(group, *data_, flows, 0, m.window.startNs - group.maxSpanNs);
    const TimeNs lastLeave = m.window.endNs + group.maxSpanNs;
    while (i < group.flows.size() && flowLeavesNs(group, *data_, flows, i) <= lastLeave) {
        const TimelineFlow& f = flows[group.flows[i]];
        const double x0 = m.toPx(flowLeavesNs(group, *data_, flows, i)), x1 = m.toPx(data_->flowArrivesNs(f));
        if (touchesSelection(f) || std::max(x0, x1) < left || std::min(x0, x1) > right) {
            ++i;
            continue;
        }
        flowsToDraw_.push_back(group.flows[i]);
        // The rest of this pixel column's flows share the arrow just drawn; the column's last one gets
        // its own when its target lies visibly apart.
        const double columnEndPx = (std::floor(x0 / bucketPx) + 1) * bucketPx;
        const std::size_t next = std::max(i + 1, firstFlowLeavingAt(group, *data_, flows, i + 1, m.toNs(columnEndPx)));
        if (next - i > 1) {
            const TimelineFlow& last = flows[group.flows[next - 1]];
            const bool apart = std::abs(m.toPx(data_->flowArrivesNs(last)) - x1) > 2 * bucketPx;
            if (apart && !touchesSelection(last)) flowsToDraw_.push_back(group.flows[next - 1]);
            else ++flowsMerged_;
            flowsMerged_ += static_cast<int>(next - i - 2);
        }
        i = next;
    }
}

void TimelineView::paintFlowsLoading(QPainter& p) {
    const QString text = tr("Loading flows…");
    p.save();
    p.setFont(smallFont_);
    const QFontMetrics fm(smallFont_);
    const QRect area = timeArea();
    const QRect box(area.right() - fm.horizontalAdvance(text) - 16, area.top() + 4, fm.horizontalAdvance(text) + 12, fm.height() + 4);
    p.fillRect(box, theme_.flowHighlight.lighter(185));
    p.setPen(theme_.flowHighlight.darker(160));
    p.drawText(box, Qt::AlignCenter, text);
    p.restore();
    flowsLoadingShown_ = true;
}

std::optional<double> TimelineView::flowEndY(const TimelineFlowEnd& end) const {
    if (auto top = trackYTop(static_cast<int>(end.trackIndex)))
        return depthRowTop({0, *top, 0}, end.depth) + TimelineLayout::kSliceRowHeight / 2.0;
    // The track is in a collapsed process: the arrow ends on the process header, as in Perfetto.
    const int process = static_cast<int>(data_->tracks()[end.trackIndex].processIndex);
    const int row = layout_.rowOfProcess(process);
    if (row < 0 || !processCollapsed(process)) return std::nullopt;
    const TimelineRow& r = layout_.rows()[static_cast<std::size_t>(row)];
    return double(scrolledArea().top() + r.y - verticalScrollBar()->value()) + r.height / 2.0;
}

std::optional<QLineF> TimelineView::flowLine(const TimelineFlow& f) const {
    const TimelineFlowEnd out = data_->flowOut(f), in = data_->flowIn(f);
    const auto yOut = flowEndY(out), yIn = flowEndY(in);
    if (!yOut || !yIn) return std::nullopt;
    const TimeMapper m = mapper();
    return QLineF(m.toPx(out.timeNs), *yOut, m.toPx(in.timeNs), *yIn);
}

std::optional<QLineF> TimelineView::onScreenFlowLine(const TimelineFlow& f) const {
    const auto line = flowLine(f);
    if (!line || std::max(line->y1(), line->y2()) < kRulerHeight || std::min(line->y1(), line->y2()) > viewport()->height())
        return std::nullopt;
    return line;
}

void TimelineView::paintFlow(QPainter& p, const QLineF& line, bool highlighted) {
    // Aliased (dense, zoomed out) arrows need fewer segments to look smooth.
    const int steps = p.testRenderHint(QPainter::Antialiasing) ? kFlowSteps : 8;
    QPointF pts[kFlowSteps + 1];
    sampleFlowCurve(line.p1(), line.p2(), steps, pts);
    const QColor colour = highlighted ? theme_.flowHighlight : theme_.flow;
    p.setPen(QPen(colour, highlighted ? 2.0 : 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawPolyline(pts, steps + 1);
    std::array<QPointF, 3> head;
    if (!flowHead(pts, steps, highlighted ? 7 : 5, head)) return;
    p.setPen(Qt::NoPen);
    p.setBrush(colour);
    p.drawPolygon(head.data(), 3);
}

// The shape paintFlow() draws, aliased in the pen already set, and in one polyline: the curve in eight
// segments and the head as an open chevron (a filled head costs a polygon fill per arrow).
void TimelineView::paintDenseFlow(QPainter& p, const QLineF& line) {
    const QPointF a = line.p1(), b = line.p2();
    constexpr int kSteps = 8;
    QPointF pts[kSteps + 4];
    sampleFlowCurve(a, b, kSteps, pts);
    int count = kSteps + 1;
    const QPointF dir = pts[kSteps] - pts[kSteps - 1];
    const double len = std::hypot(dir.x(), dir.y());
    if (len > 0) {
        const QPointF unit = dir / len, normal(-unit.y(), unit.x());
        constexpr double kSize = 5;
        pts[count++] = b - unit * kSize + normal * kSize * 0.5;
        pts[count++] = b;
        pts[count++] = b - unit * kSize - normal * kSize * 0.5;
    }
    p.drawPolyline(pts, count);
}

// What a hovered device wait waits for, from its name (the Details dock adds a collective running meanwhile).
QString TimelineView::waitHoverText(std::string_view waitName) {
    const std::string target = waitTarget(waitName);
    const QString what = target == "notify" ? tr("a notify") : target == "stream" ? tr("another stream") : tr("an event");
    return tr("Wait for %1: a gap in device busy, not work (drawn hatched)").arg(what);
}

QString TimelineView::hoverText() const {
    const QPoint pos = mousePos_.toPoint();
    if (!timeArea().contains(pos) || pos.y() < kRulerHeight) return {};
    const HitRow hit = rowAtViewportY(pos.y());
    if (!hit.row || hit.row->kind != TimelineRow::Kind::Track) return {};
    const TimelineTrack& t = data_->tracks()[static_cast<std::size_t>(hit.row->trackIndex)];
    const TimeNs origin = absoluteTime_ ? 0 : data_->traceRange().startNs;
    if (t.counterEnd > t.counterBegin) {
        const TimeNs at = timeAtX(mousePos_.x());
        const auto& ts = data_->counterTs();
        auto it = std::upper_bound(ts.begin() + t.counterBegin, ts.begin() + t.counterEnd, at);
        if (it == ts.begin() + t.counterBegin) return {};
        const double value = data_->counterValues()[static_cast<std::size_t>(it - ts.begin() - 1)];
        return tr("%1: %2 %3").arg(QString::fromStdString(t.name), formatCounterValue(value),
                                    QString::fromStdString(t.unit)).trimmed();
    }
    const TimelineSlice* s = sliceUnder(mousePos_);
    if (!s) return {};
    const std::string_view name = data_->string(s->nameId);
    QString text = QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    text += QLatin1Char('\n') + tr("Duration: %1").arg(formatDuration(s->durNs));
    text += QLatin1Char('\n') + tr("Start: %1").arg(formatTimeOffset(s->tsNs - origin, 1));
    if (s->flags & kTimelineSliceDeviceWait) text += QLatin1Char('\n') + waitHoverText(name);
    const TimeMapper m = mapper();
    if (m.durToPx(s->durNs) < 2.0) text += QLatin1Char('\n') + tr("(folded with its neighbours: zoom in)");
    return text;
}

void TimelineView::paintHover(QPainter& p) {
    if (!mouseInside_ || drag_ != Drag::None) return;
    const QString text = hoverText();
    if (text.isEmpty()) return;
    QFontMetrics fm(headerFont_);
    const QRect bounds = fm.boundingRect(QRect(0, 0, 420, 400), Qt::TextWordWrap, text);
    QRect box(mousePos_.toPoint() + QPoint(14, 16), bounds.size() + QSize(16, 10));
    if (box.right() > viewport()->width() - 4) box.moveRight(static_cast<int>(mousePos_.x()) - 10);
    if (box.bottom() > viewport()->height() - 4) box.moveBottom(static_cast<int>(mousePos_.y()) - 10);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(theme_.separator, 1));
    p.setBrush(theme_.hoverBackground);
    p.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 5, 5);
    p.setFont(headerFont_);
    p.setPen(theme_.hoverText);
    p.drawText(box.adjusted(8, 5, -8, -5), Qt::TextWordWrap, text);
    p.restore();
}

} // namespace opscope
