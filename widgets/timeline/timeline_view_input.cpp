// TimelineView input: Ctrl+wheel and W/S zoom around the cursor, drag/A/D/horizontal wheel pan, drag on the
// ruler measures, Shift+drag selects a region, Z or double-click zooms to the selection, F/Home fit,
// Backspace zooms back, click selects a slice, header clicks collapse processes and pin tracks.
#include "widgets/common/zoom_control.h"
#include "widgets/timeline/timeline_view.h"

#include <QContextMenuEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {
constexpr double kKeyZoomFactor = 0.8;
constexpr double kWheelZoomBase = 0.85; // per wheel notch (120 units)
constexpr double kClickSlopPx = 3.0;
} // namespace

TimeNs TimelineView::timeAtX(double x) const { return mapper().toNs(x); }

const TimelineSlice* TimelineView::sliceUnder(QPointF pos, int* trackIndex) const {
    if (!data_ || !timeArea().contains(pos.toPoint())) return nullptr;
    const HitRow hit = rowAtViewportY(static_cast<int>(pos.y()));
    if (!hit.row || hit.row->kind != TimelineRow::Kind::Track) return nullptr;
    if (trackIndex) *trackIndex = hit.row->trackIndex;
    return sliceAt(*data_, {hit.row->trackIndex, hit.yTop, double(hit.row->height)}, mapper(), pos);
}

void TimelineView::zoomByKey(double factor) {
    const TimeMapper m = mapper();
    const bool cursorInTime = mouseInside_ && timeArea().contains(mousePos_.toPoint());
    const TimeNs anchor = cursorInTime ? m.toNs(mousePos_.x()) : m.window.startNs + m.window.durationNs() / 2;
    zoom_->zoomAround(anchor, factor);
}

