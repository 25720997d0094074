#include "widgets/common/trace_document.h"

#include "widgets/common/selection_model.h"

namespace opscope {

TraceDocument::TraceDocument(std::shared_ptr<TraceSession> session, std::shared_ptr<const TimelineData> timeline,
                             QObject* parent)
    : QObject(parent), session_(std::move(session)), timeline_(std::move(timeline)), selection_(new SelectionModel(this)) {}

TraceDocument::~TraceDocument() = default;

TraceDocument* TraceDocument::openStore(const std::string& storePath, QObject* parent, Error* error) {
    std::shared_ptr<TraceSession> session = TraceSession::openStore(storePath, error);
    if (!session) return nullptr;
    std::shared_ptr<const TimelineData> timeline = session->timeline(error);
    if (!timeline) return nullptr;
    return new TraceDocument(std::move(session), std::move(timeline), parent);
}

TimeNs TraceDocument::originNs() const { return timeline_ ? timeline_->traceRange().startNs : 0; }

} // namespace opscope
