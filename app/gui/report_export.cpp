#include "app/gui/report_export.h"

#include "app/gui/import_session.h"
#include "app/gui/report_images.h"
#include "app/gui/language.h"
#include "app/gui/report_translation.h"
#include "core/analysis/store_access.h"
#include "core/report/html_report.h"
#include "core/store/sqlite_db.h"
#include "widgets/common/async_job.h"

namespace opscope::gui {

struct ReportJobState {
    std::string storePath;
    std::shared_ptr<const TimelineData> timeline;
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

bool ReportExport::start(const std::string& storePath, std::shared_ptr<const TimelineData> timeline, const QString& outPath) {
    if (running_) return false;
    running_ = true;
    auto state = std::make_shared<ReportJobState>();
    state->storePath = storePath;
    state->timeline = std::move(timeline);
    state->outPath = outPath;
    job_->start<StatePtr>(
        [state](AsyncJob::CancelFlag cancel) {
            Database db;
            ReportOptions options;
            options.cancel = cancel.get();
            state->ok = openStoreReadOnly(state->storePath, &db, &state->error) &&
                        collectReportData(db, options, &state->data, &state->error);
            return state;
        },
        [this](StatePtr s) {
            if (!s->ok) return done(false, errorMessage(s->error));
            imagesAndWrite(std::move(s));
        });
    return true;
}

void ReportExport::imagesAndWrite(StatePtr state) {
    state->images = renderReportImages(state->data, state->storePath, state->timeline);
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
