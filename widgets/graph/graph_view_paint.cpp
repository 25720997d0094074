// GraphView painting: edges then nodes in scene coordinates with culling by the visible rectangle,
// then the screen-space overlays (legend, derived-graph banner, minimap).
#include "widgets/graph/graph_view.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QPainter>

#include <cmath>

namespace opscope {

namespace {
constexpr double kMinimapWidth = 220, kMinimapHeight = 150, kMargin = 12;

QColor edgeColour(bool dark, bool highlighted) {
    if (highlighted) return QColor(0x25, 0x63, 0xeb);
    return dark ? QColor(0x9a, 0xa3, 0xb0) : QColor(0x6b, 0x72, 0x80);
}
} // namespace

void GraphView::paintEvent(QPaintEvent*) {
    QElapsedTimer timer;
    timer.start();
    QPainter p(this);
    dark_ = palette().color(QPalette::Base).lightnessF() < 0.5;
    p.fillRect(rect(), dark_ ? QColor(0x1e, 0x20, 0x24) : QColor(0xfa, 0xfb, 0xfc));
    if (!scene_ || scene_->nodes().empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   message_.isEmpty() ? QCoreApplication::translate("GraphView", "No graph") : message_);
        return;
    }
    const Detail d = detail();
    const QRectF visible = visibleSceneRect();
    p.save();
    p.translate(offset_);
    p.scale(scale_, scale_);
    paintEdges(p, visible, d);
    paintNodes(p, visible, d);
    p.restore();
    paintOverlays(p);
    lastFrameMs_ = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    emit frameRendered(lastFrameMs_);
}

void GraphView::paintEdges(QPainter& p, const QRectF& visible, Detail d) {
    const auto& edges = scene_->edges();
    if (d == Detail::Far) {
        // Far away: one batch of aliased polylines, the cheapest thing that still shows the structure.
        lineScratch_.clear();
        for (const GraphSceneEdge& e : edges)
            if (e.bounds.intersects(visible)) lineScratch_ += e.farLines;
        p.setRenderHint(QPainter::Antialiasing, false);
        QPen pen(edgeColour(dark_, false), 0);
        p.setPen(pen);
        p.drawLines(lineScratch_);
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, true);
    QPen solid(edgeColour(dark_, false), 1.3), dashed(edgeColour(dark_, false), 1.1, Qt::DashLine);
    solid.setCosmetic(true);
    dashed.setCosmetic(true);
    QPen highlight(edgeColour(dark_, true), 2.2);
    highlight.setCosmetic(true);
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const GraphSceneEdge& e = edges[i];
        if (!e.bounds.intersects(visible)) continue;
        const bool hot = nearSelection_[i];
        p.setPen(hot ? highlight : (e.ctrl ? dashed : solid));
        p.setBrush(Qt::NoBrush);
        p.drawPath(e.path);
        if (!e.arrow.isEmpty()) {
            p.setPen(Qt::NoPen);
            p.setBrush(edgeColour(dark_, hot));
            p.drawPolygon(e.arrow);
        }
    }
}

void GraphView::paintNodes(QPainter& p, const QRectF& visible, Detail d) {
    const auto& nodes = scene_->nodes();
    p.setRenderHint(QPainter::Antialiasing, d != Detail::Far);
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const GraphSceneNode& n = nodes[i];
        if (!n.rect.intersects(visible)) continue;
        if (d == Detail::Far) {
            p.fillRect(n.rect, n.joined ? n.fill : QColor(0xc4, 0xc9, 0xd2));
            if (static_cast<int>(i) == selected_ || isMatch_[i]) {
                QPen pen(static_cast<int>(i) == selected_ ? QColor(0x25, 0x63, 0xeb) : QColor(0x7c, 0x3a, 0xed), 0);
                p.setPen(pen);
                p.setBrush(Qt::NoBrush);
                p.drawRect(n.rect);
            }
            continue;
        }
        paintNode(p, n, d, static_cast<int>(i));
    }
}

