#include "widgets/common/analysis_runner.h"

#include "widgets/common/error_text.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/trace_document.h"

namespace opscope {

AnalysisRunner::AnalysisRunner(int debounceMs, std::function<void()> recompute, QObject* parent)
    : QObject(parent), job_(new AsyncJob(this)), debounce_(new QTimer(this)), recompute_(std::move(recompute)) {
    debounce_->setSingleShot(true);
    debounce_->setInterval(debounceMs);
    connect(debounce_, &QTimer::timeout, this, [this] { recompute_(); });
}

void AnalysisRunner::setDocument(TraceDocument* document) {
    job_->cancel(); // the previous trace's result must not arrive
    debounce_->stop();
    document_ = document;
}

JobIndicator* AnalysisRunner::makeIndicator(QWidget* parent) { return new JobIndicator(job_, parent); }

void AnalysisRunner::schedule() {
    if (document_) debounce_->start();
}

bool AnalysisRunner::waitForLoaded(int timeoutMs) { return waitForDebouncedJobs(*debounce_, recompute_, timeoutMs); }

QString AnalysisRunner::failureText(const QString& message, const Error& error) {
    if (error.code == ErrorCode::Cancelled) return tr("Cancelled.");
    return message.arg(errorText(error));
}

std::shared_ptr<TraceSession> AnalysisRunner::sessionOf(TraceDocument* document) { return document->session(); }

} // namespace opscope
