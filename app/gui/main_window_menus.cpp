// MainWindow menus and the actions behind them: open (file, folder, recent, drop), export image, view toggles.
#include "app/gui/main_window.h"
#include "app/gui/recent_files.h"

#include "app/gui/app_icons.h"
#include "app/gui/analysis_docks.h"
#include "app/render/app_settings.h"
#include "app/gui/graph_dock.h"

#include "widgets/common/theme.h"
#include "widgets/common/view_snapshot.h"
#include "widgets/common/zoom_control.h"
#include "widgets/launch/critical_path_highlight.h"
#include "widgets/timeline/timeline_view.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QMimeData>
#include <QSettings>

namespace opscope::gui {

namespace {
const char* kRecentKey = "recentFiles";
} // namespace

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::openFileDialog);
    open->setShortcut(QKeySequence::Open);
    decorateAction(open, QStringLiteral("open"), QStringLiteral("open"), tr("Open a trace file or an opscope store (Ctrl+O)"));
    decorateAction(file->addAction(tr("Open &Folder…"), this, &MainWindow::openFolderDialog), QStringLiteral("openFolder"),
                   QStringLiteral("folder"), tr("Open an Ascend profiling folder (msprof or torch_npu output)"));
    file->addAction(tr("Open &Graph…"), graphDock_, &GraphDock::openGraphDialog);
    decorateAction(file->addAction(tr("Run &History…"), this, &MainWindow::openHistoryDialog), QStringLiteral("runHistory"),
                   QStringLiteral("recent"), tr("Open a run history: trends of every metric over the runs of a workload"));
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    decorateAction(recentMenu_->menuAction(), QStringLiteral("recent"), QStringLiteral("recent"), tr("Traces opened recently"));
    rebuildRecentMenu();
    file->addSeparator();
    QAction* exportImage = file->addAction(tr("&Export Image…"), this, &MainWindow::exportImage);
    exportImage->setShortcut(QKeySequence(tr("Ctrl+E")));
    decorateAction(exportImage, QStringLiteral("exportImage"), QStringLiteral("export"), tr("Save the timeline as it is on screen as PNG or SVG (Ctrl+E)"));
    addExportActions(file); // Export View, Copy Image, Export Report, Compare With (main_window_export.cpp)
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    decorateAction(quit, QStringLiteral("quit"), QStringLiteral("quit"), tr("Close opscope (Ctrl+Q)"));

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    // Off by default: only the selected slice's flows are drawn, as Perfetto and Nsight do.
    QAction* flows = viewMenu_->addAction(tr("Show All &Flows"));
    flows->setCheckable(true);
    flows->setChecked(timeline_->flowsVisible());
    decorateAction(flows, QStringLiteral("showFlows"), QStringLiteral("flows"),
                   tr("Draw every arrow between linked slices (host launch to device kernel); when off, only the selected slice's"));
    connect(flows, &QAction::toggled, timeline_, &TimelineView::setFlowsVisible);
    QAction* critical = viewMenu_->addAction(tr("Highlight &Critical Path"));
    critical->setCheckable(true);
    decorateAction(critical, QStringLiteral("criticalPath"), QStringLiteral("critical-path"),
                   tr("Outline the slices on each step's critical path (host work, launches, device events, "
                      "synchronisations) and say what bounds the steps"));
    connect(critical, &QAction::toggled, analysis_->criticalPath(), &CriticalPathHighlight::setEnabled);
    connect(analysis_->criticalPath(), &CriticalPathHighlight::summaryChanged, this, [this](const QString& text) {
        if (!text.isEmpty()) statusBar()->showMessage(text, 15000);
    });
    QAction* byCategory = viewMenu_->addAction(tr("Colour by &Category"));
    byCategory->setCheckable(true);
    decorateAction(byCategory, QStringLiteral("colourByCategory"), QStringLiteral("category"), tr("Colour slices by their category instead of their name"));
    connect(byCategory, &QAction::toggled, this, [this](bool on) {
        timeline_->setColourMode(on ? ColourMode::ByCategory : ColourMode::ByName);
    });
    QAction* absolute = viewMenu_->addAction(tr("&Absolute Time"));
    absolute->setCheckable(true);
    decorateAction(absolute, QStringLiteral("absoluteTime"), QStringLiteral("absolute-time"), tr("Show times as in the trace instead of from the trace start"));
    connect(absolute, &QAction::toggled, this, [this](bool on) {
        timeline_->setAbsoluteTime(on);
        updateSelectionLabel();
    });
    // The counter series the first screen leaves out (all zero, or identifiers), shown again on request.
    QAction* hiddenSeries = viewMenu_->addAction(tr("Show &Hidden Counter Series"));
    hiddenSeries->setCheckable(true);
    decorateAction(hiddenSeries, QStringLiteral("showHiddenSeries"), QStringLiteral("panel"),
                   tr("Show the counter series hidden on the first screen: those zero throughout and identifier "
                      "fields (acc_id, Task ID, Stream ID); the header of each group counts them"));
    connect(hiddenSeries, &QAction::toggled, timeline_, &TimelineView::setAllHiddenSeriesShown);
    auto syncHiddenSeries = [this, hiddenSeries] {
        const QSignalBlocker block(hiddenSeries);
        const int all = timeline_->hiddenSeriesCount(), hidden = timeline_->hiddenSeriesHiddenCount();
        hiddenSeries->setEnabled(all > 0);
        hiddenSeries->setChecked(all > 0 && hidden == 0);
        hiddenSeries->setText(all > 0 ? tr("Show &Hidden Counter Series (%1)").arg(all) : tr("Show &Hidden Counter Series"));
    };
    connect(timeline_, &TimelineView::hiddenSeriesChanged, this, syncHiddenSeries);
    syncHiddenSeries();
    viewMenu_->addSeparator();
    decorateAction(viewMenu_->addAction(tr("Fit All"), zoom_, &ZoomControl::fitAll), QStringLiteral("fitAll"),
                   QStringLiteral("fit-all"), tr("Show the whole trace (F or Home in the timeline)"));
    decorateAction(viewMenu_->addAction(tr("Zoom to Selection"), zoom_, &ZoomControl::zoomToSelection),
                   QStringLiteral("zoomToSelection"), QStringLiteral("zoom-selection"),
                   tr("Zoom the timeline to the selected time range (Z)"));
    decorateAction(viewMenu_->addAction(tr("Zoom Back"), zoom_, &ZoomControl::zoomBack), QStringLiteral("zoomBack"),
                   QStringLiteral("zoom-back"), tr("Return to the previous zoom (Backspace)"));
    addAlignmentAction(viewMenu_);
    viewMenu_->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>()) viewMenu_->addAction(dock->toggleViewAction());
}

