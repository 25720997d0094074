#include "app/render/compare_session.h"

#include "app/render/import_session.h"
#include "core/session/trace_session.h"
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

bool load(const std::shared_ptr<TraceSession>& base, const std::vector<std::string>& newPaths,
          const std::atomic<bool>* cancel, LoadResult* out) {
    ImportProgress progress;
    progress.cancelFlag = cancel;
    OpenResult opened;
    std::shared_ptr<TraceSession> newer = TraceSession::open(newPaths, OpenOptions{}, progress, &opened, &out->error);
    if (!newer || !base->baseline(BaselineOptions{}, &out->inputs.base, &out->error) ||
        !newer->baseline(BaselineOptions{}, &out->inputs.current, &out->error))
        return false;
    if (!base->profilerSteps(&out->inputs.baseSteps, &out->error) || !newer->profilerSteps(&out->inputs.newSteps, &out->error))
        return false;
    out->inputs.baseSession = base;
    out->inputs.newSession = newer;
    if (!out->inputs.baseTimeline) out->inputs.baseTimeline = base->timeline(&out->error);
    if (!out->inputs.baseTimeline) return false;
    TimeRange newSpan;
    if (!newer->traceSpan(&newSpan, &out->error)) return false;
    out->inputs.newTimeline = newer->shiftedTimeline(out->inputs.baseTimeline->traceRange().startNs - newSpan.startNs,
                                                     &out->error);
    return out->inputs.newTimeline != nullptr;
}

} // namespace

CompareSession::CompareSession(QObject* parent) : QObject(parent), job_(new AsyncJob(this)) {}

bool CompareSession::start(std::shared_ptr<TraceSession> base, std::shared_ptr<const TimelineData> baseTimeline,
                           const QString& baseLabel, const QStringList& newPaths) {
    if (running_ || newPaths.isEmpty() || !base) return false;
    running_ = true;
    auto result = std::make_shared<LoadResult>();
    result->inputs.baseTimeline = std::move(baseTimeline);
    result->inputs.baseLabel = baseLabel;
    result->inputs.newLabel = QFileInfo(newPaths.first()).fileName();
    std::vector<std::string> paths;
    for (const QString& p : newPaths) paths.push_back(p.toStdString());
    job_->start<LoadPtr>(
        [result, base, paths](AsyncJob::CancelFlag cancel) {
            result->ok = load(base, paths, cancel.get(), result.get());
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
