// TimelineView headers: process rows (collapse triangle, name, pid, track count) and track rows
// (title, tid or value range, pin). Their texts come from a per-row cache of prepared static text.
#include "widgets/timeline/timeline_view.h"

#include "widgets/common/lane_names.h"

#include <QPainter>
#include <QScrollBar>

#include <algorithm>

namespace opscope {

namespace {

constexpr int kPinSize = 14;
constexpr int kTrackTextLeft = 22;

QRect pinRect(QRect header) {
    return QRect(header.right() - kPinSize - 6, header.top() + 5, kPinSize, kPinSize);
}

void drawPin(QPainter& p, QRect r, const QColor& colour, bool filled) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(colour, 1.4));
    p.setBrush(filled ? colour : Qt::NoBrush);
    const QPointF c(r.center().x() + 0.5, r.top() + 5.0);
    p.drawEllipse(c, 3.6, 3.6);
    p.drawLine(QPointF(c.x(), c.y() + 3.6), QPointF(c.x(), r.bottom()));
    p.restore();
}

} // namespace

void TimelineView::resetHeaderTexts() {
    for (auto& texts : trackHeaderText_) texts.assign(data_ ? data_->tracks().size() : 0, TrackHeaderText{});
    processHeaderText_.assign(data_ ? data_->processes().size() : 0, ProcessHeaderText{});
}

void TimelineView::paintHeaders(QPainter& p, bool pinned) {
    const QRect clip = pinned ? QRect(0, kRulerHeight, kHeaderWidth, pinnedAreaHeight())
                              : QRect(0, scrolledArea().top(), kHeaderWidth, scrolledArea().height());
    p.save();
    p.setClipRect(clip);
    const auto& rows = pinned ? layout_.pinnedRows() : layout_.rows();
    const int top = pinned ? kRulerHeight : scrolledArea().top() - verticalScrollBar()->value();
    int first = pinned ? 0 : std::max(0, layout_.rowAt(verticalScrollBar()->value()));
    for (std::size_t i = static_cast<std::size_t>(first); i < rows.size(); ++i) {
        const TimelineRow& r = rows[i];
        const QRect rect(0, top + r.y, kHeaderWidth, r.height);
        if (rect.top() > clip.bottom()) break;
        if (r.kind == TimelineRow::Kind::Process) paintProcessHeader(p, r, rect);
        else paintTrackHeader(p, r, rect, pinned);
    }
    p.fillRect(QRect(kHeaderWidth - 1, clip.top(), 1, clip.height()), theme_.separator);
    p.restore();
}

const ProcessHeaderText& TimelineView::processHeaderText(const TimelineRow& row, QSize size) {
    ProcessHeaderText& text = processHeaderText_[static_cast<std::size_t>(row.processIndex)];
    if (text.ready) return text;
    const TimelineProcess& proc = data_->processes()[static_cast<std::size_t>(row.processIndex)];
    // The device first: Kineto names the GPU process after the host, so the name alone does not tell them apart.
    const QString name = proc.deviceName == proc.name ? QString::fromStdString(proc.name) : processTitle(proc);
    QString count = row.trackCount == 1 ? tr("1 track") : tr("%1 tracks").arg(row.trackCount);
    // The hidden series are counted where a click (or the header's context menu) shows them again.
    if (row.hiddenCount > 0)
        count = row.hiddenShown ? tr("%1, %n hidden shown", nullptr, row.hiddenCount).arg(count)
                                : tr("%1, %n hidden", nullptr, row.hiddenCount).arg(count);
    // The global group (tracks outside any process) has no pid to show; a string pid ("Spans") is
    // already the name.
    const bool showPid = !proc.name.empty() && !proc.pid.empty() && proc.pid != proc.name;
    const QString pid = showPid ? tr("pid %1").arg(QString::fromStdString(proc.pid)) : QString();
    QFont bold = headerFont_;
    bold.setBold(true);
    text = layoutProcessHeader(name, pid, count, size, {headerFont_, bold, smallFont_});
    return text;
}