void MainWindow::openFileDialog() {
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Open trace"), traceFolder(sources_),
        tr("Traces (*.json *.json.gz *.gz *.db *.sqlite *.csv);;All files (*)"));
    openPaths(paths);
}

void MainWindow::openFolderDialog() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Open Ascend profiling folder"), traceFolder(sources_));
    if (!dir.isEmpty()) openPaths({dir});
}

void MainWindow::exportImage() {
    if (!data_) return;
    QString selected;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export image"), inTraceFolder(sources_, QStringLiteral("timeline.png")),
                                                      tr("PNG image (*.png);;SVG image (*.svg)"), &selected);
    if (path.isEmpty()) return;
    QString message;
    // Exactly what is on screen: the view at its current size and zoom.
    if (!saveWidgetImage(timeline_, path, timeline_->size(), &message))
        QMessageBox::warning(this, tr("Export failed"), message);
}

QStringList MainWindow::recentFiles() const { return QSettings().value(QLatin1String(kRecentKey)).toStringList(); }

void MainWindow::addRecent(const QStringList& paths) {
    // Several traces opened together are remembered as one entry, separated by '|'; absolute, each once.
    QSettings().setValue(QLatin1String(kRecentKey), withRecent(recentFiles(), paths, settings::maxRecent()));
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    recentMenu_->clear();
    const QStringList recent = recentFiles();
    for (const QString& entry : recent) {
        const QStringList paths = entry.split(QLatin1Char('|'));
        QString label = QFileInfo(paths.first()).fileName();
        if (paths.size() > 1) label = tr("%1 and %2 more").arg(label).arg(paths.size() - 1);
        QAction* a = recentMenu_->addAction(label, this, [this, paths] { openPaths(paths); });
        a->setToolTip(entry);
        a->setIcon(appIcon(QStringLiteral("file")));
    }
    if (recent.isEmpty()) {
        QAction* none = recentMenu_->addAction(appIcon(QStringLiteral("file")), tr("(none)"));
        none->setEnabled(false);
        none->setToolTip(tr("No trace opened yet"));
    } else {
        recentMenu_->addSeparator();
        QAction* clear = recentMenu_->addAction(appIcon(QStringLiteral("clear")), tr("Clear list"), this, [this] {
            QSettings().remove(QLatin1String(kRecentKey));
            rebuildRecentMenu();
        });
        clear->setToolTip(tr("Forget the recently opened traces"));
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls())
        if (url.isLocalFile()) paths << url.toLocalFile();
    if (!paths.isEmpty()) {
        event->acceptProposedAction();
        openPaths(paths);
    }
}

} // namespace opscope::gui
