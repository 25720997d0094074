// Reads the flows of a document's timeline on a worker, after its first frame: the session loads the
// timeline without them (loadTimelineDeferringFlows), since the first frame draws no arrows and the
// flows of a large trace cost more to read and group than its stored slice layout. One loader per
// document (forDocument), reading once; closing the document drops the read.
#pragma once
#include "core/store/timeline_flows.h"

#include <QObject>

#include <memory>

namespace opscope {

class AsyncJob;
class TraceDocument;

class TimelineFlowLoader : public QObject {
    Q_OBJECT
public:
    // The document's loader, made on first use (a child of the document).
    static TimelineFlowLoader* forDocument(TraceDocument* document);

    // Starts the read unless started; flowsLoaded() follows (at once when read already).
    void load();
    // Null until read.
    const std::shared_ptr<const TimelineFlowSet>& flows() const { return flows_; }

signals:
    void flowsLoaded(std::shared_ptr<const opscope::TimelineFlowSet> flows);

private:
    explicit TimelineFlowLoader(TraceDocument* document);
    TraceDocument* document_;
    AsyncJob* job_ = nullptr;
    std::shared_ptr<const TimelineFlowSet> flows_;
};

} // namespace opscope
