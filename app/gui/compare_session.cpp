#include "app/gui/compare_session.h"

#include "app/gui/import_session.h"
#include "core/analysis/store_access.h"
#include "core/store/sqlite_db.h"
#include "core/store/trace_store.h"
#include "widgets/common/async_job.h"
#include "widgets/compare/aligned_timelines.h"

#include <QFileInfo>

namespace opscope::gui {

namespace {

struct LoadResult {
    CompareInputs inputs;
    Error error;
    bool ok = false;
};
using LoadPtr = std::shared_ptr<LoadResult>;

TimeNs traceStartOf(Database& db) {
    try {
        return std::stoll(db.scalarText("SELECT value FROM meta WHERE key = 'trace_start_ns'", "0"));
    } catch (const std::exception&) {
        return 0;
    }
}

bool load(const std::string& baseStore, const std::vector<std::string>& newPaths, const std::atomic<bool>* cancel,
          LoadResult* out) {
    ImportProgress progress;
    progress.cancelFlag = cancel;
    OpenResult opened;
    if (!openTrace(newPaths, OpenOptions{}, progress, &opened, &out->error)) return false;
    Database baseDb, newDb;
    if (!openStoreReadOnly(baseStore, &baseDb, &out->error) || !openStoreReadOnly(opened.storePath, &newDb, &out->error))
        return false;
    if (!computeBaseline(baseDb, BaselineOptions{}, &out->inputs.base, &out->error) ||
        !computeBaseline(newDb, BaselineOptions{}, &out->inputs.current, &out->error))
        return false;
    if (!out->inputs.baseTimeline) out->inputs.baseTimeline = TimelineData::load(baseDb, &out->error);
    if (!out->inputs.baseTimeline) return false;
    TimelineLoadOptions shift;
    shift.globalShiftNs = out->inputs.baseTimeline->traceRange().startNs - traceStartOf(newDb);
    out->inputs.newTimeline = TimelineData::load(newDb, shift, &out->error);
    return out->inputs.newTimeline != nullptr;
}

} // namespace

CompareSession::CompareSession(QObject* parent) : QObject(parent), job_(new AsyncJob(this)) {}

bool CompareSession::start(const std::string& baseStorePath, std::shared_ptr<const TimelineData> baseTimeline,
                           const QString& baseLabel, const QStringList& newPaths) {
    if (running_ || newPaths.isEmpty()) return false;
    running_ = true;
    auto result = std::make_shared<LoadResult>();
    result->inputs.baseTimeline = std::move(baseTimeline);
    result->inputs.baseLabel = baseLabel;
    result->inputs.newLabel = QFileInfo(newPaths.first()).fileName();
    std::vector<std::string> paths;
    for (const QString& p : newPaths) paths.push_back(p.toStdString());
    job_->start<LoadPtr>(
        [result, baseStorePath, paths](AsyncJob::CancelFlag cancel) {
            result->ok = load(baseStorePath, paths, cancel.get(), result.get());
            return result;
        },
        [this](LoadPtr r) {
            running_ = false;
            if (!r->ok) {
                emit finished(false, errorMessage(r->error));
                return;
            }
            inputs_ = std::move(r->inputs);
            emit finished(true, {});
        });
    return true;
}

} // namespace opscope::gui
