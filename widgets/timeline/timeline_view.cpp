#include "widgets/timeline/timeline_view.h"

#include "core/analysis/first_view/outlier_window.h"
#include "widgets/common/zoom_control.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QResizeEvent>
#include <QScrollBar>

#include <algorithm>

Q_LOGGING_CATEGORY(lcTimeline, "opscope.timeline", QtWarningMsg)

namespace opscope {

TimelineView::TimelineView(ZoomControl* zoom, QWidget* parent) : QAbstractScrollArea(parent), zoom_(zoom) {
    setFocusPolicy(Qt::StrongFocus);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(kHeaderWidth + 200, kRulerHeight + 60);
    theme_ = TimelineTheme::fromPalette(palette());
    sliceFont_ = font();
    sliceFont_.setPointSizeF(std::max(7.0, font().pointSizeF() * 0.85));
    headerFont_ = font();
    headerFont_.setPointSizeF(std::max(7.0, font().pointSizeF() * 0.9));
    smallFont_ = font();
    smallFont_.setPointSizeF(std::max(6.5, font().pointSizeF() * 0.78));
    style_.setFont(sliceFont_);
    verticalScrollBar()->setSingleStep(TimelineLayout::kSliceRowHeight);
    connect(zoom_, &ZoomControl::visibleRangeChanged, this, [this] { invalidateDrawList(); });
    connect(zoom_, &ZoomControl::selectionChanged, viewport(), qOverload<>(&QWidget::update));
}

TimelineView::~TimelineView() = default;

void TimelineView::setData(std::shared_ptr<const TimelineData> data, bool flowsLater) {
    data_ = std::move(data);
    counterImages_.clear();
    pinnedCounterPoints_.clear(); // the old data's: a new load could sit at its address
    scrolledCounterPoints_.clear();
    timeAreaImage_.clear();
    collapsed_.assign(data_ ? data_->processes().size() : 0, false);
    pinned_.assign(data_ ? data_->tracks().size() : 0, false);
    hiddenShown_.assign(data_ ? data_->processes().size() : 0, false);
    firstScreenPending_ = data_ != nullptr; // decided at the first paint, when the view has its real height
    selectedSlice_ = 0;
    selectedFlows_.clear();
    search_.reset();
    currentMatch_ = -1;
    style_.reset(data_.get(), colourMode_);
    style_.setFont(sliceFont_);
    resetHeaderTexts();
    flowSet_.reset();
    flowsPending_ = data_ && flowsLater;
    ownFlowGroups_ = data_ && !flowsLater ? buildFlowGroups(*data_) : std::vector<FlowGroup>{};
    flows_ = data_ && !flowsLater ? &data_->flows() : nullptr;
    flowGroups_ = &ownFlowGroups_;
    relayout();
    firstViewOutliers_ = firstViewFarthestNs_ = 0;
    if (data_) {
        zoom_->setTraceRange(data_->traceRange());
        const OutlierWindow first = findOutlierWindow(*data_);
        firstViewOutliers_ = first.outliers;
        firstViewFarthestNs_ = first.farthestNs;
        if (first.outliers > 0) zoom_->setVisibleRange(first.window);
    }
    updateMinimumZoom();
    invalidateDrawList();
    emit hiddenSeriesChanged();
}

void TimelineView::setFlows(std::shared_ptr<const TimelineFlowSet> flows) {
    if (!flowsPending_ || !flows || flows->timeline != data_.get()) return; // another load's, or here already
    flowSet_ = std::move(flows);
    flows_ = &flowSet_->flows;
    flowGroups_ = &flowSet_->groups;
    flowsPending_ = false;
    setSelectedSlice(selectedSlice_); // its arrows, now that they can be found
}

const TimelineFlowArray& TimelineView::flows() const {
    static const TimelineFlowArray none;
    return flows_ ? *flows_ : none;
}

void TimelineView::setFlowsVisible(bool visible) {
    flowsVisible_ = visible;
    if (visible && flowsPending()) emit flowsWanted();
    viewport()->update();
}

void TimelineView::setColourMode(ColourMode mode) {
    colourMode_ = mode;
    style_.reset(data_.get(), mode);
    style_.setFont(sliceFont_);
    invalidateDrawList();
}

void TimelineView::setAbsoluteTime(bool absolute) {
    absoluteTime_ = absolute;
    rulerTitle_ = QStaticText();
    viewport()->update();
}

void TimelineView::setSelectedSlice(std::int64_t sliceId) {
    selectedSlice_ = sliceId;
    // Its flows, found once here rather than by a scan of every flow in each paint.
    selectedFlows_.clear();
    if (sliceId && flowsPending()) emit flowsWanted();
    if (data_ && sliceId && flows_)
        for (std::uint32_t k = 0; k < flows_->size(); ++k)
            if (touchesSelection((*flows_)[k])) selectedFlows_.push_back(k);
    viewport()->update();
}

void TimelineView::revealSlice(std::int64_t sliceId) {
    if (!data_) return;
    int trackIndex = -1;
    const TimelineSlice* s = data_->findSlice(sliceId, &trackIndex);
    if (!s) return;
    const int process = static_cast<int>(data_->tracks()[static_cast<std::size_t>(trackIndex)].processIndex);
    if (processCollapsed(process)) setProcessCollapsed(process, false);
    const int row = layout_.rowOfTrack(trackIndex);
    if (row >= 0) {
        const TimelineRow& r = layout_.rows()[static_cast<std::size_t>(row)];
        const int y = r.y + TimelineLayout::kTrackPadding + s->depth * TimelineLayout::kSliceRowHeight;
        const int areaHeight = scrolledArea().height();
        if (y < verticalScrollBar()->value() || y + TimelineLayout::kSliceRowHeight > verticalScrollBar()->value() + areaHeight)
            verticalScrollBar()->setValue(std::max(0, y - areaHeight / 3));
    }
    TimeRange window = zoom_->visibleRange();
    TimeNs dur = window.durationNs();
    // Keep the zoom unless the slice would not fit; then show it with a margin on both sides.
    if (s->durNs > dur * 9 / 10) dur = std::max<TimeNs>(s->durNs + s->durNs / 4, zoom_->minimumDurationNs());
    const TimeNs centre = s->tsNs + s->durNs / 2;
    zoom_->setVisibleRange({centre - dur / 2, centre - dur / 2 + dur}, ZoomControl::History::Push);
    invalidateDrawList();
}

void TimelineView::setSearchResult(std::shared_ptr<const SliceSearchResult> result, int currentMatch) {
    const bool changed = result != search_;
    search_ = std::move(result);
    currentMatch_ = currentMatch;
    if (changed) invalidateDrawList();
    else viewport()->update();
}

void TimelineView::setProcessCollapsed(int processIndex, bool collapsed) {
    if (processIndex < 0 || processIndex >= static_cast<int>(collapsed_.size())) return;
    firstScreenPending_ = false; // a choice made before the first paint stands
    collapsed_[static_cast<std::size_t>(processIndex)] = collapsed;
    relayout();
}

bool TimelineView::processCollapsed(int processIndex) const {
    return processIndex >= 0 && processIndex < static_cast<int>(collapsed_.size()) &&
           collapsed_[static_cast<std::size_t>(processIndex)];
}

void TimelineView::setAllProcessesCollapsed(bool collapsed) {
    firstScreenPending_ = false;
    std::fill(collapsed_.begin(), collapsed_.end(), collapsed);
    relayout();
}

void TimelineView::setHiddenSeriesShown(int processIndex, bool shown) {
    if (processIndex < 0 || processIndex >= static_cast<int>(hiddenShown_.size())) return;
    hiddenShown_[static_cast<std::size_t>(processIndex)] = shown;
    relayout();
    emit hiddenSeriesChanged();
}

bool TimelineView::hiddenSeriesShown(int processIndex) const {
    return processIndex >= 0 && processIndex < static_cast<int>(hiddenShown_.size()) &&
           hiddenShown_[static_cast<std::size_t>(processIndex)];
}

void TimelineView::setAllHiddenSeriesShown(bool shown) {
    std::fill(hiddenShown_.begin(), hiddenShown_.end(), shown);
    relayout();
    emit hiddenSeriesChanged();
}

int TimelineView::hiddenSeriesCount() const {
    int n = 0;
    for (const TimelineRow& r : layout_.rows())
        if (r.kind == TimelineRow::Kind::Process) n += r.hiddenCount;
    return n;
}

int TimelineView::hiddenSeriesHiddenCount() const {
    int n = 0;
    for (const TimelineRow& r : layout_.rows())
        if (r.kind == TimelineRow::Kind::Process && !r.hiddenShown) n += r.hiddenCount;
    return n;
}

void TimelineView::setTrackPinned(int trackIndex, bool pinned) {
    if (trackIndex < 0 || trackIndex >= static_cast<int>(pinned_.size())) return;
    pinned_[static_cast<std::size_t>(trackIndex)] = pinned;
    relayout();
}

bool TimelineView::trackPinned(int trackIndex) const {
    return trackIndex >= 0 && trackIndex < static_cast<int>(pinned_.size()) && pinned_[static_cast<std::size_t>(trackIndex)];
}

QRect TimelineView::timeArea() const {
    const QRect v = viewport()->rect();
    return QRect(kHeaderWidth, kRulerHeight, std::max(1, v.width() - kHeaderWidth), std::max(1, v.height() - kRulerHeight));
}

TimeMapper TimelineView::mapper() const {
    const QRect area = timeArea();
    return TimeMapper{zoom_->visibleRange(), static_cast<double>(area.left()), static_cast<double>(area.width())};
}

int TimelineView::pinnedAreaHeight() const {
    // Pinned tracks never take more than 40% of the height; the rest of them is cut off.
    return std::min(layout_.pinnedHeight(), (viewport()->height() - kRulerHeight) * 2 / 5);
}

QRect TimelineView::scrolledArea() const {
    const int top = kRulerHeight + pinnedAreaHeight();
    return QRect(0, top, viewport()->width(), std::max(0, viewport()->height() - top));
}

QRect TimelineView::flowArea() const {
    return QRect(kHeaderWidth, kRulerHeight, viewport()->width() - kHeaderWidth, viewport()->height());
}

TimelineView::HitRow TimelineView::rowAtViewportY(int y) const {
    HitRow hit;
    const int pinnedTop = kRulerHeight;
    if (y >= pinnedTop && y < pinnedTop + pinnedAreaHeight()) {
        for (const TimelineRow& r : layout_.pinnedRows()) {
            if (y >= pinnedTop + r.y && y < pinnedTop + r.y + r.height) return {&r, true, double(pinnedTop + r.y)};
        }
        return hit;
    }
    const QRect area = scrolledArea();
    if (y < area.top()) return hit;
    const int contentY = y - area.top() + verticalScrollBar()->value();
    const int row = layout_.rowAt(contentY);
    if (row < 0) return hit;
    const TimelineRow& r = layout_.rows()[static_cast<std::size_t>(row)];
    return {&r, false, double(area.top() + r.y - verticalScrollBar()->value())};
}

std::optional<double> TimelineView::trackYTop(int trackIndex, bool* pinned) const {
    const int pinnedRow = layout_.pinnedRowOfTrack(trackIndex);
    if (pinnedRow >= 0) {
        if (pinned) *pinned = true;
        return double(kRulerHeight + layout_.pinnedRows()[static_cast<std::size_t>(pinnedRow)].y);
    }
    const int row = layout_.rowOfTrack(trackIndex);
    if (row < 0) return std::nullopt;
    if (pinned) *pinned = false;
    return double(scrolledArea().top() + layout_.rows()[static_cast<std::size_t>(row)].y - verticalScrollBar()->value());
}

std::optional<QPointF> TimelineView::sliceCenter(std::int64_t sliceId) const {
    if (!data_) return std::nullopt;
    int trackIndex = -1;
    const TimelineSlice* s = data_->findSlice(sliceId, &trackIndex);
    if (!s) return std::nullopt;
    auto y = trackYTop(trackIndex);
    if (!y) return std::nullopt;
    const TimeMapper m = mapper();
    const TimeRange w = m.window;
    const TimeNs a = std::max(s->tsNs, w.startNs), b = std::min(s->endNs(), w.endNs);
    if (a > b) return std::nullopt;
    const double yCentre = depthRowTop({trackIndex, *y, 0}, s->depth) + TimelineLayout::kSliceRowHeight / 2.0;
    return QPointF(m.toPx(a + (b - a) / 2), yCentre);
}

void TimelineView::invalidateDrawList() {
    dirty_ = true;
    viewport()->update();
}

void TimelineView::relayout() {
    if (data_) layout_.rebuild(*data_, collapsed_, pinned_, hiddenShown_);
    else layout_ = TimelineLayout();
    processHeaderText_.assign(data_ ? data_->processes().size() : 0, ProcessHeaderText{}); // counts change with pins
    updateScrollBar();
    invalidateDrawList();
}

void TimelineView::updateScrollBar() {
    const int page = scrolledArea().height();
    verticalScrollBar()->setPageStep(std::max(1, page));
    verticalScrollBar()->setRange(0, std::max(0, layout_.contentHeight() - page));
}

void TimelineView::updateMinimumZoom() {
    // About one nanosecond per four pixels at the deepest zoom.
    zoom_->setMinimumDurationNs(std::max<TimeNs>(10, timeArea().width() / 4));
}

void TimelineView::resizeEvent(QResizeEvent* event) {
    QAbstractScrollArea::resizeEvent(event);
    updateScrollBar();
    updateMinimumZoom();
    invalidateDrawList();
}

void TimelineView::scrollContentsBy(int, int) { invalidateDrawList(); }

void TimelineView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        theme_ = TimelineTheme::fromPalette(palette());
        counterImages_.clear(); // drawn in the old colours
        invalidateDrawList();
    }
    if (event->type() == QEvent::LanguageChange) {
        resetHeaderTexts();
        rulerTitle_ = QStaticText();
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

// Collapsing the tallest host group above the first device lane, then the next tallest, until that lane
// shows: a group's height does not change while others collapse (groups are whole blocks of rows), so the
// order is known up front and only how many to collapse is searched for, by halves. One rebuild a try:
// a trace of 2,251 processes above its device took 2,251 rebuilds (88 G instructions) one at a time.
void TimelineView::collapseHostGroupsAboveDevice() {
    const int viewHeight = std::max(200, scrolledArea().height());
    const int wantedBelow = 3 * TimelineLayout::kSliceRowHeight; // the first device lane and a bit of the next
    const auto& processes = data_->processes();
    const auto& tracks = data_->tracks();
    // The first device lane's top in the current layout (-1: none), and each host group's rows above it.
    auto measure = [&](std::vector<int>* hostHeight) {
        for (const TimelineRow& r : layout_.rows()) {
            if (r.kind != TimelineRow::Kind::Track) continue;
            const TimelineTrack& t = tracks[static_cast<std::size_t>(r.trackIndex)];
            const bool onDevice = !processes[t.processIndex].deviceName.empty();
            if (onDevice && t.kind == TrackKind::Thread && t.depthCount > 0) return r.y;
            if (!onDevice && hostHeight) (*hostHeight)[t.processIndex] += r.height;
        }
        return -1;
    };
    std::vector<int> hostHeight(processes.size(), 0);
    const int deviceTop = measure(&hostHeight);
    if (deviceTop < 0 || deviceTop + wantedBelow <= viewHeight) return;
    std::vector<std::size_t> order; // tallest first; of equal ones, the first process first
    for (std::size_t i = 0; i < hostHeight.size(); ++i)
        if (hostHeight[i] > 0) order.push_back(i);
    if (order.empty()) return; // only device groups above it: nothing of the host to fold
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return hostHeight[a] > hostHeight[b]; });
    const std::vector<bool> chosen = collapsed_; // what was collapsed before: stays so
    auto fitsWith = [&](std::size_t count) {
        collapsed_ = chosen;
        for (std::size_t i = 0; i < count; ++i) collapsed_[order[i]] = true;
        layout_.rebuild(*data_, collapsed_, pinned_, hiddenShown_);
        const int top = measure(nullptr);
        return top < 0 || top + wantedBelow <= viewHeight;
    };
    // The fewest that let the lane show, or all of them when even that does not.
    std::size_t lo = 1, hi = order.size();
    if (!fitsWith(hi)) return;
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (fitsWith(mid)) hi = mid;
        else lo = mid + 1;
    }
    fitsWith(lo);
}