void TimelineView::wheelEvent(QWheelEvent* event) {
    if (!data_) return;
    const QPoint angle = event->angleDelta();
    const TimeMapper m = mapper();
    if (event->modifiers() & Qt::ControlModifier) {
        const double notches = angle.y() / 120.0;
        const double x = std::clamp(event->position().x(), m.xPx, m.xPx + m.widthPx);
        zoom_->zoomAround(m.toNs(x), std::pow(kWheelZoomBase, notches));
        event->accept();
        return;
    }
    const int horizontal = angle.x() != 0 ? angle.x() : ((event->modifiers() & Qt::ShiftModifier) ? angle.y() : 0);
    if (horizontal != 0) {
        // One notch pans a tenth of the window, as A/D do.
        zoom_->pan(static_cast<TimeNs>(std::llround(-horizontal / 120.0 * 0.1 * double(m.window.durationNs()))));
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

void TimelineView::keyPressEvent(QKeyEvent* event) {
    if (!data_) return QAbstractScrollArea::keyPressEvent(event);
    const TimeNs tenth = zoom_->visibleRange().durationNs() / 10;
    switch (event->key()) {
    case Qt::Key_W: zoomByKey(kKeyZoomFactor); break;
    case Qt::Key_S: zoomByKey(1.0 / kKeyZoomFactor); break;
    case Qt::Key_A: zoom_->pan(-std::max<TimeNs>(tenth, 1)); break;
    case Qt::Key_D: zoom_->pan(std::max<TimeNs>(tenth, 1)); break;
    case Qt::Key_F:
    case Qt::Key_Home: zoom_->fitAll(); break;
    case Qt::Key_Backspace: zoom_->zoomBack(); break;
    case Qt::Key_Z: zoom_->zoomToSelection(); break;
    case Qt::Key_Escape:
        zoom_->clearSelection();
        if (selectedSlice_) {
            setSelectedSlice(0);
            emit sliceSelected(0);
        }
        break;
    default: return QAbstractScrollArea::keyPressEvent(event);
    }
    event->accept();
}

bool TimelineView::headerClick(QPoint pos) {
    if (pos.x() >= kHeaderWidth || pos.y() < kRulerHeight) return false;
    const HitRow hit = rowAtViewportY(pos.y());
    if (!hit.row) return true;
    if (hit.row->kind == TimelineRow::Kind::Process) {
        const ProcessHeaderText& text = processHeaderText(*hit.row, QSize(kHeaderWidth, hit.row->height));
        if (hit.row->hiddenCount > 0 && text.countRect.translated(0, hit.yTop).adjusted(-3, 0, 3, 0).contains(pos)) {
            setHiddenSeriesShown(hit.row->processIndex, !hit.row->hiddenShown);
            return true;
        }
        setProcessCollapsed(hit.row->processIndex, !processCollapsed(hit.row->processIndex));
        return true;
    }
    const QRect header(0, static_cast<int>(hit.yTop), kHeaderWidth, hit.row->height);
    const QRect pin(header.right() - 14 - 6, header.top() + 5, 14, 14);
    if (pin.adjusted(-3, -3, 3, 3).contains(pos)) setTrackPinned(hit.row->trackIndex, !trackPinned(hit.row->trackIndex));
    return true;
}

void TimelineView::mousePressEvent(QMouseEvent* event) {
    setFocus(Qt::MouseFocusReason);
    if (!data_ || event->button() != Qt::LeftButton) return QAbstractScrollArea::mousePressEvent(event);
    const QPointF pos = event->position();
    pressPos_ = mousePos_ = pos;
    if (headerClick(pos.toPoint())) return;
    if (pos.y() < kRulerHeight) {
        drag_ = Drag::Measure;
        measureAnchorNs_ = timeAtX(pos.x());
        return;
    }
    if (event->modifiers() & Qt::ShiftModifier) {
        drag_ = Drag::Region;
        regionRect_ = QRectF(pos, pos);
        return;
    }
    drag_ = Drag::Pan;
    pressWindow_ = zoom_->visibleRange();
    pressScroll_ = verticalScrollBar()->value();
}

void TimelineView::mouseMoveEvent(QMouseEvent* event) {
    mousePos_ = event->position();
    mouseInside_ = true;
    if (data_) emit cursorTimeChanged(timeArea().contains(mousePos_.toPoint()), timeAtX(mousePos_.x()));
    switch (drag_) {
    case Drag::Measure: {
        const TimeNs now = timeAtX(mousePos_.x());
        zoom_->setSelection({std::min(measureAnchorNs_, now), std::max(measureAnchorNs_, now)});
        break;
    }
    case Drag::Region: regionRect_.setBottomRight(mousePos_); break;
    case Drag::Pan: {
        const TimeMapper m{pressWindow_, double(timeArea().left()), double(timeArea().width())};
        const TimeNs shift = m.pxToDurNs(pressPos_.x() - mousePos_.x());
        zoom_->setVisibleRange({pressWindow_.startNs + shift, pressWindow_.endNs + shift});
        verticalScrollBar()->setValue(pressScroll_ - static_cast<int>(mousePos_.y() - pressPos_.y()));
        break;
    }
    case Drag::None: break;
    }
    viewport()->update();
}

void TimelineView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QAbstractScrollArea::mouseReleaseEvent(event);
    const Drag drag = std::exchange(drag_, Drag::None);
    const double moved = std::hypot(event->position().x() - pressPos_.x(), event->position().y() - pressPos_.y());
    if (drag == Drag::Pan && moved < kClickSlopPx) clickAt(event->position());
    if (drag == Drag::Measure && moved < kClickSlopPx) zoom_->clearSelection();
    if (drag == Drag::Region) {
        regionRect_.setBottomRight(event->position());
        if (moved >= kClickSlopPx) finishRegion();
        regionRect_ = QRectF();
    }
    viewport()->update();
}

void TimelineView::clickAt(QPointF pos) {
    const TimelineSlice* s = sliceUnder(pos);
    const std::int64_t id = s ? s->id : 0;
    if (id == selectedSlice_) return;
    setSelectedSlice(id);
    emit sliceSelected(id);
}

void TimelineView::finishRegion() {
    const QRectF r = regionRect_.normalized();
    const TimeNs a = timeAtX(std::max(r.left(), double(kHeaderWidth))), b = timeAtX(r.right());
    QVector<qint64> trackIds;
    auto addRows = [&](const std::vector<TimelineRow>& rows, double top, double clipTop, double clipBottom) {
        for (const TimelineRow& row : rows) {
            const double y0 = std::max(top + row.y, clipTop), y1 = std::min(top + row.y + row.height, clipBottom);
            if (row.kind != TimelineRow::Kind::Track || y1 <= y0) continue;
            if (y0 < r.bottom() && y1 > r.top()) trackIds.push_back(data_->tracks()[static_cast<std::size_t>(row.trackIndex)].id);
        }
    };
    addRows(layout_.pinnedRows(), kRulerHeight, kRulerHeight, kRulerHeight + pinnedAreaHeight());
    const QRect area = scrolledArea();
    addRows(layout_.rows(), area.top() - verticalScrollBar()->value(), area.top(), area.bottom() + 1);
    zoom_->setSelection({std::min(a, b), std::max(a, b)});
    emit regionSelected(std::min(a, b), std::max(a, b), trackIds);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (!data_ || event->button() != Qt::LeftButton || !timeArea().contains(event->position().toPoint())) return;
    if (zoom_->hasSelection() && !zoom_->selection().empty()) {
        zoom_->zoomToSelection();
        return;
    }
    if (const TimelineSlice* s = sliceUnder(event->position())) {
        const TimeNs margin = std::max<TimeNs>(s->durNs / 10, 1);
        zoom_->setVisibleRange({s->tsNs - margin, s->endNs() + margin}, ZoomControl::History::Push);
    }
}

void TimelineView::addHiddenSeriesActions(QMenu& menu, const TimelineRow* processRow) {
    if (processRow) {
        if (processRow->hiddenCount == 0) return;
        const int process = processRow->processIndex;
        const bool shown = processRow->hiddenShown;
        QAction* a = menu.addAction(shown ? tr("Hide %n all-zero or identifier series", nullptr, processRow->hiddenCount)
                                          : tr("Show %n hidden series", nullptr, processRow->hiddenCount),
                                    this, [this, process, shown] { setHiddenSeriesShown(process, !shown); });
        a->setObjectName(QStringLiteral("toggleProcessHiddenSeries"));
        return;
    }
    const int hidden = hiddenSeriesHiddenCount();
    if (hiddenSeriesCount() == 0) return;
    QAction* a = hidden > 0 ? menu.addAction(tr("Show all %n hidden series", nullptr, hidden), this,
                                             [this] { setAllHiddenSeriesShown(true); })
                            : menu.addAction(tr("Hide all-zero and identifier series"), this,
                                             [this] { setAllHiddenSeriesShown(false); });
    a->setObjectName(QStringLiteral("toggleAllHiddenSeries"));
}

void TimelineView::leaveEvent(QEvent* event) {
    mouseInside_ = false;
    emit cursorTimeChanged(false, 0);
    viewport()->update();
    QAbstractScrollArea::leaveEvent(event);
}

bool TimelineView::viewportEvent(QEvent* event) {
    if (event->type() == QEvent::Leave) {
        mouseInside_ = false;
        viewport()->update();
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void TimelineView::contextMenuEvent(QContextMenuEvent* event) {
    if (!data_) return;
    QMenu menu(this);
    const HitRow hit = rowAtViewportY(event->pos().y());
    if (event->pos().x() < kHeaderWidth && hit.row) {
        if (hit.row->kind == TimelineRow::Kind::Track) {
            const int track = hit.row->trackIndex;
            menu.addAction(trackPinned(track) ? tr("Unpin track") : tr("Pin track to top"), this,
                           [this, track] { setTrackPinned(track, !trackPinned(track)); });
        }
        const int process = hit.row->processIndex;
        menu.addAction(processCollapsed(process) ? tr("Expand process") : tr("Collapse process"), this,
                       [this, process] { setProcessCollapsed(process, !processCollapsed(process)); });
        if (hit.row->kind == TimelineRow::Kind::Process) addHiddenSeriesActions(menu, hit.row);
        menu.addSeparator();
    }
    menu.addAction(tr("Expand all"), this, [this] { setAllProcessesCollapsed(false); });
    menu.addAction(tr("Collapse all"), this, [this] { setAllProcessesCollapsed(true); });
    addHiddenSeriesActions(menu, nullptr);
    menu.addSeparator();
    QAction* toSelection = menu.addAction(tr("Zoom to selection"), zoom_, &ZoomControl::zoomToSelection);
    toSelection->setEnabled(zoom_->hasSelection());
    menu.addAction(tr("Fit all"), zoom_, &ZoomControl::fitAll);
    QAction* back = menu.addAction(tr("Zoom back"), zoom_, &ZoomControl::zoomBack);
    back->setEnabled(zoom_->canZoomBack());
    menu.exec(event->globalPos());
}

} // namespace opscope
