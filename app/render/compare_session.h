// File > Compare With…: opening the second trace (import when needed), computing both traces'
// aggregates and loading the second timeline shifted onto the first's start, all on the thread pool.
#pragma once
#include "core/session/trace_session.h"
#include "core/model/error.h"
#include "widgets/compare/compare_panel.h"

#include <QObject>
#include <QStringList>

#include <memory>
#include <string>

namespace opscope {
class AsyncJob;
}

namespace opscope::gui {

class CompareSession : public QObject {
    Q_OBJECT
public:
    explicit CompareSession(QObject* parent = nullptr);

    // base: the session of the opened trace; baseTimeline may be null (then the session's is used).
    bool start(std::shared_ptr<TraceSession> base, std::shared_ptr<const TimelineData> baseTimeline,
               const QString& baseLabel, const QStringList& newPaths);
    bool isRunning() const { return running_; }
    const CompareInputs& inputs() const { return inputs_; }

signals:
    void finished(bool ok, const QString& message);

private:
    AsyncJob* job_;
    bool running_ = false;
    CompareInputs inputs_;
};

} // namespace opscope::gui
