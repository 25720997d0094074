// The opscope main window: the timeline in the centre, docks for details, selection statistics and
// search; File/View menus, recent files, drag and drop, image export, and imports through ImportSession.
#pragma once
#include "core/store/timeline_data.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

class QAbstractItemView;
class QAction;
class QLabel;
class QMenu;
class QProgressDialog;

namespace opscope {
class AsyncJob;
class ComparePanel;
struct ImageExportOptions;
class DetailsPanel;
class TimelineView;
class TraceDocument;
class ZoomControl;
} // namespace opscope

namespace opscope::gui {

class AnalysisDocks;
class CutBanner;
class GraphDock;
class HistoryWindow;
class ImportSession;
class ReportExport;
class SearchPanel;
class SelectionStatsPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens traces, folders or stores (several become one store) on the import worker.
    void openPaths(const QStringList& paths);
    // Blocks until the current import is done (tests).
    void waitForImport();

    TimelineView* timeline() const { return timeline_; }
    ZoomControl* zoom() const { return zoom_; }
    DetailsPanel* details() const { return details_; }
    SelectionStatsPanel* selectionStats() const { return stats_; }
    SearchPanel* search() const { return search_; }
    // Over the timeline when the open trace was cut off (opened up to the cut); hidden otherwise.
    CutBanner* cutBanner() const { return cutBanner_; }
    GraphDock* graphDock() const { return graphDock_; }
    AnalysisDocks* analysisDocks() const { return analysis_; }
    QStringList recentFiles() const;
    // Refills File > Open Recent from the settings (after the Settings dialog cleared or shortened it).
    void rebuildRecentMenu();
    const std::string& storePath() const { return storePath_; }
    // The paths the open trace came from (what File > Open was given); empty before the first import.
    QStringList sources() const { return sources_; }
    // The opened trace the views are handed (null before the first import).
    TraceDocument* document() const { return document_; }

    // Export, report, comparison and device alignment (main_window_export.cpp).
    // The view File > Export View means: the dock or central view holding the focus, else the timeline.
    QWidget* currentView() const;
    // The table File > Export Table as CSV means: the focused table or tree, else the current view's first.
    QAbstractItemView* currentTable() const;
    bool exportCurrentView(const QString& path, const ImageExportOptions& options, QString* errorMessage);
    // Starts File > Export Report to path; reportExported() tells when it is written.
    bool exportReportTo(const QString& path);
    // Opens a comparison window of the loaded trace (base) with paths (new); comparisonReady() when loaded.
    bool compareWithPaths(const QStringList& paths);
    ComparePanel* comparePanel() const { return comparePanel_; }
    // True when the timeline shows the devices shifted onto a common time base.
    bool devicesAligned() const { return alignedData_ != nullptr; }
    void setDevicesAligned(bool aligned);
    // File > Run History… (main_window_history.cpp): the history window over a run-history database.
    HistoryWindow* openHistory(const QString& path, QString* errorMessage);
    HistoryWindow* historyWindow() const { return historyWindow_; }

signals:
    void traceLoaded(bool ok);
    void reportExported(bool ok, const QString& message);
    void comparisonReady(bool ok);
    void deviceAlignmentChanged(bool aligned);

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createDocks();
    void createMenus();
    void createStatusBar();
    void connectViews();
    void openFileDialog();
    void openFolderDialog();
    void exportImage();
    void importFinished(bool ok);
    // The import failed because the file stops inside an event: says so and offers to open it up to the cut.
    void offerOpenUpToCut(const Error& error);
    void startImport(const QStringList& paths, bool keepEventsBeforeCut);
    void importProgress(qint64 bytes, qint64 total, qint64 events);
    void importInputProgress(int index, int count, const QString& path, int stage, qint64 bytes, qint64 total,
                             qint64 events);
    // The reading is over: the bar turns busy and names the stage (ImportSession::finishStage).
    void importFinishStage(int stage);
    void updateProgressLabel();
    void showSlice(qint64 sliceId);
    void jumpToSlice(qint64 sliceId);
    // Whether showing a slice brings the Details tab to the front: yes for a click on the timeline or in
    // Details, no when an analysis view steps through executions (its tab must stay in front).
    enum class DetailsTab { Raise, Keep };
    void showSliceDetails(qint64 sliceId, DetailsTab tab);
    void revealSlice(qint64 sliceId, DetailsTab tab);
    void regionSelected(qint64 startNs, qint64 endNs, const QVector<qint64>& trackIds);
    // The selection statistics of a region in shown time (on the clock the timeline shows); false: no trace.
    bool computeRegionStats(qint64 startNs, qint64 endNs, const QVector<qint64>& trackIds);
    // The per-rank clock offsets changed (the cluster view's dialog): the aligned timeline is rebuilt on the
    // new job clock, then the selected slice's Details and the selection statistics re-read on it.
    void reloadJobClock();
    // After the timeline's data changed clock: the kept slice selected again and everything shown re-read.
    void refreshShownTimes(qint64 keptSlice);
    void addRecent(const QStringList& paths);
    void updateTitle();
    void updateSelectionLabel();
    void addExportActions(QMenu* file);
    void addAlignmentAction(QMenu* view);
    void exportViewDialog();
    void exportTableDialog();
    void copyViewImage();
    void exportReportDialog();
    void compareWithDialog();
    void openHistoryDialog();
    void startDeviceAlignment();

    ZoomControl* zoom_;
    TimelineView* timeline_;
    DetailsPanel* details_ = nullptr;
    SelectionStatsPanel* stats_ = nullptr;
    SearchPanel* search_ = nullptr;
    GraphDock* graphDock_ = nullptr;
    AnalysisDocks* analysis_ = nullptr;
    ImportSession* session_;
    CutBanner* cutBanner_ = nullptr;
    bool importKeepsCut_ = false; // the running (or last) import opens a cut-off trace up to the cut
    QProgressDialog* progress_ = nullptr;
    QString progressHeadline_;  // the overall line of the progress dialog
    QStringList inputLines_;    // one line per input (rank) below it
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QLabel *cursorLabel_ = nullptr, *selectionLabel_ = nullptr, *infoLabel_ = nullptr;
    std::shared_ptr<const TimelineData> data_;
    TraceDocument* document_ = nullptr; // the opened trace every view is handed
    std::string storePath_;
    QStringList sources_, pendingPaths_;
    ReportExport* reportExport_ = nullptr;
    ComparePanel* comparePanel_ = nullptr;     // a top-level window, owned by this one
    HistoryWindow* historyWindow_ = nullptr;   // a top-level window, owned by this one
    QAction* alignAction_ = nullptr;
    std::shared_ptr<const TimelineData> alignedData_; // data_ with the device offsets applied; null: not aligned
    AsyncJob* alignmentJob_ = nullptr;
    struct ShownRegion {
        qint64 startNs = 0, endNs = 0;
        QVector<qint64> trackIds;
        bool valid = false;
    };
    ShownRegion lastRegion_; // the last region the selection statistics were computed for
};

} // namespace opscope::gui