void GraphView::paintNode(QPainter& p, const GraphSceneNode& n, Detail d, int index) {
    const bool selected = index == selected_;
    const bool match = isMatch_[static_cast<std::size_t>(index)];
    const QColor border = n.joined ? n.fill.darker(dark_ ? 80 : 160) : QColor(0xa8, 0xae, 0xb8);
    if (n.group) { // a stack of cards says "several nodes inside"
        p.setPen(QPen(border, 1.0 / scale_ > 1 ? 1.0 / scale_ : 1.0));
        p.setBrush(n.fill.lighter(108));
        p.drawRoundedRect(n.rect.translated(4, -4), 5, 5);
    }
    QPen pen(border, 1.0);
    pen.setCosmetic(true);
    if (!n.joined) pen.setStyle(Qt::DashLine);
    p.setPen(pen);
    p.setBrush(n.fill);
    p.drawRoundedRect(n.rect, 5, 5);
    if (selected || match) {
        QPen outline(selected ? QColor(0x25, 0x63, 0xeb) : QColor(0x7c, 0x3a, 0xed), index == currentMatch_ || selected ? 3.0 : 2.0);
        outline.setCosmetic(true);
        p.setPen(outline);
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(n.rect.adjusted(-2.5, -2.5, 2.5, 2.5), 6, 6);
    }
    if (d != Detail::Near) return;
    const QRectF inner = n.rect.adjusted(6, 3, -6, -3);
    p.setPen(n.text);
    p.setFont(GraphScene::nameFont());
    if (n.typeText.isEmpty()) {
        p.drawText(inner, Qt::AlignCenter, n.nameText);
        return;
    }
    p.drawText(QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.56), Qt::AlignHCenter | Qt::AlignBottom, n.nameText);
    QColor typeColour = n.text;
    typeColour.setAlphaF(0.75f);
    p.setPen(typeColour);
    p.setFont(GraphScene::typeFont());
    p.drawText(QRectF(inner.left(), inner.top() + inner.height() * 0.56, inner.width(), inner.height() * 0.44),
               Qt::AlignHCenter | Qt::AlignTop, n.typeText);
}

void GraphView::paintOverlays(QPainter& p) {
    p.setRenderHint(QPainter::Antialiasing, true);
    paintGraphLegend(p, scene_->scale(), QPointF(width() - kMargin, kMargin), dark_);
    if (scene_->derived()) {
        const QString text = QCoreApplication::translate(
            "GraphView", "Derived from the trace (no graph file): operators linked by task order and flows");
        QFont f = p.font();
        f.setBold(true);
        p.setFont(f);
        const QRectF box(kMargin, kMargin, p.fontMetrics().horizontalAdvance(text) + 20, p.fontMetrics().height() + 10);
        p.setPen(QPen(QColor(0xd9, 0x77, 0x06), 1));
        p.setBrush(QColor(0xff, 0xf7, 0xed, 235));
        p.drawRoundedRect(box, 5, 5);
        p.setPen(QColor(0x9a, 0x34, 0x12));
        p.drawText(box, Qt::AlignCenter, text);
        p.setFont(font());
    }
    if (minimapVisible()) paintMinimap(p);
}

void GraphView::rebuildMinimap() {
    minimap_ = QImage();
    if (!scene_ || scene_->nodes().empty()) return;
    minimapSceneRect_ = scene_->bounds().adjusted(-10, -10, 10, 10);
    const double s = std::min(kMinimapWidth / minimapSceneRect_.width(), kMinimapHeight / minimapSceneRect_.height());
    // Very long or very tall graphs keep a usable strip: the short side is stretched to at least 40 px.
    const QSize size(std::max(40, static_cast<int>(minimapSceneRect_.width() * s)),
                     std::max(40, static_cast<int>(minimapSceneRect_.height() * s)));
    const qreal dpr = devicePixelRatioF();
    minimap_ = QImage(size * dpr, QImage::Format_ARGB32_Premultiplied);
    minimap_.setDevicePixelRatio(dpr);
    minimap_.fill(QColor(255, 255, 255, 230));
    QPainter p(&minimap_);
    p.scale(static_cast<double>(size.width()) / minimapSceneRect_.width(), static_cast<double>(size.height()) / minimapSceneRect_.height());
    p.translate(-minimapSceneRect_.topLeft());
    QPen pen(QColor(0xb8, 0xbe, 0xc8), 0);
    p.setPen(pen);
    for (const GraphSceneEdge& e : scene_->edges()) p.drawLines(e.lines);
    for (const GraphSceneNode& n : scene_->nodes()) p.fillRect(n.rect, n.joined ? n.fill.darker(115) : QColor(0xcf, 0xd3, 0xda));
}

void GraphView::paintMinimap(QPainter& p) {
    const QRectF r = minimapRect();
    p.setPen(QPen(QColor(0xc4, 0xc9, 0xd2), 1));
    p.setBrush(Qt::NoBrush);
    p.drawImage(r.topLeft(), minimap_);
    p.drawRect(r);
    const QRectF vis = visibleSceneRect();
    const double sx = r.width() / minimapSceneRect_.width(), sy = r.height() / minimapSceneRect_.height();
    QRectF box(r.left() + (vis.left() - minimapSceneRect_.left()) * sx, r.top() + (vis.top() - minimapSceneRect_.top()) * sy,
               vis.width() * sx, vis.height() * sy);
    p.setClipRect(r);
    p.setPen(QPen(QColor(0x25, 0x63, 0xeb), 1.5));
    p.setBrush(QColor(0x25, 0x63, 0xeb, 30));
    p.drawRect(box);
    p.setClipping(false);
}

} // namespace opscope
