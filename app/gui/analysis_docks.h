// The analysis docks of the main window (operator statistics, heatmap, bubbles, diagnosis, memory, launches), and their
// links with the timeline: what a view selects is highlighted and revealed there; the slice selected on
// the timeline marks its operator in the views. Each view computes when its dock is first shown.
#pragma once
#include "core/analysis/selection/slice_search.h"
#include "core/store/timeline_data.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <string>
#include <vector>

class QDockWidget;
class QMainWindow;

namespace opscope {
class BubbleView;
class ClusterView;
class CommunicationView;
class CriticalPathHighlight;
class DiagnosisView;
class HeatmapView;
class LaunchView;
class MemoryView;
class OperatorStatsView;
class SummaryView;
class TimelineView;
class TraceDocument;
class ZoomControl;
} // namespace opscope

namespace opscope::gui {

class AnalysisDocks : public QObject {
    Q_OBJECT
public:
    // Adds the docks to window's bottom area, tabified after `tabAfter` (when given).
    AnalysisDocks(QMainWindow* window, TimelineView* timeline, ZoomControl* zoom, QDockWidget* tabAfter);

    // A new trace: views that are shown compute now, the others when their dock is raised.
    void traceOpened(TraceDocument* document);

    OperatorStatsView* stats() const { return stats_; }
    HeatmapView* heatmap() const { return heatmap_; }
    BubbleView* bubbles() const { return bubbles_; }
    DiagnosisView* diagnosis() const { return diagnosis_; }
    MemoryView* memory() const { return memory_; }
    SummaryView* summary() const { return summary_; }
    LaunchView* launches() const { return launches_; }
    // The job's ranks: the cluster summary (with the rank clock offsets dialog) and the communication.
    ClusterView* cluster() const { return cluster_; }
    CommunicationView* communication() const { return communication_; }
    // View > Highlight Critical Path: follows the opened trace like the docks.
    CriticalPathHighlight* criticalPath() const { return criticalPath_; }
    std::vector<QDockWidget*> docks() const { return docks_; }

signals:
    // A view asks for one slice to be selected and revealed (with its details shown).
    void sliceActivated(qint64 sliceId);

private:
    struct Entry {
        QDockWidget* dock;
        QWidget* view;
        bool stale = false;
    };
    QDockWidget* addDock(const QString& title, const QString& name, QWidget* view);
    void showHighlight(std::shared_ptr<const SliceSearchResult> slices, int current);
    void load(Entry& entry);
    void timelineSliceSelected(qint64 sliceId);

    QMainWindow* window_;
    TimelineView* timeline_;
    OperatorStatsView* stats_;
    HeatmapView* heatmap_;
    BubbleView* bubbles_;
    DiagnosisView* diagnosis_;
    MemoryView* memory_;
    SummaryView* summary_;
    LaunchView* launches_;
    ClusterView* cluster_;
    CommunicationView* communication_;
    CriticalPathHighlight* criticalPath_;
    std::vector<QDockWidget*> docks_;
    std::vector<Entry> entries_;
    QPointer<TraceDocument> document_;
};

} // namespace opscope::gui
