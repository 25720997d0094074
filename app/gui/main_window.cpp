#include "app/gui/main_window.h"

#include "app/gui/analysis_docks.h"
#include "app/gui/cut_banner.h"
#include "app/gui/dock_heights.h"
#include "app/gui/graph_dock.h"
#include "app/render/import_session.h"
#include "app/gui/keyboard_routing.h"
#include "app/gui/main_window_decor.h"
#include "app/gui/search_panel.h"
#include "app/gui/selection_stats_panel.h"
#include "core/store/slice_details.h"
#include "widgets/cluster/cluster_view.h"
#include "widgets/common/lane_names.h"
#include "widgets/common/time_format.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/details/details_panel.h"
#include "widgets/timeline/timeline_flow_loader.h"
#include "widgets/timeline/timeline_view.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>
#include <utility>

namespace opscope::gui {

namespace {
constexpr int kBottomDockMinHeight = 120; // a title, a tab bar and a few table rows
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), zoom_(new ZoomControl(this)), timeline_(new TimelineView(zoom_, this)),
      session_(new ImportSession(this)) {
    setObjectName(QStringLiteral("MainWindow"));
    setCentralWidget(timeline_);
    setAcceptDrops(true);
    createDocks();
    createMenus();
    createStatusBar();
    connectViews();
    connect(session_, &ImportSession::progress, this, &MainWindow::importProgress);
    connect(session_, &ImportSession::inputProgress, this, &MainWindow::importInputProgress);
    connect(session_, &ImportSession::finishStage, this, &MainWindow::importFinishStage);
    connect(session_, &ImportSession::finished, this, &MainWindow::importFinished);
    resize(1500, 900);
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray())) {
        // First start: the timeline gets most of the height (once laid out, so the sizes hold).
        QTimer::singleShot(0, this, [this] {
            resizeDocks({findChild<QDockWidget*>(QStringLiteral("detailsDock")),
                         findChild<QDockWidget*>(QStringLiteral("searchDock"))},
                        {220, search_->sizeHint().height()}, Qt::Vertical);
        });
    }
    decorateMainWindow(this); // Settings, Theme, Help, toolbar, icons; after every menu exists
    // After the main toolbar, on a row of its own; after restoreState, so that a saved state never shows it.
    cutBanner_ = new CutBanner(this);
    addToolBarBreak(Qt::TopToolBarArea);
    addToolBar(Qt::TopToolBarArea, cutBanner_);
    cutBanner_->hide();
    updateTitle();
}

MainWindow::~MainWindow() = default;

void MainWindow::createDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name); // saveState() needs stable names
        d->setWidget(content);
        addDockWidget(area, d);
        return d;
    };
    search_ = new SearchPanel(this);
    QDockWidget* searchDock = dock(tr("Search"), QStringLiteral("searchDock"), search_, Qt::TopDockWidgetArea);
    searchDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable);
    installSearchShortcuts(this, searchDock, search_);
    new TimelineKeyRouter(this, timeline_);
    details_ = new DetailsPanel(this);
    dock(tr("Details"), QStringLiteral("detailsDock"), details_, Qt::BottomDockWidgetArea);
    stats_ = new SelectionStatsPanel(this);
    QDockWidget* statsDock = dock(tr("Selection statistics"), QStringLiteral("statsDock"), stats_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(findChild<QDockWidget*>(QStringLiteral("detailsDock")), statsDock);
    graphDock_ = new GraphDock(timeline_, this); // the computation graph, in step with the timeline
    addDockWidget(Qt::BottomDockWidgetArea, graphDock_);
    tabifyDockWidget(statsDock, graphDock_);
    analysis_ = new AnalysisDocks(this, timeline_, zoom_, graphDock_); // statistics, heatmap, bubbles, diagnosis
    // Rank clock offsets typed in the cluster view's dialog: the shown clock follows at once.
    connect(analysis_->cluster(), &ClusterView::clockOffsetsChanged, this, &MainWindow::reloadJobClock);
    findChild<QDockWidget*>(QStringLiteral("detailsDock"))->raise();
    // Tabbed docks are as tall as the tallest minimum among them (the bubbles' two plots ask for
    // ~420 px), which kept the bottom area from being made short. Below their comfortable size the
    // views squeeze.
    for (QDockWidget* d : findChildren<QDockWidget*>())
        if (dockWidgetArea(d) == Qt::BottomDockWidgetArea && d->widget()) d->widget()->setMinimumHeight(kBottomDockMinHeight);
    new DockHeightMemory(this, {QStringLiteral("bubblesDock")}); // each tab its height; the bubbles' four panels room
}