void TimelineView::addPreviewLanes(const TimelineRow& processRow, double top, std::vector<TrackOnScreen>* out) const {
    // In the header row right of the name column, a few pixels from its edges.
    const double yTop = top + 4, height = processRow.height - 8;
    const auto& tracks = data_->tracks();
    for (std::size_t i = 0; i < tracks.size(); ++i)
        if (static_cast<int>(tracks[i].processIndex) == processRow.processIndex && tracks[i].depthCount > 0)
            out->push_back({static_cast<int>(i), yTop, height, true});
}

void TimelineView::collectTracks(bool pinned, std::vector<TrackOnScreen>* out) const {
    out->clear();
    if (pinned) {
        for (const TimelineRow& r : layout_.pinnedRows())
            if (r.y < pinnedAreaHeight()) out->push_back({r.trackIndex, double(kRulerHeight + r.y), double(r.height)});
        return;
    }
    const QRect area = scrolledArea();
    const int scroll = verticalScrollBar()->value();
    // Rows are sorted by y: start at the first one that reaches the top of the area.
    int first = std::max(0, layout_.rowAt(scroll));
    const auto& rows = layout_.rows();
    for (std::size_t i = static_cast<std::size_t>(first); i < rows.size(); ++i) {
        const TimelineRow& r = rows[i];
        const double top = area.top() + r.y - scroll;
        if (top > area.bottom()) break;
        if (r.kind == TimelineRow::Kind::Track) out->push_back({r.trackIndex, top, double(r.height)});
        else if (processCollapsed(r.processIndex)) addPreviewLanes(r, top, out);
    }
}

void TimelineView::rebuildDrawLists() {
    dirty_ = false;
    pinnedList_.clear();
    scrolledList_.clear();
    if (!data_) return;
    DrawListInput input;
    input.data = data_.get();
    input.mapper = mapper();
    input.searchNames = search_ && !search_->invalidPattern ? &search_->nameMatches : nullptr;
    input.background = theme_.background.rgb();
    input.clipTop = kRulerHeight;
    input.clipBottom = kRulerHeight + pinnedAreaHeight();
    input.counterPoints = &pinnedCounterPoints_;
    collectTracks(true, &tracksScratch_);
    buildDrawList(input, tracksScratch_, &style_, &pinnedList_);
    const QRect area = scrolledArea();
    input.clipTop = area.top();
    input.clipBottom = area.bottom();
    input.counterPoints = &scrolledCounterPoints_;
    collectTracks(false, &tracksScratch_);
    buildDrawList(input, tracksScratch_, &style_, &scrolledList_);
}

} // namespace opscope
