#include "widgets/graph/graph_view.h"

#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {
constexpr double kMinScale = 0.005, kMaxScale = 6.0;
constexpr double kMargin = 12;
} // namespace

GraphView::GraphView(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(200, 150);
}

void GraphView::setScene(std::shared_ptr<const GraphScene> scene, bool keepView) {
    scene_ = std::move(scene);
    selected_ = -1;
    matches_.clear();
    isMatch_.assign(scene_ ? scene_->nodes().size() : 0, 0);
    nearSelection_.assign(scene_ ? scene_->edges().size() : 0, 0);
    currentMatch_ = -1;
    rebuildMinimap();
    if (!keepView) showInitialView();
    update();
}

void GraphView::setMessage(const QString& message) {
    message_ = message;
    update();
}

void GraphView::fitToView() {
    if (!scene_ || scene_->bounds().isEmpty()) return;
    const QRectF b = scene_->bounds().adjusted(-20, -20, 20, 20);
    scale_ = std::clamp(std::min(width() / b.width(), height() / b.height()), kMinScale, 1.5);
    offset_ = QPointF(width() / 2.0, height() / 2.0) - b.center() * scale_;
    update();
}

void GraphView::showInitialView() {
    untouched_ = true;
    if (!scene_ || scene_->bounds().isEmpty()) return;
    const QRectF b = scene_->bounds().adjusted(-20, -20, 20, 20);
    const double fit = std::min(width() / b.width(), height() / b.height());
    if (fit >= 0.45) {
        fitToView();
        return;
    }
    // Start where the graph starts (left for wide layouts, top for tall ones), centred on its first node.
    scale_ = 1.0;
    const bool wide = b.width() >= b.height();
    const GraphSceneNode* first = nullptr;
    for (const GraphSceneNode& n : scene_->nodes())
        if (!first || (wide ? n.rect.left() < first->rect.left() : n.rect.top() < first->rect.top())) first = &n;
    const QPointF anchor = first->rect.center();
    offset_ = wide ? QPointF(20 - b.left() * scale_, height() / 2.0 - anchor.y() * scale_)
                   : QPointF(width() / 2.0 - anchor.x() * scale_, 20 - b.top() * scale_);
    clampOffset();
    update();
}

void GraphView::setTransform(double scale, QPointF offset) {
    untouched_ = false;
    scale_ = std::clamp(scale, kMinScale, kMaxScale);
    offset_ = offset;
    update();
}

void GraphView::zoomBy(double factor, QPointF anchor) {
    untouched_ = false;
    const QPointF sceneAnchor = mapToScene(anchor);
    scale_ = std::clamp(scale_ * factor, kMinScale, kMaxScale);
    offset_ = anchor - sceneAnchor * scale_;
    clampOffset();
    update();
}

void GraphView::panBy(QPointF deltaPx) {
    untouched_ = false;
    offset_ += deltaPx;
    clampOffset();
    update();
}

// Keep at least part of the graph on screen.
void GraphView::clampOffset() {
    if (!scene_) return;
    const QRectF b = scene_->bounds();
    const double minX = 40 - b.right() * scale_, maxX = width() - 40 - b.left() * scale_;
    const double minY = 40 - b.bottom() * scale_, maxY = height() - 40 - b.top() * scale_;
    offset_.setX(std::clamp(offset_.x(), std::min(minX, maxX), std::max(minX, maxX)));
    offset_.setY(std::clamp(offset_.y(), std::min(minY, maxY), std::max(minY, maxY)));
}

void GraphView::centerOnNode(int index) {
    if (!scene_ || index < 0 || index >= static_cast<int>(scene_->nodes().size())) return;
    untouched_ = false;
    if (scale_ < 0.6) scale_ = 0.8; // readable labels
    offset_ = QPointF(width() / 2.0, height() / 2.0) - scene_->nodes()[static_cast<std::size_t>(index)].rect.center() * scale_;
    update();
}

void GraphView::setSelectedNode(int index) {
    selected_ = index;
    std::fill(nearSelection_.begin(), nearSelection_.end(), 0);
    if (scene_ && index >= 0)
        for (std::size_t e = 0; e < scene_->edges().size(); ++e)
            nearSelection_[e] = scene_->edges()[e].src == index || scene_->edges()[e].dst == index;
    update();
}

void GraphView::setSearchMatches(std::vector<int> matches, int current) {
    matches_ = std::move(matches);
    isMatch_.assign(scene_ ? scene_->nodes().size() : 0, 0);
    for (int m : matches_)
        if (m >= 0 && m < static_cast<int>(isMatch_.size())) isMatch_[static_cast<std::size_t>(m)] = 1;
    currentMatch_ = current;
    update();
}