void MainWindow::createStatusBar() {
    cursorLabel_ = new QLabel(this);
    selectionLabel_ = new QLabel(this);
    infoLabel_ = new QLabel(this);
    cursorLabel_->setMinimumWidth(160);
    cursorLabel_->setToolTip(tr("Time under the mouse cursor in the timeline"));
    selectionLabel_->setToolTip(tr("Selected time range and its duration (drag on the ruler to measure)"));
    infoLabel_->setToolTip(tr("What the open trace holds and how it was opened"));
    statusBar()->addWidget(infoLabel_, 1);
    statusBar()->addPermanentWidget(selectionLabel_);
    statusBar()->addPermanentWidget(cursorLabel_);
}

void MainWindow::connectViews() {
    connect(timeline_, &TimelineView::sliceSelected, this, &MainWindow::showSlice);
    connect(timeline_, &TimelineView::regionSelected, this, &MainWindow::regionSelected);
    connect(details_, &DetailsPanel::jumpToSlice, this, &MainWindow::jumpToSlice);
    connect(analysis_, &AnalysisDocks::sliceActivated, this, [this](qint64 id) { revealSlice(id, DetailsTab::Keep); });
    connect(timeline_, &TimelineView::cursorTimeChanged, this, [this](bool valid, qint64 timeNs) {
        if (!valid || !data_) {
            cursorLabel_->clear();
            return;
        }
        const TimeNs origin = timeline_->absoluteTime() ? 0 : data_->traceRange().startNs;
        cursorLabel_->setText(tr("Cursor: %1").arg(formatTimeAtZoom(timeNs - origin, timeline_->mapper().pxToDurNs(1))));
    });
    connect(zoom_, &ZoomControl::selectionChanged, this, &MainWindow::updateSelectionLabel);
    connect(search_, &SearchPanel::resultChanged, this,
            [this](std::shared_ptr<const SliceSearchResult> r) { timeline_->setSearchResult(std::move(r)); });
    connect(search_, &SearchPanel::matchActivated, this, [this](const SliceMatch& match, int index) {
        timeline_->setSearchResult(search_->result(), index);
        jumpToSlice(match.sliceId);
    });
}

void MainWindow::openPaths(const QStringList& paths) { startImport(paths, false); }

void MainWindow::startImport(const QStringList& paths, bool keepEventsBeforeCut) {
    if (paths.isEmpty()) return;
    if (session_->isRunning()) {
        QMessageBox::information(this, tr("Import running"), tr("Wait for the current import to finish or cancel it."));
        return;
    }
    pendingPaths_ = paths;
    progress_ = new QProgressDialog(tr("Opening %1…").arg(QFileInfo(paths.first()).fileName()), tr("Cancel"), 0, 0, this);
    progress_->setWindowTitle(tr("Opening trace"));
    progress_->setWindowModality(Qt::WindowModal);
    progress_->setMinimumDuration(300);
    progress_->setAutoClose(false);
    progress_->setAutoReset(false);
    connect(progress_, &QProgressDialog::canceled, session_, &ImportSession::cancel);
    progressHeadline_.clear();
    inputLines_.clear();
    importKeepsCut_ = keepEventsBeforeCut;
    session_->start(paths, keepEventsBeforeCut);
}

void MainWindow::waitForImport() {
    session_->waitForFinished();
    QCoreApplication::sendPostedEvents(); // the watcher's finished signal, queued to this thread
    QCoreApplication::processEvents();
}

void MainWindow::importProgress(qint64 bytes, qint64 total, qint64 events) {
    if (!progress_) return;
    // A finishing stage shows (a busy bar with its name): the input's closing "all read" must not bring
    // the full bar back over it.
    const bool finishing = progress_->maximum() == 0 && !progressHeadline_.isEmpty();
    if (finishing && bytes >= total) return;
    QLocale locale;
    if (total > 0) {
        progress_->setMaximum(1000);
        progress_->setValue(static_cast<int>(std::min<qint64>(1000, bytes * 1000 / total)));
    }
    progressHeadline_ = tr("Read %1 of %2, %3 events")
                            .arg(locale.formattedDataSize(bytes), total > 0 ? locale.formattedDataSize(total) : tr("?"),
                                 locale.toString(events));
    updateProgressLabel();
}

