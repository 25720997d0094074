#include "app/gui/graph_dock.h"

#include "app/render/import_session.h"
#include "app/gui/recent_files.h"

#include "core/importers/graph/graph_import.h"
#include "core/session/trace_session.h"
#include "widgets/common/trace_document.h"
#include "widgets/graph/graph_timeline_link.h"
#include "widgets/graph/graph_workspace.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMainWindow>
#include <QMessageBox>
#include <QtConcurrent/QtConcurrentRun>

namespace opscope::gui {

GraphDock::GraphDock(TimelineView* timeline, QWidget* parent)
    : QDockWidget(tr("Graph"), parent), workspace_(new GraphWorkspace(this)),
      link_(new GraphTimelineLink(workspace_, timeline, this)) {
    setObjectName(QStringLiteral("graphDock")); // saveState() needs a stable name
    setWidget(workspace_);
    connect(&importWatcher_, &QFutureWatcher<ImportOutcome>::finished, this, &GraphDock::importFinished);
    connect(this, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (visible) loadIfVisible();
    });
}

GraphDock::~GraphDock() { importWatcher_.waitForFinished(); }

void GraphDock::setGraphPath(const QString& path) {
    pendingGraph_ = path;
    if (document_) startImport(path);
}

void GraphDock::traceOpened(TraceDocument* document, const QStringList& sources) {
    importWatcher_.waitForFinished(); // an import into the previous store ends first
    document_ = document;
    sources_ = sources;
    stale_ = true;
    workspace_->closeStore(); // nothing of the previous trace's graph stays, shown or not
    if (!document) return;
    QString graph = pendingGraph_;
    Error error; // a store whose graph tables cannot be read gets the neighbouring file
    if (graph.isEmpty() && !sources.isEmpty() && !document->session()->hasFileGraph(&error))
        graph = QString::fromStdString(findGraphBeside(sources.first().toStdString()));
    if (!graph.isEmpty()) startImport(graph);
    else loadIfVisible();
}

void GraphDock::openGraphDialog() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open graph"), traceFolder(sources_),
        tr("Graphs (*.json *.json.gz *.txt);;opscope graph (*.graph.json);;PyTorch Execution Trace (*_et.json *.et.json *.json.gz);;"
           "CANN offline model (*.om.json);;GE graph dump (ge_proto_*.txt);;All files (*)"));
    if (path.isEmpty()) return;
    if (!document_) {
        pendingGraph_ = path; // imported when a trace opens
        return;
    }
    startImport(path);
}

void GraphDock::startImport(const QString& graphPath) {
    if (!document_) return;
    importWatcher_.waitForFinished();
    pendingGraph_.clear();
    show();
    raise();
    // A graph needs room: give the dock area almost half of the window the first time.
    if (auto* window = qobject_cast<QMainWindow*>(parentWidget()); window && !resized_) {
        resized_ = true;
        window->resizeDocks({this}, {window->height() * 45 / 100}, Qt::Vertical);
    }
    std::shared_ptr<TraceSession> session = document_->session();
    const std::string graph = graphPath.toStdString();
    importWatcher_.setFuture(QtConcurrent::run([session, graph] {
        GraphImportReport report;
        Error error;
        ImportOutcome out;
        out.ok = session->importGraph(graph, &report, &error);
        out.message = out.ok ? QCoreApplication::translate("GraphDock", "Graph: %1 nodes, %2 of them joined to executions (%3%)")
                                   .arg(report.nodes)
                                   .arg(report.joinedNodes)
                                   .arg(report.joinRate() * 100.0, 0, 'f', 1)
                             : errorMessage(error); // the same sentence a bad trace gets
        const int ambiguous = static_cast<int>(report.ambiguousNames.size()); // a plain int: lupdate misreads casts
        if (out.ok && ambiguous > 0)
            out.message += QCoreApplication::translate(
                                   "GraphDock", "; %n trace name(s) ambiguous (an original name of several nodes), joined to none: %1",
                                   nullptr, ambiguous)
                               .arg(QString::fromStdString(report.ambiguousNames.front()));
        return out;
    }));
}

void GraphDock::importFinished() {
    const ImportOutcome out = importWatcher_.result();
    emit graphImported(out.ok, out.message);
    if (!out.ok) QMessageBox::warning(this, tr("Cannot open graph"), out.message);
    stale_ = true;
    loadIfVisible();
}

void GraphDock::loadIfVisible() {
    if (!stale_ || !document_ || importWatcher_.isRunning() || !isVisible()) return;
    stale_ = false;
    workspace_->setDocument(document_);
}

void GraphDock::waitForIdle() {
    importWatcher_.waitForFinished();
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    workspace_->waitForLoaded();
}

} // namespace opscope::gui
