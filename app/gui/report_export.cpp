#include "app/gui/report_export.h"

#include "app/render/import_session.h"
#include "app/render/report_images.h"
#include "app/render/language.h"
#include "app/render/report_translation.h"
#include "core/report/html_report.h"
#include "core/session/cancel_scope.h"
#include "widgets/common/async_job.h"
#include "widgets/common/trace_document.h"

#include <QPointer>

namespace opscope::gui {

struct ReportJobState {
    std::shared_ptr<TraceSession> session;
    QPointer<TraceDocument> document;
    QString outPath;
    ReportData data;
    ReportImages images;
    ReportTranslations translations; // the GUI's language at export time
    std::string language;
    Error error;
    bool ok = false;
};

using StatePtr = std::shared_ptr<ReportJobState>;

ReportExport::ReportExport(QObject* parent) : QObject(parent), job_(new AsyncJob(this)) {}

bool ReportExport::start(TraceDocument* document, const QString& outPath, DiagnosisOptions diagnosis) {
    if (running_ || !document) return false;
    running_ = true;
    auto state = std::make_shared<ReportJobState>();
    state->session = document->session();
    state->document = document;
    state->outPath = outPath;
    job_->start<StatePtr>(
        [state, diagnosis](AsyncJob::CancelFlag cancel) {
            CancelScope scope(cancel.get());
            ReportOptions options;
            options.cancel = cancel.get();
            options.diagnosis = diagnosis;
            state->ok = state->session->report(options, &state->data, &state->error);
            return state;
        },
        [this](StatePtr s) {
            if (!s->ok) return done(false, errorMessage(s->error));
            imagesAndWrite(std::move(s));
        });
    return true;
}

void ReportExport::imagesAndWrite(StatePtr state) {
    state->images = renderReportImages(state->data, state->document.data());
    state->translations = reportStringTable();
    state->language = currentLanguage().toStdString();
    job_->start<StatePtr>(
        [state](AsyncJob::CancelFlag) {
            state->ok = writeHtmlReport(state->outPath.toStdString(), state->data, state->images, &state->error,
                                        state->translations, state->language);
            return state;
        },
        [this](StatePtr s) {
            if (!s->ok) return done(false, tr("Cannot write %1").arg(s->outPath));
            done(true, s->outPath);
        });
}

void ReportExport::cancel() {
    if (!running_) return;
    job_->cancel();
    running_ = false;
}

void ReportExport::done(bool ok, const QString& message) {
    running_ = false;
    emit finished(ok, message);
}

} // namespace opscope::gui