void MainWindow::importFinishStage(int stage) {
    if (!progress_) return;
    // No percentage for these: a busy bar that names the stage, never a full bar that seems stuck.
    progress_->setRange(0, 0);
    progressHeadline_ = finishStageText(stage);
    updateProgressLabel();
}

void MainWindow::importInputProgress(int index, int count, const QString& path, int stage, qint64 bytes, qint64 total,
                                     qint64 events) {
    if (!progress_ || index < 0 || index >= count) return;
    if (inputLines_.size() != count) inputLines_ = QStringList(count);
    inputLines_[index] = inputProgressLine(path, stage, bytes, total, events);
    updateProgressLabel();
}

void MainWindow::updateProgressLabel() {
    if (!progress_) return;
    // One line per input (rank) under the overall one, so that a slow or failed rank shows which it is.
    QStringList lines;
    if (!progressHeadline_.isEmpty()) lines << progressHeadline_;
    for (const QString& line : inputLines_)
        if (!line.isEmpty()) lines << line;
    if (!lines.isEmpty()) progress_->setLabelText(lines.join(QLatin1Char('\n')));
}

void MainWindow::importFinished(bool ok) {
    if (progress_) {
        // Hidden now: a deferred delete would wait for the error box's own event loop to end, leaving
        // the progress dialog over the message.
        progress_->hide();
        progress_->deleteLater();
        progress_ = nullptr;
    }
    const LoadedTrace& r = session_->result();
    if (!ok) {
        if (r.error.code == ErrorCode::Truncated && !importKeepsCut_) return offerOpenUpToCut(r.error);
        if (r.error.code != ErrorCode::Cancelled) QMessageBox::critical(this, tr("Cannot open trace"), errorMessage(r.error));
        else statusBar()->showMessage(tr("Import cancelled."), 5000);
        emit traceLoaded(false);
        return;
    }
    data_ = r.timeline;
    storePath_ = r.open.storePath;
    sources_ = r.sources;
    TraceDocument* previous = std::exchange(document_, new TraceDocument(r.session, data_, this));
    graphDock_->traceOpened(document_, sources_);
    lastRegion_ = {};
    // The session's timeline comes without its flows: they are read after the first frame, on a worker,
    // and the timeline says "Loading flows…" if they are wanted before they come.
    timeline_->setData(data_, true);
    connect(TimelineFlowLoader::forDocument(document_), &TimelineFlowLoader::flowsLoaded, timeline_, &TimelineView::setFlows);
    analysis_->traceOpened(document_);
    if (previous) previous->deleteLater(); // after every view moved to the new one
    search_->setData(data_);
    cutBanner_->showFor(r.warnings);
    stats_->setDocument(document_);
    details_->clear();
    addRecent(r.sources);
    updateTitle();
    QLocale locale;
    const QString how = r.open.reused ? tr("reused store") : tr("imported %1 events in %2 s").arg(locale.toString(static_cast<qlonglong>(r.open.events))).arg(r.open.wallSeconds, 0, 'f', 1);
    infoLabel_->setText(tr("%1 slices on %2 tracks (%3)")
                            .arg(locale.toString(static_cast<qlonglong>(data_->slices().size())))
                            .arg(timeline_->visibleTrackCount())
                            .arg(how));
    if (timeline_->firstViewOutliers() > 0)
        statusBar()->showMessage(tr("%n slice(s) lie far from the rest (up to %1 away) and are left out of the first "
                                    "view; Fit All (F) shows them.", nullptr, static_cast<int>(timeline_->firstViewOutliers()))
                                     .arg(formatDuration(timeline_->firstViewFarthestNs())),
                                 15000);
    else if (r.open.summary.warnings > 0)
        statusBar()->showMessage(tr("%n oddities counted during import (see opscope-cli info)", nullptr,
                                    static_cast<int>(r.open.summary.warnings)), 10000);
    startDeviceAlignment(); // multi-device traces: offsets computed off the GUI thread (main_window_export.cpp)
    TimelineFlowLoader::forDocument(document_)->load();
    emit traceLoaded(true);
}

void MainWindow::offerOpenUpToCut(const Error& error) {
    const QStringList paths = pendingPaths_;
    QMessageBox box(QMessageBox::Critical, tr("Cannot open trace"),
                    errorMessage(error) + QStringLiteral("\n\n") +
                        tr("The file stops inside an event, as the dump of a job that crashed does. opscope can "
                           "open the events before the cut, with a banner saying where it was cut."),
                    QMessageBox::Close, this);
    QPushButton* open = box.addButton(tr("Open up to the cut"), QMessageBox::AcceptRole);
    box.setDefaultButton(open);
    box.exec();
    const bool wanted = box.clickedButton() == open;
    emit traceLoaded(false); // this attempt failed either way; a second one may follow
    if (wanted) startImport(paths, true);
}

