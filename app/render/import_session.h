// Opening a trace without blocking the window (after KDAB hotspot's parser worker): openTrace() and the
// timeline load run on a QtConcurrent worker, progress arrives by queued signal, Cancel raises the flag
// the importer polls, and the GUI thread only takes the finished result.
#pragma once
#include "core/model/error.h"
#include "core/session/trace_session.h"
#include "core/store/timeline_data.h"
#include "core/session/open_trace.h"
#include "core/store/store_summary.h"

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
    // The store's warnings (read on the worker): the window shows a banner for a "trace_cut_off" one.
    std::vector<StoreWarning> warnings;
    Error error; // code None: success
};

class ImportSession : public QObject {
    Q_OBJECT
public:
    explicit ImportSession(QObject* parent = nullptr);
    ~ImportSession() override;

    // Starts opening; false if a session is already running.
    // keepEventsBeforeCut: a trace cut off inside an event opens up to the cut (OpenOptions).
    bool start(const QStringList& paths, bool keepEventsBeforeCut = false);
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
    // The reading is done and a finishing stage started: a FinishStage (core/store/finish_stages.h), or
    // kLoadingTimeline for the timeline load that follows them.
    void finishStage(int stage);
    void finished(bool ok); // result() holds the trace or the error; cancelled runs give ErrorCode::Cancelled

private:
    static LoadedTrace run(QStringList paths, bool keepEventsBeforeCut, std::atomic<bool>* cancel, ImportSession* self);

    QFutureWatcher<LoadedTrace> watcher_;
    std::atomic<bool> cancel_{false};
    LoadedTrace result_;
};

// One input's line in the import progress dialog: "rank-3.json: parsing 42 %, 1,234 events".
QString inputProgressLine(const QString& path, int stage, qint64 bytesRead, qint64 bytesTotal, qint64 events);

// The stage after the store's own: the timeline is read for the view (ImportSession::finishStage).
inline constexpr int kLoadingTimeline = 100;
// A finishing stage (FinishStage or kLoadingTimeline) as the progress dialog names it: "Building indices…".
QString finishStageText(int stage);

// The importer's error as a translated sentence for a message box.
QString errorMessage(const Error& error);

} // namespace opscope::gui
