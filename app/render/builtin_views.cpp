#include "app/render/builtin_views.h"

#include "widgets/bubbles/bubble_view.h"
#include "widgets/common/trace_document.h"
#include "widgets/cluster/cluster_view.h"
#include "widgets/cluster/communication_view.h"
#include "widgets/common/view_registry.h"
#include "widgets/diagnosis/diagnosis_view.h"
#include "widgets/graph/graph_workspace.h"
#include "widgets/heatmap/heatmap_view.h"
#include "widgets/launch/critical_path_view.h"
#include "widgets/launch/launch_view.h"
#include "widgets/memory/memory_view.h"
#include "widgets/summary/summary_view.h"
#include "widgets/operators/operator_stats_view.h"
#include "widgets/timeline/timeline_flow_loader.h"
#include "widgets/timeline/timeline_view.h"

#include <QCoreApplication>

namespace opscope::gui {

namespace {

// The analysis views compute on workers; their waitForLoaded() lets the screenshot command wait for them.
template <class View>
QWidget* makeAnalysisView(const ViewContext& context, QWidget* parent) {
    auto* view = new View(context.zoom, parent);
    view->setDocument(context.document);
    return view;
}

QWidget* makeDiagnosisView(const ViewContext& context, QWidget* parent, DiagnosisView::Page page) {
    auto* view = makeAnalysisView<DiagnosisView>(context, parent);
    static_cast<DiagnosisView*>(view)->setPage(page);
    return view;
}

void registerAnalysisViews(ViewRegistry& registry) {
    registry.add({QStringLiteral("summary"), QCoreApplication::translate("Views", "Summary"), &makeAnalysisView<SummaryView>});
    registry.add({QStringLiteral("stats"), QCoreApplication::translate("Views", "Operator statistics"), &makeAnalysisView<OperatorStatsView>});
    registry.add({QStringLiteral("heatmap"), QCoreApplication::translate("Views", "Operator heatmap"), &makeAnalysisView<HeatmapView>});
    registry.add({QStringLiteral("bubbles"), QCoreApplication::translate("Views", "Bubbles"), &makeAnalysisView<BubbleView>});
    registry.add({QStringLiteral("memory"), QCoreApplication::translate("Views", "Memory"), &makeAnalysisView<MemoryView>});
    registry.add({QStringLiteral("launches"), QCoreApplication::translate("Views", "Launches"), &makeAnalysisView<LaunchView>});
    // The timeline zoomed to one step with its critical path outlined (screenshot --step N picks the step).
    registry.add({QStringLiteral("critical-path"), QCoreApplication::translate("Views", "Critical path"),
                  [](const ViewContext& c, QWidget* p) -> QWidget* {
                      auto* view = new CriticalPathView(c.zoom, p);
                      view->setDocument(c.document, c.step);
                      return view;
                  }});
    registry.add({QStringLiteral("cluster"), QCoreApplication::translate("Views", "Cluster summary"), &makeAnalysisView<ClusterView>});
    registry.add({QStringLiteral("communication"), QCoreApplication::translate("Views", "Communication"), &makeAnalysisView<CommunicationView>});
    registry.add({QStringLiteral("findings"), QCoreApplication::translate("Views", "Diagnosis"), [](const ViewContext& c, QWidget* p) {
                      return makeDiagnosisView(c, p, DiagnosisView::Page::Findings);
                  }});
    registry.add({QStringLiteral("roofline"), QCoreApplication::translate("Views", "Roofline"), [](const ViewContext& c, QWidget* p) {
                      return makeDiagnosisView(c, p, DiagnosisView::Page::Roofline);
                  }});
    registry.add({QStringLiteral("phases"), QCoreApplication::translate("Views", "Phase comparison"), [](const ViewContext& c, QWidget* p) {
                      return makeDiagnosisView(c, p, DiagnosisView::Page::Phases);
                  }});
}

} // namespace

void registerBuiltinViews() {
    static bool done = false;
    if (done) return;
    done = true;
    ViewRegistry& registry = ViewRegistry::instance();
    registry.add({QStringLiteral("timeline"), QCoreApplication::translate("Views", "Timeline"),
                  [](const ViewContext& context, QWidget* parent) -> QWidget* {
                      auto* view = new TimelineView(context.zoom, parent);
                      // The session's timeline comes without its flows: read when arrows are first wanted.
                      view->setData(context.document->timeline(), true);
                      TimelineFlowLoader* flows = TimelineFlowLoader::forDocument(context.document);
                      view->setFlows(flows->flows());
                      QObject::connect(flows, &TimelineFlowLoader::flowsLoaded, view, &TimelineView::setFlows);
                      QObject::connect(view, &TimelineView::flowsWanted, flows, &TimelineFlowLoader::load);
                      return view;
                  }});
    // The computation graph of the store (derived from the trace when the store has none); loads on a
    // worker, so callers that need it drawn at once call its waitForLoaded() (the screenshot command does).
    registry.add({QStringLiteral("graph"), QCoreApplication::translate("Views", "Graph"),
                  [](const ViewContext& context, QWidget* parent) -> QWidget* {
                      auto* view = new GraphWorkspace(parent);
                      view->setDocument(context.document);
                      return view;
                  }});
    registerAnalysisViews(registry);
}

} // namespace opscope::gui
