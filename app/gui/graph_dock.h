// The Graph dock of the main window: a GraphWorkspace kept in step with the timeline. It imports the
// graph file given with --graph or File > Open Graph (or found next to the trace) into the trace's
// store on a worker, and otherwise shows the store's graph, derived from the trace when there is none.
#pragma once
#include <QDockWidget>
#include <QFutureWatcher>
#include <QPointer>
#include <QStringList>

namespace opscope {
class GraphTimelineLink;
class GraphWorkspace;
class TimelineView;
class TraceDocument;
} // namespace opscope

namespace opscope::gui {

class GraphDock : public QDockWidget {
    Q_OBJECT
public:
    GraphDock(TimelineView* timeline, QWidget* parent);
    ~GraphDock() override;

    GraphWorkspace* workspace() const { return workspace_; }
    // A graph file to import into the next (or the current) trace's store.
    void setGraphPath(const QString& path);
    // Called once a trace is open: imports a pending or neighbouring graph file into the document's store,
    // then (when visible) loads.
    void traceOpened(TraceDocument* document, const QStringList& sources);
    void openGraphDialog();
    // Blocks until any import and load are done (tests).
    void waitForIdle();

signals:
    void graphImported(bool ok, const QString& message);

private:
    struct ImportOutcome {
        bool ok = false;
        QString message;
    };
    void startImport(const QString& graphPath);
    void importFinished();
    void loadIfVisible();

    GraphWorkspace* workspace_;
    GraphTimelineLink* link_;
    QFutureWatcher<ImportOutcome> importWatcher_;
    QPointer<TraceDocument> document_;
    QString pendingGraph_;
    QStringList sources_; // the trace's files: Open Graph starts in their folder
    bool stale_ = true; // the workspace does not show the current store yet
    bool resized_ = false;
};

} // namespace opscope::gui
