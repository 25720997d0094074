#include "app/render/report_images.h"

#include "app/render/builtin_views.h"
#include "widgets/common/async_job.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/view_registry.h"
#include "widgets/common/view_snapshot.h"
#include "widgets/common/zoom_control.h"
#include "widgets/graph/graph_view.h"
#include "widgets/graph/graph_workspace.h"
#include "widgets/timeline/timeline_view.h"

#include <QWidget>

#include <algorithm>

namespace opscope::gui {

namespace {

// The width the report's column shows images at (CSS pixels), rendered at twice the pixels for
// high-density screens and zooming.
constexpr int kImageWidth = 1150;
constexpr qreal kPixelRatio = 2.0;

ReportImage imageEntry(const char* key, const QImage& image) {
    const qreal ratio = image.devicePixelRatio();
    return {key, encodePng(image), static_cast<int>(image.width() / ratio), static_cast<int>(image.height() / ratio)};
}

// The whole trace at a height that fits every track (up to a cap), as the timeline paints it.
QImage timelineImage(const ViewFactory& factory, TraceDocument* document) {
    ZoomControl zoom;
    std::unique_ptr<QWidget> widget(factory.create({document, &zoom}, nullptr));
    QSize size(kImageWidth, 700);
    renderWidgetImage(widget.get(), size); // lays the tracks out
    if (auto* view = qobject_cast<TimelineView*>(widget.get())) {
        // The frame and the horizontal scroll bar take a little more than the rows themselves.
        const int content = view->layout().contentHeight() + view->layout().pinnedHeight() + TimelineView::kRulerHeight +
                            view->frameWidth() * 2 + 16;
        size.setHeight(std::clamp(content, 240, 1500));
    }
    zoom.fitAll();
    return renderWidgetImage(widget.get(), size, kPixelRatio);
}

// The graph canvas alone (without the workspace's toolbar), fitted, once the layout is done.
QImage graphImage(const ViewFactory& factory, TraceDocument* document, QSize size) {
    ZoomControl zoom;
    if (document->timeline()) zoom.setTraceRange(document->timeline()->traceRange());
    std::unique_ptr<QWidget> widget(factory.create({document, &zoom}, nullptr));
    renderWidgetImage(widget.get(), size);
    auto* workspace = qobject_cast<GraphWorkspace*>(widget.get());
    if (!workspace) {
        waitForAsyncJobs();
        return renderWidgetImage(widget.get(), size, kPixelRatio);
    }
    if (!workspace->waitForLoaded()) return {};
    workspace->view()->fitToView();
    return renderWidgetImage(workspace->view(), {}, kPixelRatio);
}

} // namespace

ReportImages renderReportImages(const ReportData& data, TraceDocument* document) {
    registerBuiltinViews();
    ReportImages images;
    const ViewRegistry& registry = ViewRegistry::instance();
    if (document && document->timeline()) {
        if (const ViewFactory* f = registry.find(QStringLiteral("timeline")))
            images.images.push_back(imageEntry("timeline", timelineImage(*f, document)));
    }
    const QImage heatmap = renderHeatmapImage(data.heatmap, data.summary.startNs, kImageWidth, kPixelRatio);
    if (!heatmap.isNull()) images.images.push_back(imageEntry("heatmap", heatmap));
    if (data.graph && document) {
        if (const ViewFactory* f = registry.find(QStringLiteral("graph")))
            if (const QImage graph = graphImage(*f, document, QSize(kImageWidth, 760)); !graph.isNull())
                images.images.push_back(imageEntry("graph", graph));
    }
    return images;
}

} // namespace opscope::gui
