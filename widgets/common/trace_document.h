// The opened trace as every view sees it: the core TraceSession (typed queries, safe from worker threads),
// the timeline data built once, and the one selection model the views share. Views receive a document,
// never a store path or a connection.
#pragma once
#include "core/model/error.h"
#include "core/session/trace_session.h"
#include "core/store/timeline_data.h"

#include <QObject>
#include <QString>

#include <memory>
#include <string>

namespace opscope {

class SelectionModel;

class TraceDocument : public QObject {
    Q_OBJECT
public:
    TraceDocument(std::shared_ptr<TraceSession> session, std::shared_ptr<const TimelineData> timeline,
                  QObject* parent = nullptr);
    ~TraceDocument() override;

    // Opens a store and builds its timeline (blocking: tests, screenshots); null with *error on failure.
    static TraceDocument* openStore(const std::string& storePath, QObject* parent, Error* error);

    const std::shared_ptr<TraceSession>& session() const { return session_; }
    const std::shared_ptr<const TimelineData>& timeline() const { return timeline_; }
    SelectionModel* selection() const { return selection_; }
    // The trace start, the origin of the times the views show.
    TimeNs originNs() const;

private:
    std::shared_ptr<TraceSession> session_;
    std::shared_ptr<const TimelineData> timeline_;
    SelectionModel* selection_;
};

} // namespace opscope
