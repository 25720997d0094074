#include "widgets/launch/critical_path_highlight.h"

#include "widgets/common/analysis_runner.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/common/trace_document.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <limits>
#include <numeric>

namespace opscope {

struct CriticalPathHighlight::Result {
    std::vector<CriticalPath> paths;
    Error error;
};

namespace {

QString boundLabel(PathBound bound) {
    switch (bound) {
    case PathBound::Host: return CriticalPathHighlight::tr("host");
    case PathBound::Launch: return CriticalPathHighlight::tr("launch");
    case PathBound::Device: return CriticalPathHighlight::tr("device");
    case PathBound::Sync: return CriticalPathHighlight::tr("synchronisation");
    }
    return {};
}

} // namespace

QString criticalPathText(const CriticalPath& path) {
    TimeNs total = 0;
    for (TimeNs ns : path.boundNs) total = ns > 0 && total <= std::numeric_limits<TimeNs>::max() - ns ? total + ns : total;
    std::vector<std::size_t> order(kPathBoundCount);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return path.boundNs[a] > path.boundNs[b]; });
    QStringList parts;
    for (std::size_t k : order) {
        if (path.boundNs[k] <= 0 || total <= 0) continue;
        const double share = 100.0 * static_cast<double>(path.boundNs[k]) / static_cast<double>(total);
        parts << CriticalPathHighlight::tr("%1 %2 %").arg(boundLabel(static_cast<PathBound>(k))).arg(share, 0, 'f', 0);
    }
    return CriticalPathHighlight::tr("Step %1: %2").arg(path.step).arg(parts.join(QStringLiteral(", ")));
}

CriticalPathHighlight::CriticalPathHighlight(QObject* parent)
    : QObject(parent), runner_(new AnalysisRunner(0, [this] { compute(); }, this)) {}

void CriticalPathHighlight::setDocument(TraceDocument* document) {
    document_ = document;
    runner_->setDocument(document);
    paths_.clear();
    computed_ = false;
    if (enabled_) compute();
}

void CriticalPathHighlight::setEnabled(bool on) {
    enabled_ = on;
    if (!on) {
        if (document_) document_->selection()->highlight(nullptr, -1);
        summary_.clear();
        emit summaryChanged(summary_);
        return;
    }
    if (computed_) apply();
    else compute();
}

void CriticalPathHighlight::compute() {
    if (!runner_->hasDocument()) return;
    runner_->run<Result>(
        [](TraceSession& session) {
            Result r;
            session.criticalPaths({}, &r.paths, &r.error);
            return r;
        },
        [this](Result r) { take(std::move(r)); });
}

void CriticalPathHighlight::take(Result result) {
    if (result.error) {
        summary_ = AnalysisRunner::failureText(tr("Could not compute the critical path: %1"), result.error);
        emit summaryChanged(summary_);
        return;
    }
    paths_ = std::move(result.paths);
    computed_ = true;
    if (enabled_) apply();
}

std::vector<std::int64_t> CriticalPathHighlight::pathSliceIds() const {
    std::vector<std::int64_t> ids;
    for (const CriticalPath& p : paths_)
        for (const PathSegment& s : p.segments)
            if (s.sliceId) ids.push_back(s.sliceId);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

void CriticalPathHighlight::apply() {
    if (!document_ || !document_->timeline()) return;
    document_->selection()->highlight(makeSliceHighlight(*document_->timeline(), pathSliceIds()), -1);
    if (paths_.empty()) summary_ = tr("No critical path: the trace has no ProfilerStep#N slice.");
    else {
        // The step whose path is longest tells most; every step's breakdown is in opscope-cli critical-path.
        const CriticalPath& longest = *std::max_element(paths_.begin(), paths_.end(), [](const CriticalPath& a, const CriticalPath& b) {
            return a.endNs - a.startNs < b.endNs - b.startNs;
        });
        summary_ = tr("Critical path of %n steps; longest: %1", nullptr, static_cast<int>(paths_.size())).arg(criticalPathText(longest));
    }
    emit summaryChanged(summary_);
}

bool CriticalPathHighlight::waitForLoaded(int timeoutMs) { return runner_->waitForLoaded(timeoutMs); }

} // namespace opscope