void TimelineView::paintProcessHeader(QPainter& p, const TimelineRow& row, QRect rect) {
    const bool collapsed = processCollapsed(row.processIndex);
    p.fillRect(rect.adjusted(0, 0, 0, -1), theme_.processHeaderBackground);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(theme_.headerSubText);
    const QPointF c(12, rect.center().y() + 0.5);
    const QPointF down[3] = {{c.x() - 4, c.y() - 2}, {c.x() + 4, c.y() - 2}, {c.x(), c.y() + 3}};
    const QPointF right[3] = {{c.x() - 2, c.y() - 4}, {c.x() + 3, c.y()}, {c.x() - 2, c.y() + 4}};
    p.drawPolygon(collapsed ? right : down, 3);
    p.restore();
    const ProcessHeaderText& text = processHeaderText(row, rect.size());
    const QPointF origin = rect.topLeft();
    QFont bold = headerFont_;
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(theme_.headerText);
    p.drawStaticText(origin + text.namePos, text.name);
    p.setFont(smallFont_);
    p.setPen(theme_.headerSubText);
    if (text.hasPid) p.drawStaticText(origin + text.pidPos, text.pid);
    p.drawStaticText(origin + text.countPos, text.count);
}

const TrackHeaderText& TimelineView::trackHeaderText(const TimelineRow& row, QSize size, bool pinned) {
    TrackHeaderText& text = trackHeaderText_[pinned ? 1 : 0][static_cast<std::size_t>(row.trackIndex)];
    if (text.ready) return text;
    const TimelineTrack& t = data_->tracks()[static_cast<std::size_t>(row.trackIndex)];
    const QString title = pinned ? qualifiedLaneTitle(*data_, t) : laneTitle(*data_, t);
    QString sub;
    if (t.kind == TrackKind::Counter || t.counterEnd > t.counterBegin) {
        const QString unit = QString::fromStdString(t.unit);
        sub = tr("%1 – %2 %3").arg(formatCounterValue(std::min(0.0, t.counterMin)), formatCounterValue(t.counterMax),
                                    unit).trimmed();
    } else if (!t.tid.empty() && t.tid != t.threadName && data_->processes()[t.processIndex].deviceName.empty()) {
        // A host thread's tid; a string tid is already the thread's name, and a device stream's id is in
        // its title (an NPU stream is not a thread).
        sub = tr("tid %1").arg(QString::fromStdString(t.tid));
    }
    text = layoutTrackHeader(title, sub, size, kTrackTextLeft, kPinSize + 14, {headerFont_, headerFont_, smallFont_});
    return text;
}

void TimelineView::paintTrackHeader(QPainter& p, const TimelineRow& row, QRect rect, bool pinned) {
    const TimelineTrack& t = data_->tracks()[static_cast<std::size_t>(row.trackIndex)];
    p.fillRect(rect.adjusted(0, 0, -1, -1), row.trackIndex % 2 ? theme_.trackAltBackground : theme_.headerBackground);
    if (t.isCompute) p.fillRect(QRect(rect.left(), rect.top() + 2, 3, rect.height() - 5), theme_.accent);
    const TrackHeaderText& text = trackHeaderText(row, rect.size(), pinned);
    const QPointF origin = rect.topLeft();
    p.setFont(headerFont_);
    p.setPen(theme_.headerText);
    p.drawStaticText(origin + text.titlePos, text.title);
    if (text.hasSub) {
        p.setFont(smallFont_);
        p.setPen(theme_.headerSubText);
        p.drawStaticText(origin + text.subPos, text.sub);
    }
    const bool hovered = mouseInside_ && rect.contains(mousePos_.toPoint());
    if (hovered || trackPinned(row.trackIndex))
        drawPin(p, pinRect(rect), trackPinned(row.trackIndex) ? theme_.accent : theme_.headerSubText,
                trackPinned(row.trackIndex));
}

} // namespace opscope
