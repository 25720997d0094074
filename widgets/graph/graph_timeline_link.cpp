#include "widgets/graph/graph_timeline_link.h"

#include "core/store/timeline_data.h"
#include "widgets/graph/graph_workspace.h"
#include "widgets/timeline/timeline_view.h"

#include <algorithm>

namespace opscope {

GraphTimelineLink::GraphTimelineLink(GraphWorkspace* graph, TimelineView* timeline, QObject* parent)
    : QObject(parent), graph_(graph), timeline_(timeline) {
    connect(graph_, &GraphWorkspace::executionsSelected, this, &GraphTimelineLink::showExecutions);
    connect(graph_, &GraphWorkspace::executionStepped, this, &GraphTimelineLink::stepTo);
    connect(timeline_, &TimelineView::sliceSelected, this, &GraphTimelineLink::timelineSelected);
}

std::shared_ptr<const SliceSearchResult> GraphTimelineLink::highlightOf(const QVector<qint64>& sliceIds) const {
    const TimelineData* data = timeline_->data();
    if (!data) return nullptr;
    auto result = std::make_shared<SliceSearchResult>();
    result->nameMatches.assign(data->stringCount() + 1, false);
    for (qint64 id : sliceIds) {
        int track = -1;
        const TimelineSlice* s = data->findSlice(id, &track);
        if (!s) continue;
        result->matches.push_back({id, s->tsNs, s->durNs, static_cast<std::uint32_t>(track), s->depth});
        if (s->nameId < result->nameMatches.size()) result->nameMatches[s->nameId] = true;
    }
    std::sort(result->matches.begin(), result->matches.end(), [](const SliceMatch& a, const SliceMatch& b) {
        return a.tsNs != b.tsNs ? a.tsNs < b.tsNs : a.sliceId < b.sliceId;
    });
    return result;
}

void GraphTimelineLink::showExecutions(const QVector<qint64>& sliceIds, int current) {
    std::shared_ptr<const SliceSearchResult> result = highlightOf(sliceIds);
    if (!result) return;
    highlighted_ = result;
    if (result->matches.empty()) {
        timeline_->setSearchResult(nullptr);
        timeline_->setSelectedSlice(0);
        return;
    }
    stepTo(current >= 0 && current < sliceIds.size() ? sliceIds[current] : sliceIds.front(), current);
}

void GraphTimelineLink::stepTo(qint64 sliceId, int) {
    if (!highlighted_) return;
    int matchIndex = -1;
    for (std::size_t i = 0; i < highlighted_->matches.size(); ++i)
        if (highlighted_->matches[i].sliceId == sliceId) matchIndex = static_cast<int>(i);
    timeline_->setSearchResult(highlighted_, matchIndex);
    timeline_->setSelectedSlice(sliceId);
    timeline_->revealSlice(sliceId);
}

void GraphTimelineLink::timelineSelected(qint64 sliceId) {
    if (sliceId == 0 || !graph_->selectNodeForSlice(sliceId)) return;
    // The node's executions become the set the counter panel steps through (its ◀ / ▶ and point clicks
    // find them here); the timeline stays where the user clicked.
    highlighted_ = highlightOf(graph_->selectedExecutions());
    int matchIndex = -1;
    for (std::size_t i = 0; highlighted_ && i < highlighted_->matches.size(); ++i)
        if (highlighted_->matches[i].sliceId == sliceId) matchIndex = static_cast<int>(i);
    if (highlighted_) timeline_->setSearchResult(highlighted_, matchIndex);
}

} // namespace opscope
