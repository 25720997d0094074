// The opscope main window: the timeline in the centre, docks for details, selection statistics and
// search; File/View menus, recent files, drag and drop, image export, and imports through ImportSession.
#pragma once
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QProgressDialog;

namespace opscope {
class DetailsPanel;
class TimelineView;
class ZoomControl;
} // namespace opscope

namespace opscope::gui {

class ImportSession;
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
    QStringList recentFiles() const;
    const std::string& storePath() const { return storePath_; }

signals:
    void traceLoaded(bool ok);

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
    void importProgress(qint64 bytes, qint64 total, qint64 events);
    void showSlice(qint64 sliceId);
    void jumpToSlice(qint64 sliceId);
    void regionSelected(qint64 startNs, qint64 endNs, const QVector<qint64>& trackIds);
    void addRecent(const QStringList& paths);
    void rebuildRecentMenu();
    void updateTitle();
    void updateSelectionLabel();

    ZoomControl* zoom_;
    TimelineView* timeline_;
    DetailsPanel* details_ = nullptr;
    SelectionStatsPanel* stats_ = nullptr;
    SearchPanel* search_ = nullptr;
    ImportSession* session_;
    QProgressDialog* progress_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QLabel *cursorLabel_ = nullptr, *selectionLabel_ = nullptr, *infoLabel_ = nullptr;
    std::shared_ptr<const TimelineData> data_;
    Database db_; // read-only, GUI thread: details of the selected slice
    std::string storePath_;
    QStringList sources_, pendingPaths_;
};

} // namespace opscope::gui
