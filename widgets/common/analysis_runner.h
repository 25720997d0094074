// The skeleton every analysis view computes through: a debounced recompute, the job on the thread pool with
// its progress strip, a cancel that really stops the worker (the session's queries run under the job's
// CancelScope, so SQLite is interrupted), and the error text of a failed query. Stale results are dropped.
#pragma once
#include "core/session/cancel_scope.h"
#include "core/session/trace_session.h"
#include "widgets/common/async_job.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>

class QWidget;

namespace opscope {

class JobIndicator;
class TraceDocument;

class AnalysisRunner : public QObject {
    Q_OBJECT
public:
    // recompute runs when the debounce timer fires (debounceMs after the last schedule()).
    AnalysisRunner(int debounceMs, std::function<void()> recompute, QObject* parent);

    void setDocument(TraceDocument* document);
    TraceDocument* document() const { return document_; }
    bool hasDocument() const { return document_ != nullptr; }

    AsyncJob* job() const { return job_; }
    QTimer* debounce() const { return debounce_; }
    // A progress strip with a Cancel button for a view's toolbar.
    JobIndicator* makeIndicator(QWidget* parent);

    // Recomputes once the range or options settle.
    void schedule();
    // work(session) runs on the pool under the job's cancel flag; take(result) on the GUI thread if no newer
    // run() or cancel came in between.
    template <class Result>
    void run(std::function<Result(TraceSession&)> work, std::function<void(Result)> take) {
        debounce_->stop();
        if (!document_) return;
        std::shared_ptr<TraceSession> session = sessionOf(document_);
        job_->start<Result>(
            [session, work = std::move(work)](AsyncJob::CancelFlag cancel) {
                CancelScope scope(cancel.get());
                return work(*session);
            },
            std::move(take));
    }
    // Runs a pending recomputation now and waits until the results settle (screenshots, tests).
    bool waitForLoaded(int timeoutMs);

    // The view's translated message ("Could not compute X: %1") with the error's text, or "Cancelled." when
    // the job was cancelled.
    static QString failureText(const QString& message, const Error& error);

private:
    static std::shared_ptr<TraceSession> sessionOf(TraceDocument* document);

    QPointer<TraceDocument> document_;
    AsyncJob* job_;
    QTimer* debounce_;
    std::function<void()> recompute_;
};

} // namespace opscope
