// Keeps the graph and the timeline in step: a clicked node's executions are highlighted on the
// timeline (the first one selected and revealed; stepping in the counter panel moves the selection),
// and a slice selected on the timeline selects its node in the graph. Uses the timeline's own
// selection and search highlighting, so no second selection model exists.
#pragma once
#include "core/analysis/selection/slice_search.h"

#include <QObject>
#include <QVector>

#include <memory>

namespace opscope {

class GraphWorkspace;
class TimelineView;

class GraphTimelineLink : public QObject {
    Q_OBJECT
public:
    GraphTimelineLink(GraphWorkspace* graph, TimelineView* timeline, QObject* parent = nullptr);

    // The executions last highlighted on the timeline (null: none).
    std::shared_ptr<const SliceSearchResult> highlighted() const { return highlighted_; }

private:
    // The slices as a highlight on the timeline, in time order (null without timeline data).
    std::shared_ptr<const SliceSearchResult> highlightOf(const QVector<qint64>& sliceIds) const;
    void showExecutions(const QVector<qint64>& sliceIds, int current);
    void stepTo(qint64 sliceId, int index);
    void timelineSelected(qint64 sliceId);

    GraphWorkspace* graph_;
    TimelineView* timeline_;
    std::shared_ptr<const SliceSearchResult> highlighted_;
};

} // namespace opscope
