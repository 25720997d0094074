// View > Highlight Critical Path: the critical path of every step (or of one, showStep), computed off the
// GUI thread through the document's session, handed to the shared highlight (its slices outlined, other
// names dimmed) with a one-line summary of what bounds the steps. Off clears the highlight.
#pragma once
#include "core/analysis/launch/critical_path.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <vector>

namespace opscope {

class AnalysisRunner;
class TraceDocument;

class CriticalPathHighlight : public QObject {
    Q_OBJECT
public:
    explicit CriticalPathHighlight(QObject* parent = nullptr);

    void setDocument(TraceDocument* document);
    // On: computes the paths (once per document) and highlights their slices; off: clears the highlight.
    void setEnabled(bool on);
    bool isEnabled() const { return enabled_; }
    bool waitForLoaded(int timeoutMs = 30000);

    const std::vector<CriticalPath>& paths() const { return paths_; }
    // Highlights only ProfilerStep#step's path (-1: every step's, the default).
    void showStep(std::int64_t step);
    std::int64_t shownStep() const { return step_; }
    // The slices of the shown paths' segments (device events, calls, syncs), by id.
    std::vector<std::int64_t> pathSliceIds() const;
    QString summary() const { return summary_; }

signals:
    void summaryChanged(const QString& summary);
    void pathsComputed(); // paths() holds every step's path

private:
    struct Result;
    void compute();
    void take(Result result);
    void apply();

    AnalysisRunner* runner_;
    QPointer<TraceDocument> document_;
    std::vector<CriticalPath> paths_;
    bool enabled_ = false, computed_ = false;
    std::int64_t step_ = -1;
    QString summary_;
};

// "Step 2: path 180ms 0µs: device 80 %, host 17 %, launch 3 %; synchronisation 10µs beside the path": the
// shares of host, launch and device in the path's length (rounded to sum to 100 %, largest first; a part
// that rounds to 0 reads "<1 %"), and the
// time across its synchronisation edges, which weigh 0 in the length, apart (as critical-path --json).
QString criticalPathText(const CriticalPath& path);
// Whole percentages of parts in their total that sum to exactly 100 (largest remainder); all 0 for a 0 total.
std::vector<int> roundedShares(const std::vector<TimeNs>& parts);

} // namespace opscope
