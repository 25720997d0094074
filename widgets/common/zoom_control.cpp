#include "widgets/common/zoom_control.h"

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {
constexpr int kMaxHistory = 100;
}

ZoomControl::ZoomControl(QObject* parent) : QObject(parent) {}

void ZoomControl::setTraceRange(TimeRange range) {
    if (range.endNs <= range.startNs) range.endNs = range.startNs + 1;
    trace_ = range;
    visible_ = range;
    hasSelection_ = false;
    selection_ = {};
    history_.clear();
    emit traceRangeChanged(trace_.startNs, trace_.endNs);
    emit visibleRangeChanged(visible_.startNs, visible_.endNs);
    emit selectionChanged(false, 0, 0);
    emit historyChanged(false);
}

void ZoomControl::setMinimumDurationNs(TimeNs durNs) { minDurNs_ = std::max<TimeNs>(durNs, 1); }

TimeRange ZoomControl::clamp(TimeRange range) const {
    const TimeNs traceDur = trace_.durationNs();
    TimeNs dur = std::clamp<TimeNs>(range.durationNs(), std::min(minDurNs_, traceDur), traceDur);
    // A window shorter than asked keeps its centre.
    TimeNs start = range.durationNs() == dur ? range.startNs : range.startNs + (range.durationNs() - dur) / 2;
    start = std::clamp(start, trace_.startNs, trace_.endNs - dur);
    return {start, start + dur};
}

void ZoomControl::setVisibleRange(TimeRange range, History history) {
    TimeRange next = clamp(range);
    if (next.startNs == visible_.startNs && next.endNs == visible_.endNs) return;
    if (history == History::Push) {
        history_.push_back(visible_);
        if (history_.size() > kMaxHistory) history_.removeFirst();
        emit historyChanged(true);
    }
    visible_ = next;
    emit visibleRangeChanged(visible_.startNs, visible_.endNs);
}

void ZoomControl::zoomAround(TimeNs anchorNs, double factor) {
    anchorNs = std::clamp(anchorNs, visible_.startNs, visible_.endNs);
    const TimeNs before = anchorNs - visible_.startNs;
    const TimeNs after = visible_.endNs - anchorNs;
    // Only the offsets from the anchor are scaled, so the anchor itself never goes through a double.
    TimeNs newBefore = static_cast<TimeNs>(std::llround(static_cast<double>(before) * factor));
    TimeNs newAfter = static_cast<TimeNs>(std::llround(static_cast<double>(after) * factor));
    TimeNs dur = newBefore + newAfter;
    if (dur < minDurNs_ && visible_.durationNs() > 0) {
        // Keep the anchor's fraction of the window when the minimum stops the zoom.
        double fraction = static_cast<double>(before) / static_cast<double>(visible_.durationNs());
        newBefore = static_cast<TimeNs>(std::llround(fraction * static_cast<double>(minDurNs_)));
        newAfter = minDurNs_ - newBefore;
    }
    setVisibleRange({anchorNs - newBefore, anchorNs + newAfter});
}

void ZoomControl::pan(TimeNs deltaNs) { setVisibleRange({visible_.startNs + deltaNs, visible_.endNs + deltaNs}); }

void ZoomControl::fitAll() { setVisibleRange(trace_, History::Push); }

void ZoomControl::zoomToSelection() {
    if (hasSelection_ && !selection_.empty()) setVisibleRange(selection_, History::Push);
}

void ZoomControl::zoomBack() {
    if (history_.isEmpty()) return;
    TimeRange previous = history_.takeLast();
    visible_ = clamp(previous);
    emit visibleRangeChanged(visible_.startNs, visible_.endNs);
    emit historyChanged(!history_.isEmpty());
}

void ZoomControl::setSelection(TimeRange range) {
    if (range.endNs < range.startNs) std::swap(range.startNs, range.endNs);
    range.startNs = std::max(range.startNs, trace_.startNs);
    range.endNs = std::min(range.endNs, trace_.endNs);
    if (hasSelection_ && range.startNs == selection_.startNs && range.endNs == selection_.endNs) return;
    hasSelection_ = true;
    selection_ = range;
    emit selectionChanged(true, selection_.startNs, selection_.endNs);
}

void ZoomControl::clearSelection() {
    if (!hasSelection_) return;
    hasSelection_ = false;
    selection_ = {};
    emit selectionChanged(false, 0, 0);
}

} // namespace opscope
