#include "widgets/launch/critical_path_highlight.h"

#include "widgets/common/analysis_runner.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/common/time_format.h"
#include "widgets/common/trace_document.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <array>
#include <cmath>
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

std::vector<int> roundedShares(const std::vector<TimeNs>& parts) {
    TimeNs total = 0;
    for (TimeNs ns : parts) total = ns > 0 && total <= std::numeric_limits<TimeNs>::max() - ns ? total + ns : total;
    std::vector<int> shares(parts.size(), 0);
    if (total <= 0) return shares;
    std::vector<double> remainder(parts.size(), 0);
    int given = 0;
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const double exact = parts[k] > 0 ? 100.0 * static_cast<double>(parts[k]) / static_cast<double>(total) : 0.0;
        shares[k] = static_cast<int>(std::floor(exact));
        remainder[k] = exact - shares[k];
        given += shares[k];
    }
    std::vector<std::size_t> order(parts.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return remainder[a] > remainder[b]; });
    for (std::size_t i = 0; given < 100 && i < order.size(); ++i, ++given) ++shares[order[i]];
    return shares;
}

QString criticalPathText(const CriticalPath& path) {
    // Shares of the length only: host + launch + device = length; the sync time is beside it, not in it.
    constexpr std::array<PathBound, 3> kInLength{PathBound::Host, PathBound::Launch, PathBound::Device};
    std::vector<TimeNs> parts;
    for (PathBound b : kInLength) parts.push_back(path.boundNs[static_cast<std::size_t>(b)]);
    const std::vector<int> shares = roundedShares(parts);
    std::vector<std::size_t> order(parts.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return parts[a] > parts[b]; });
    QStringList pieces;
    for (std::size_t k : order)
        if (parts[k] > 0 && shares[k] == 0) pieces << CriticalPathHighlight::tr("%1 <1 %").arg(boundLabel(kInLength[k])); // not "0 %"
        else if (parts[k] > 0) pieces << CriticalPathHighlight::tr("%1 %2 %").arg(boundLabel(kInLength[k])).arg(shares[k]);
    QString text = CriticalPathHighlight::tr("Step %1: path %2: %3")
                       .arg(path.step)
                       .arg(formatDuration(path.lengthNs, 1000), pieces.join(QStringLiteral(", ")));
    const TimeNs syncNs = path.boundNs[static_cast<std::size_t>(PathBound::Sync)];
    if (syncNs > 0)
        text = CriticalPathHighlight::tr("%1; %2 %3 beside the path").arg(text, boundLabel(PathBound::Sync), formatDuration(syncNs, 1000));
    return text;
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
    emit pathsComputed();
    if (enabled_) apply();
}

void CriticalPathHighlight::showStep(std::int64_t step) {
    step_ = step;
    if (enabled_ && computed_) apply();
}

std::vector<std::int64_t> CriticalPathHighlight::pathSliceIds() const {
    std::vector<std::int64_t> ids;
    for (const CriticalPath& p : paths_)
        if (step_ < 0 || p.step == step_)
            for (const PathSegment& s : p.segments)
                if (s.sliceId) ids.push_back(s.sliceId);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

void CriticalPathHighlight::apply() {
    if (!document_ || !document_->timeline()) return;
    document_->selection()->highlight(makeSliceHighlight(*document_->timeline(), pathSliceIds(), true), -1);
    auto shown = std::find_if(paths_.begin(), paths_.end(), [&](const CriticalPath& p) { return p.step == step_; });
    if (paths_.empty()) summary_ = tr("No critical path: the trace has no ProfilerStep#N slice.");
    else if (step_ >= 0 && shown == paths_.end()) summary_ = tr("No critical path: the trace has no ProfilerStep#%1 slice.").arg(step_);
    else if (step_ >= 0) summary_ = tr("Critical path of %1").arg(criticalPathText(*shown));
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
