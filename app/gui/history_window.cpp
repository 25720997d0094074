#include "app/gui/history_window.h"

#include "app/gui/main_window.h"
#include "widgets/history/history_view.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QVBoxLayout>

namespace opscope::gui {

HistoryWindow::HistoryWindow(MainWindow* mainWindow) : QWidget(mainWindow, Qt::Window), mainWindow_(mainWindow) {
    auto* layout = new QVBoxLayout(this);
    view_ = new HistoryView(this);
    layout->addWidget(view_);
    resize(1200, 700);
    connect(view_, &HistoryView::openTraceRequested, this, &HistoryWindow::openTrace);
    connect(view_, &HistoryView::compareRequested, this, &HistoryWindow::compareRuns);
}

bool HistoryWindow::openHistory(const QString& path, QString* errorMessage) {
    if (!view_->openHistory(path, errorMessage)) return false;
    setWindowTitle(tr("Run history — %1").arg(QFileInfo(path).fileName()));
    return true;
}

void HistoryWindow::openTrace(const QString& path) {
    if (!QFileInfo::exists(path)) {
        QMessageBox::information(this, tr("Trace not found"),
                                 tr("The trace of this run is no longer on disk:\n%1").arg(path));
        return;
    }
    mainWindow_->openPaths({path});
    mainWindow_->raise();
}

void HistoryWindow::compareRuns(const QString& basePath, const QString& newPath) {
    for (const QString& path : {basePath, newPath}) {
        if (!QFileInfo::exists(path)) {
            QMessageBox::information(this, tr("Trace not found"),
                                     tr("The trace of this run is no longer on disk:\n%1").arg(path));
            return;
        }
    }
    // The comparison starts from the trace the main window shows: open the base, then compare once loaded.
    auto connection = std::make_shared<QMetaObject::Connection>();
    *connection = connect(mainWindow_, &MainWindow::traceLoaded, this, [this, newPath, connection](bool ok) {
        disconnect(*connection);
        if (ok) mainWindow_->compareWithPaths({newPath});
    });
    mainWindow_->openPaths({basePath});
}

} // namespace opscope::gui
