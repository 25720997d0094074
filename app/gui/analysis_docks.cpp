#include "app/gui/analysis_docks.h"

#include "widgets/bubbles/bubble_view.h"
#include "widgets/cluster/cluster_view.h"
#include "widgets/cluster/communication_view.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/trace_document.h"
#include "widgets/diagnosis/diagnosis_view.h"
#include "widgets/heatmap/heatmap_view.h"
#include "widgets/launch/critical_path_highlight.h"
#include "widgets/launch/launch_view.h"
#include "widgets/memory/memory_view.h"
#include "widgets/summary/summary_view.h"
#include "widgets/operators/operator_stats_view.h"
#include "widgets/timeline/timeline_view.h"

#include <QDockWidget>
#include <QMainWindow>

namespace opscope::gui {

namespace {

// Every view has the same setDocument(); the dock list keeps them as QWidget.
void setDocumentOf(QWidget* view, TraceDocument* document) {
    if (auto* v = qobject_cast<OperatorStatsView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<HeatmapView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<BubbleView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<DiagnosisView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<SummaryView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<MemoryView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<LaunchView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<ClusterView*>(view)) v->setDocument(document);
    else if (auto* v = qobject_cast<CommunicationView*>(view)) v->setDocument(document);
}

} // namespace

AnalysisDocks::AnalysisDocks(QMainWindow* window, TimelineView* timeline, ZoomControl* zoom, QDockWidget* tabAfter)
    : QObject(window), window_(window), timeline_(timeline), stats_(new OperatorStatsView(zoom, window)),
      heatmap_(new HeatmapView(zoom, window)), bubbles_(new BubbleView(zoom, window)),
      diagnosis_(new DiagnosisView(zoom, window)), memory_(new MemoryView(zoom, window)),
      summary_(new SummaryView(zoom, window)), launches_(new LaunchView(zoom, window)),
      cluster_(new ClusterView(zoom, window)), communication_(new CommunicationView(zoom, window)),
      criticalPath_(new CriticalPathHighlight(this)) {
    // The Summary comes first: it is what a trace opens on (device time per step, top operators, findings).
    QDockWidget* summaryDock = addDock(tr("Summary"), QStringLiteral("summaryDock"), summary_);
    addDock(tr("Operator statistics"), QStringLiteral("operatorStatsDock"), stats_);
    addDock(tr("Operator heatmap"), QStringLiteral("heatmapDock"), heatmap_);
    addDock(tr("Bubbles"), QStringLiteral("bubblesDock"), bubbles_);
    addDock(tr("Diagnosis"), QStringLiteral("diagnosisDock"), diagnosis_);
    addDock(tr("Memory"), QStringLiteral("memoryDock"), memory_);
    addDock(tr("Launches"), QStringLiteral("launchesDock"), launches_);
    addDock(tr("Cluster"), QStringLiteral("clusterDock"), cluster_);
    addDock(tr("Communication"), QStringLiteral("communicationDock"), communication_);
    QDockWidget* previous = tabAfter;
    for (QDockWidget* dock : docks_) {
        if (previous) window_->tabifyDockWidget(previous, dock);
        previous = dock;
    }
    summaryDock->raise();
    connect(stats_, &OperatorStatsView::slicesHighlighted, this, &AnalysisDocks::showHighlight);
    connect(stats_, &OperatorStatsView::sliceActivated, this, &AnalysisDocks::sliceActivated);
    connect(heatmap_, &HeatmapView::slicesHighlighted, this, &AnalysisDocks::showHighlight);
    connect(diagnosis_, &DiagnosisView::slicesHighlighted, this, &AnalysisDocks::showHighlight);
    connect(diagnosis_, &DiagnosisView::sliceActivated, this, &AnalysisDocks::sliceActivated);
    connect(memory_, &MemoryView::sliceActivated, this, &AnalysisDocks::sliceActivated);
    connect(launches_, &LaunchView::sliceActivated, this, &AnalysisDocks::sliceActivated);
    connect(timeline_, &TimelineView::sliceSelected, this, &AnalysisDocks::timelineSliceSelected);
}

QDockWidget* AnalysisDocks::addDock(const QString& title, const QString& name, QWidget* view) {
    auto* dock = new QDockWidget(title, window_);
    dock->setObjectName(name); // saveState() needs stable names
    dock->setWidget(view);
    window_->addDockWidget(Qt::BottomDockWidgetArea, dock);
    docks_.push_back(dock);
    entries_.push_back({dock, view, false});
    const std::size_t index = entries_.size() - 1;
    connect(dock, &QDockWidget::visibilityChanged, this, [this, index](bool visible) {
        if (visible) load(entries_[index]);
    });
    return dock;
}

void AnalysisDocks::traceOpened(TraceDocument* document) {
    document_ = document;
    criticalPath_->setDocument(document);
    // The views write the document's one selection model; the timeline shows what it holds.
    if (document_)
        connect(document_->selection(), &SelectionModel::highlightChanged, timeline_, &TimelineView::setSearchResult);
    for (Entry& e : entries_) {
        e.stale = true;
        // A tabified dock that is not the current tab is hidden: it computes once raised.
        if (e.dock->isVisible()) load(e);
    }
}

void AnalysisDocks::load(Entry& entry) {
    if (!entry.stale || !document_) return;
    entry.stale = false;
    setDocumentOf(entry.view, document_);
}

void AnalysisDocks::showHighlight(std::shared_ptr<const SliceSearchResult> slices, int current) {
    if (document_) document_->selection()->highlight(std::move(slices), current);
    else timeline_->setSearchResult(std::move(slices), current);
}

void AnalysisDocks::timelineSliceSelected(qint64 sliceId) {
    if (!sliceId) return;
    stats_->showOperatorOfSlice(sliceId);
    heatmap_->showOperatorOfSlice(sliceId);
}

} // namespace opscope::gui
