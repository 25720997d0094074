// Opening a trace without blocking the window (after KDAB hotspot's parser worker): openTrace() and the
// timeline load run on a QtConcurrent worker, progress arrives by queued signal, Cancel raises the flag
// the importer polls, and the GUI thread only takes the finished result.
#pragma once
#include "core/model/error.h"
#include "core/session/trace_session.h"
#include "core/store/timeline_data.h"
#include "core/session/open_trace.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

namespace opscope::gui {

struct LoadedTrace {
    QStringList sources;
    OpenResult open;
    std::shared_ptr<TraceSession> session;
    std::shared_ptr<const TimelineData> timeline;
    Error error; // code None: success
};

class ImportSession : public QObject {
    Q_OBJECT
public:
    explicit ImportSession(QObject* parent = nullptr);
    ~ImportSession() override;

    // Starts opening; false if a session is already running.
    bool start(const QStringList& paths);
    void cancel();
    bool isRunning() const;
    // Blocks until the worker is done (tests, and the window closing while importing).
    void waitForFinished();
    const LoadedTrace& result() const { return result_; }

signals:
    void progress(qint64 bytesRead, qint64 bytesTotal, qint64 events);
    // Several inputs (ranks): one of them moved (stage is an InputProgress::Stage).
    void inputProgress(int index, int count, const QString& path, int stage, qint64 bytesRead, qint64 bytesTotal,
                       qint64 events);
    void finished(bool ok); // result() holds the trace or the error; cancelled runs give ErrorCode::Cancelled

private:
    static LoadedTrace run(QStringList paths, std::atomic<bool>* cancel, ImportSession* self);

    QFutureWatcher<LoadedTrace> watcher_;
    std::atomic<bool> cancel_{false};
    LoadedTrace result_;
};

// One input's line in the import progress dialog: "rank-3.json: parsing 42 %, 1,234 events".
QString inputProgressLine(const QString& path, int stage, qint64 bytesRead, qint64 bytesTotal, qint64 events);

// The importer's error as a translated sentence for a message box.
QString errorMessage(const Error& error);

} // namespace opscope::gui
