#include "widgets/launch/critical_path_view.h"

#include "widgets/common/selection_model.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/launch/critical_path_highlight.h"
#include "widgets/timeline/timeline_flow_loader.h"
#include "widgets/timeline/timeline_view.h"

#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace opscope {

CriticalPathView::CriticalPathView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), timeline_(new TimelineView(zoom, this)), summary_(new QLabel(this)),
      highlight_(new CriticalPathHighlight(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(timeline_, 1);
    summary_->setContentsMargins(6, 3, 6, 3);
    summary_->setWordWrap(true);
    summary_->setText(tr("Computing the critical path…"));
    layout->addWidget(summary_);
    connect(highlight_, &CriticalPathHighlight::summaryChanged, summary_, &QLabel::setText);
    connect(highlight_, &CriticalPathHighlight::pathsComputed, this, &CriticalPathView::showComputedStep);
}

void CriticalPathView::setDocument(TraceDocument* document, std::int64_t step) {
    requestedStep_ = step;
    timeline_->setData(document ? document->timeline() : nullptr, true); // the session's: flows come later
    if (document) {
        // The selected slice's arrows: the flows are read when first wanted, once per document.
        TimelineFlowLoader* flows = TimelineFlowLoader::forDocument(document);
        timeline_->setFlows(flows->flows());
        connect(flows, &TimelineFlowLoader::flowsLoaded, timeline_, &TimelineView::setFlows, Qt::UniqueConnection);
        connect(timeline_, &TimelineView::flowsWanted, flows, &TimelineFlowLoader::load, Qt::UniqueConnection);
    }
    if (document)
        connect(document->selection(), &SelectionModel::highlightChanged, timeline_, &TimelineView::setSearchResult,
                Qt::UniqueConnection);
    highlight_->setDocument(document);
    highlight_->setEnabled(document != nullptr);
}

bool CriticalPathView::waitForLoaded(int timeoutMs) { return highlight_->waitForLoaded(timeoutMs); }

std::int64_t CriticalPathView::shownStep() const { return highlight_->shownStep(); }

// Picks the step (the requested one, or the first whose path reaches the device: an early step often holds
// only the profiler's warm-up on the host) and zooms the timeline to it.
void CriticalPathView::showComputedStep() {
    const std::vector<CriticalPath>& paths = highlight_->paths();
    auto shown = std::find_if(paths.begin(), paths.end(), [&](const CriticalPath& p) { return p.step == requestedStep_; });
    if (requestedStep_ < 0) {
        shown = std::find_if(paths.begin(), paths.end(), [](const CriticalPath& p) {
            return p.boundNs[static_cast<std::size_t>(PathBound::Device)] > 0;
        });
        if (shown == paths.end()) shown = paths.begin();
    }
    highlight_->showStep(shown != paths.end() ? shown->step : requestedStep_);
    if (shown == paths.end()) return;
    // A margin of 2 % on each side keeps the path's first and last slices off the edges.
    const TimeNs marginNs = std::max<TimeNs>(1, (shown->endNs - shown->startNs) / 50);
    zoom_->setVisibleRange({shown->startNs - marginNs, shown->endNs + marginNs});
}

} // namespace opscope