void MainWindow::showSlice(qint64 sliceId) { showSliceDetails(sliceId, DetailsTab::Raise); }

void MainWindow::showSliceDetails(qint64 sliceId, DetailsTab tab) {
    if (!sliceId || !document_) {
        details_->clear();
        return;
    }
    SliceDetails d;
    Error error;
    if (!document_->session()->sliceDetails(sliceId, &d, &error)) {
        details_->clear();
        if (error) statusBar()->showMessage(errorMessage(error), 5000);
        return;
    }
    // Details show the slice on the same clock as the timeline (aligned ranks keep their shift).
    if (const TimelineData* shown = timeline_->data())
        if (const int index = shown->trackIndexOf(d.trackId); index >= 0) {
            const TimelineTrack& track = shown->tracks()[static_cast<std::size_t>(index)];
            d.tsNs += track.clockShiftNs;
            d.trackName = laneTitle(*shown, track).toStdString(); // the lane's name as the timeline shows it
        }
    // Launches both ways: a failure here leaves the slice's own details shown.
    SliceLaunchDetails launch;
    const bool hasLaunch = document_->session()->sliceLaunchDetails(sliceId, &launch, &error);
    details_->showSlice(d, data_ ? data_->traceRange().startNs : 0, hasLaunch ? &launch : nullptr);
    if (tab == DetailsTab::Keep) return;
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("detailsDock"))) dock->raise();
}

void MainWindow::jumpToSlice(qint64 sliceId) { revealSlice(sliceId, DetailsTab::Raise); }

void MainWindow::revealSlice(qint64 sliceId, DetailsTab tab) {
    timeline_->setSelectedSlice(sliceId);
    timeline_->revealSlice(sliceId);
    showSliceDetails(sliceId, tab);
}

void MainWindow::regionSelected(qint64 startNs, qint64 endNs, const QVector<qint64>& trackIds) {
    if (!computeRegionStats(startNs, endNs, trackIds)) return;
    if (auto* dock = findChild<QDockWidget*>(QStringLiteral("statsDock"))) dock->raise();
}

bool MainWindow::computeRegionStats(qint64 startNs, qint64 endNs, const QVector<qint64>& trackIds) {
    const TimelineData* shown = timeline_->data();
    if (!shown) return false;
    lastRegion_ = {startNs, endNs, trackIds, true};
    std::vector<SelectionTrack> tracks;
    for (qint64 id : trackIds) {
        SelectionTrack t{id, -1};
        const int index = shown->trackIndexOf(id);
        if (index >= 0) {
            // The region is in shown (aligned) time; the store's slices are not.
            t.clockOffsetNs = shown->tracks()[static_cast<std::size_t>(index)].clockShiftNs;
            t.maxDurNs = 0;
            for (const DepthRun& run : shown->tracks()[static_cast<std::size_t>(index)].depths)
                t.maxDurNs = std::max(t.maxDurNs, run.maxDurNs);
        }
        tracks.push_back(t);
    }
    stats_->compute({startNs, endNs}, std::move(tracks));
    return true;
}

void MainWindow::updateTitle() {
    if (sources_.isEmpty()) {
        setWindowTitle(tr("opscope"));
        return;
    }
    QString name = QFileInfo(sources_.first()).fileName();
    if (sources_.size() > 1) name = tr("%1 and %2 more").arg(name).arg(sources_.size() - 1);
    setWindowTitle(tr("%1 — opscope").arg(name));
}

void MainWindow::updateSelectionLabel() {
    if (!zoom_->hasSelection() || !data_) {
        selectionLabel_->clear();
        return;
    }
    const TimeRange s = zoom_->selection();
    const TimeNs origin = timeline_->absoluteTime() ? 0 : data_->traceRange().startNs;
    selectionLabel_->setText(tr("Selection: %1 – %2 (%3)")
                                 .arg(formatTimeOffset(s.startNs - origin, 1000), formatTimeOffset(s.endNs - origin, 1000),
                                      formatDuration(s.durationNs())));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    session_->cancel();
    session_->waitForFinished();
    QMainWindow::closeEvent(event);
}

} // namespace opscope::gui
