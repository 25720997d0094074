// View > Highlight Critical Path: the critical path of every step, computed off the GUI thread through
// the document's session, handed to the shared highlight (its slices outlined, other names dimmed) with a
// one-line summary of what bounds the steps. Off clears the highlight.
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
    // The slices of every path's segments (device events, calls, syncs), by time.
    std::vector<std::int64_t> pathSliceIds() const;
    QString summary() const { return summary_; }

signals:
    void summaryChanged(const QString& summary);

private:
    struct Result;
    void compute();
    void take(Result result);
    void apply();

    AnalysisRunner* runner_;
    QPointer<TraceDocument> document_;
    std::vector<CriticalPath> paths_;
    bool enabled_ = false, computed_ = false;
    QString summary_;
};

// "Step 2: device 55 %, host 30 %, launch 10 %, sync 5 %": a path's bound shares, largest first.
QString criticalPathText(const CriticalPath& path);

} // namespace opscope