QPointF GraphView::mapToScene(QPointF widgetPos) const { return (widgetPos - offset_) / scale_; }
QPointF GraphView::mapFromScene(QPointF scenePos) const { return scenePos * scale_ + offset_; }

QPointF GraphView::nodeCenter(int index) const {
    if (!scene_ || index < 0 || index >= static_cast<int>(scene_->nodes().size())) return {};
    return mapFromScene(scene_->nodes()[static_cast<std::size_t>(index)].rect.center());
}

QRectF GraphView::visibleSceneRect() const {
    return QRectF(mapToScene(QPointF(0, 0)), mapToScene(QPointF(width(), height())));
}

GraphView::Detail GraphView::detail() const {
    const double nodeHeightPx = 40.0 * scale_;
    if (nodeHeightPx < 9) return Detail::Far;
    if (nodeHeightPx < 24) return Detail::Middle;
    return Detail::Near;
}

QRectF GraphView::minimapRect() const {
    if (minimap_.isNull()) return {};
    const QSizeF size = minimap_.deviceIndependentSize();
    return QRectF(width() - kMargin - size.width(), height() - kMargin - size.height(), size.width(), size.height());
}

bool GraphView::minimapVisible() const {
    if (!scene_ || minimap_.isNull()) return false;
    const QRectF b = scene_->bounds();
    return b.width() * scale_ > width() * 1.05 || b.height() * scale_ > height() * 1.05;
}

void GraphView::centerFromMinimap(QPointF widgetPos) {
    const QRectF r = minimapRect();
    const QPointF rel((widgetPos.x() - r.left()) / r.width(), (widgetPos.y() - r.top()) / r.height());
    const QPointF target(minimapSceneRect_.left() + rel.x() * minimapSceneRect_.width(),
                         minimapSceneRect_.top() + rel.y() * minimapSceneRect_.height());
    offset_ = QPointF(width() / 2.0, height() / 2.0) - target * scale_;
    update();
}

void GraphView::resizeEvent(QResizeEvent*) {
    if (untouched_) showInitialView();
    else if (scene_ && visibleSceneRect().contains(scene_->bounds())) fitToView();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    pressed_ = true;
    pressPos_ = lastPos_ = event->position();
    minimapDrag_ = minimapVisible() && minimapRect().contains(event->position());
    if (minimapDrag_) untouched_ = false, centerFromMinimap(event->position());
}

void GraphView::mouseMoveEvent(QMouseEvent* event) {
    if (pressed_ && minimapDrag_) {
        centerFromMinimap(event->position());
        return;
    }
    if (pressed_ && (dragging_ || QLineF(pressPos_, event->position()).length() > 3)) {
        dragging_ = true;
        setCursor(Qt::ClosedHandCursor);
        panBy(event->position() - lastPos_);
    }
    lastPos_ = event->position();
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    const bool click = pressed_ && !dragging_ && !minimapDrag_;
    pressed_ = dragging_ = minimapDrag_ = false;
    unsetCursor();
    if (!click || !scene_) return;
    const int index = scene_->nodeAt(mapToScene(event->position()));
    setSelectedNode(index);
    emit nodeClicked(index);
}

void GraphView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (!scene_) return;
    const int index = scene_->nodeAt(mapToScene(event->position()));
    if (index >= 0) emit nodeActivated(index);
}

void GraphView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps != 0) zoomBy(std::pow(1.2, steps), event->position());
    event->accept();
}

void GraphView::keyPressEvent(QKeyEvent* event) {
    const QPointF centre(width() / 2.0, height() / 2.0);
    switch (event->key()) {
    case Qt::Key_F: fitToView(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal: zoomBy(1.25, centre); break;
    case Qt::Key_Minus: zoomBy(0.8, centre); break;
    case Qt::Key_Left: panBy(QPointF(60, 0)); break;
    case Qt::Key_Right: panBy(QPointF(-60, 0)); break;
    case Qt::Key_Up: panBy(QPointF(0, 60)); break;
    case Qt::Key_Down: panBy(QPointF(0, -60)); break;
    default: QWidget::keyPressEvent(event); return;
    }
}

void GraphView::contextMenuEvent(QContextMenuEvent* event) {
    emit contextMenuRequested(scene_ ? scene_->nodeAt(mapToScene(event->pos())) : -1, event->globalPos());
}

bool GraphView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip && scene_) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPointF pos = mapToScene(help->pos());
        int node = scene_->nodeAt(pos);
        if (node >= 0) {
            QToolTip::showText(help->globalPos(), scene_->nodes()[static_cast<std::size_t>(node)].tooltip, this);
            return true;
        }
        int edge = scene_->edgeAt(pos, 5.0 / scale_);
        if (edge >= 0) {
            QToolTip::showText(help->globalPos(), scene_->edges()[static_cast<std::size_t>(edge)].tooltip, this);
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

} // namespace opscope
