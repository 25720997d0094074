#include "widgets/timeline/timeline_flow_loader.h"

#include "core/session/cancel_scope.h"
#include "widgets/common/async_job.h"
#include "widgets/common/trace_document.h"

namespace opscope {

TimelineFlowLoader::TimelineFlowLoader(TraceDocument* document) : QObject(document), document_(document) {
    setObjectName(QStringLiteral("timelineFlowLoader"));
}

TimelineFlowLoader* TimelineFlowLoader::forDocument(TraceDocument* document) {
    if (!document) return nullptr;
    if (auto* loader = document->findChild<TimelineFlowLoader*>(QStringLiteral("timelineFlowLoader"), Qt::FindDirectChildrenOnly))
        return loader;
    return new TimelineFlowLoader(document);
}

void TimelineFlowLoader::load() {
    if (flows_) {
        emit flowsLoaded(flows_);
        return;
    }
    if (job_ || !document_->timeline()) return; // on its way
    job_ = new AsyncJob(this);
    job_->start<std::shared_ptr<const TimelineFlowSet>>(
        [session = document_->session(), timeline = document_->timeline()](AsyncJob::CancelFlag cancel) {
            CancelScope scope(cancel.get());
            std::shared_ptr<const TimelineFlowSet> flows;
            Error error;
            session->query(&error, [&](Database& db) {
                flows = loadTimelineFlows(db, *timeline);
                return true;
            });
            if (!flows) { // unreadable flows: no arrows, rather than "loading" for ever
                auto none = std::make_shared<TimelineFlowSet>();
                none->timeline = timeline.get();
                flows = std::move(none);
            }
            return flows;
        },
        [this](std::shared_ptr<const TimelineFlowSet> flows) {
            flows_ = std::move(flows);
            emit flowsLoaded(flows_);
        });
}

} // namespace opscope
