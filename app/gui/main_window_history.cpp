// File > Run History…: the main window's side of the history window (the window itself: history_window.cpp).
#include "app/gui/history_window.h"
#include "app/gui/main_window.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>

namespace opscope::gui {

HistoryWindow* MainWindow::openHistory(const QString& path, QString* errorMessage) {
    if (!historyWindow_) historyWindow_ = new HistoryWindow(this);
    if (!historyWindow_->openHistory(path, errorMessage)) return nullptr;
    historyWindow_->show();
    historyWindow_->raise();
    return historyWindow_;
}

void MainWindow::openHistoryDialog() {
    const QString start = sources_.isEmpty() ? QString() : QFileInfo(sources_.first()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open run history"), start,
                                                      tr("Run histories (*.sqlite *.db);;All files (*)"));
    if (path.isEmpty()) return;
    QString message;
    if (!openHistory(path, &message)) QMessageBox::critical(this, tr("Cannot open the run history"), message);
}

} // namespace opscope::gui
