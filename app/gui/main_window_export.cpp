// MainWindow: File > Export View (PNG/SVG/PDF at screen or chosen size), Copy Image, Export Report,
// Compare With…, and View > Align Devices (multi-device traces on a common time base).
#include "app/gui/main_window.h"
#include "app/gui/recent_files.h"

#include "app/gui/app_icons.h"
#include "app/render/compare_session.h"
#include "app/gui/report_export.h"
#include "widgets/diagnosis/diagnosis_view.h"
#include "core/analysis/cluster/device_alignment.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/async_job.h"
#include "widgets/common/csv_export.h"
#include "widgets/common/image_export.h"
#include "widgets/compare/compare_panel.h"
#include "widgets/timeline/timeline_flow_loader.h"
#include "widgets/timeline/timeline_view.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QMenu>
#include <QMessageBox>
#include <QSpinBox>
#include <QStatusBar>

namespace opscope::gui {

namespace {

// Size and pixel ratio for a raster export; vector formats only take the size.
bool askExportOptions(QWidget* parent, QSize current, bool raster, ImageExportOptions* out) {
    QDialog dialog(parent);
    dialog.setWindowTitle(MainWindow::tr("Image size"));
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    for (QSpinBox* box : {width, height}) {
        box->setRange(64, 16384);
        box->setSuffix(MainWindow::tr(" px"));
    }
    width->setValue(current.width());
    height->setValue(current.height());
    auto* ratio = new QComboBox(&dialog);
    ratio->addItem(MainWindow::tr("1× (as on screen)"), 1.0);
    ratio->addItem(MainWindow::tr("2× (high resolution)"), 2.0);
    ratio->addItem(MainWindow::tr("3×"), 3.0);
    ratio->setEnabled(raster);
    auto* form = new QFormLayout(&dialog);
    form->addRow(MainWindow::tr("Width:"), width);
    form->addRow(MainWindow::tr("Height:"), height);
    form->addRow(MainWindow::tr("Pixel ratio:"), ratio);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return false;
    const QSize chosen(width->value(), height->value());
    out->size = chosen == current ? QSize() : chosen; // unchanged: exactly what is on screen
    out->devicePixelRatio = ratio->currentData().toDouble();
    return true;
}

struct AlignmentResult {
    DeviceAlignment alignment;
    std::shared_ptr<const TimelineData> timeline;
    Error error;
};
using AlignmentPtr = std::shared_ptr<AlignmentResult>;

AlignmentPtr computeAlignment(TraceSession& session) {
    auto out = std::make_shared<AlignmentResult>();
    session.alignedTimeline(AlignmentOptions{}, &out->alignment, &out->timeline, &out->error);
    return out;
}

QString alignmentSourceText(AlignmentSource source) {
    switch (source) {
    case AlignmentSource::StepMarkers: return MainWindow::tr("their first step marker");
    case AlignmentSource::SyncMarkers: return MainWindow::tr("the end of their first collective");
    default: return {};
    }
}

} // namespace

void MainWindow::addExportActions(QMenu* file) {
    QAction* exportView = file->addAction(tr("Export &View…"), this, &MainWindow::exportViewDialog);
    exportView->setShortcut(QKeySequence(tr("Ctrl+Shift+S")));
    decorateAction(exportView, QStringLiteral("exportView"), QStringLiteral("export"),
                   tr("Save the current view as PNG, SVG or PDF, at screen size or a chosen size (Ctrl+Shift+S)"));
    QAction* copy = file->addAction(tr("&Copy Image"), this, &MainWindow::copyViewImage);
    copy->setShortcut(QKeySequence(tr("Ctrl+Shift+C")));
    decorateAction(copy, QStringLiteral("copyImage"), QStringLiteral("action"),
                   tr("Copy the current view to the clipboard as an image (Ctrl+Shift+C)"));
    QAction* table = file->addAction(tr("Export &Table as CSV…"), this, &MainWindow::exportTableDialog);
    decorateAction(table, QStringLiteral("exportTable"), QStringLiteral("file"),
                   tr("Save the focused table as CSV exactly as shown: its columns, sort and filter"));
    QAction* report = file->addAction(tr("Export &Report…"), this, &MainWindow::exportReportDialog);
    decorateAction(report, QStringLiteral("exportReport"), QStringLiteral("statistics"),
                   tr("Write a self-contained HTML report: summary, operators, bubbles, findings and images"));
    QAction* compare = file->addAction(tr("Compare &With…"), this, &MainWindow::compareWithDialog);
    decorateAction(compare, QStringLiteral("compareWith"), QStringLiteral("panel"),
                   tr("Open a second trace and compare it with this one: differences and both timelines"));
}

void MainWindow::addAlignmentAction(QMenu* view) {
    alignAction_ = view->addAction(tr("&Align Devices"));
    alignAction_->setCheckable(true);
    alignAction_->setEnabled(false);
    decorateAction(alignAction_, QStringLiteral("alignDevices"), QStringLiteral("absolute-time"),
                   tr("Shift each device or rank so that their first step (or collective) lines up"));
    connect(alignAction_, &QAction::toggled, this, &MainWindow::setDevicesAligned);
}

QWidget* MainWindow::currentView() const {
    QWidget* focus = QApplication::focusWidget();
    if (focus && focus->window() != this) focus = nullptr;
    QWidget* view = exportableViewFor(focus, timeline_);
    // A panel that hosts its view deeper inside (toolbar + chart) exports the panel as shown.
    return view ? view : timeline_;
}

QAbstractItemView* MainWindow::currentTable() const {
    QWidget* focus = QApplication::focusWidget();
    if (focus && focus->window() == this) {
        for (QWidget* w = focus; w; w = w->parentWidget())
            if (auto* view = qobject_cast<QAbstractItemView*>(w)) return view;
    }
    for (QAbstractItemView* view : currentView()->findChildren<QAbstractItemView*>())
        if (view->isVisible() && view->model()) return view;
    return nullptr;
}

void MainWindow::exportTableDialog() {
    QAbstractItemView* table = currentTable();
    if (!table) {
        QMessageBox::information(this, tr("Export table"), tr("Click into a table first, then export it."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export table as CSV"), inTraceFolder(sources_, QStringLiteral("table.csv")),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString message;
    if (!exportViewToCsv(*table, path, &message)) QMessageBox::warning(this, tr("Export failed"), message);
    else statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
}

bool MainWindow::exportCurrentView(const QString& path, const ImageExportOptions& options, QString* errorMessage) {
    return exportViewImage(currentView(), path, options, errorMessage);
}

void MainWindow::exportViewDialog() {
    QWidget* view = currentView();
    const QString name = view->objectName().isEmpty() ? QStringLiteral("view") : view->objectName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export view"), inTraceFolder(sources_, name + QStringLiteral(".png")),
                                                      imageExportFilter());
    if (path.isEmpty()) return;
    ImageExportOptions options;
    if (!askExportOptions(this, view->size(), imageFormatForPath(path) == ImageFormat::Png, &options)) return;
    QString message;
    if (!exportViewImage(view, path, options, &message)) QMessageBox::warning(this, tr("Export failed"), message);
    else statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
}

void MainWindow::copyViewImage() {
    ImageExportOptions options;
    options.devicePixelRatio = devicePixelRatioF();
    copyViewImageToClipboard(currentView(), options);
    statusBar()->showMessage(tr("Image copied to the clipboard"), 3000);
}

bool MainWindow::exportReportTo(const QString& path) {
    if (storePath_.empty()) return false;
    if (!reportExport_) {
        reportExport_ = new ReportExport(this);
        connect(reportExport_, &ReportExport::finished, this, [this](bool ok, const QString& message) {
            if (ok) statusBar()->showMessage(tr("Report written to %1").arg(QDir::toNativeSeparators(message)), 8000);
            else QMessageBox::warning(this, tr("Report failed"), message);
            emit reportExported(ok, message);
        });
    }
    const QList<DiagnosisView*> views = findChildren<DiagnosisView*>();
    const DiagnosisOptions diagnosis = views.isEmpty() ? DiagnosisOptions{} : views.first()->currentOptions();
    if (!reportExport_->start(document_, path, diagnosis)) return false;
    statusBar()->showMessage(tr("Writing the report…"));
    return true;
}

void MainWindow::exportReportDialog() {
    if (storePath_.empty()) return;
    const QString base = sources_.isEmpty() ? QStringLiteral("report") : QFileInfo(sources_.first()).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Export report"), inTraceFolder(sources_, base + QStringLiteral("_report.html")),
                                                      tr("HTML report (*.html)"));
    if (!path.isEmpty() && !exportReportTo(path))
        QMessageBox::information(this, tr("Report running"), tr("A report is being written already."));
}

bool MainWindow::compareWithPaths(const QStringList& paths) {
    if (storePath_.empty() || paths.isEmpty()) return false;
    auto* session = new CompareSession(this);
    const QString baseLabel = sources_.isEmpty() ? QString::fromStdString(storePath_) : QFileInfo(sources_.first()).fileName();
    connect(session, &CompareSession::finished, this, [this, session](bool ok, const QString& message) {
        session->deleteLater();
        if (!ok) {
            QMessageBox::critical(this, tr("Cannot compare"), message);
            emit comparisonReady(false);
            return;
        }
        if (!comparePanel_) {
            comparePanel_ = new ComparePanel(this);
            comparePanel_->setWindowFlag(Qt::Window);
            comparePanel_->resize(1300, 900);
        }
        comparePanel_->setWindowTitle(tr("Comparison — %1 vs %2").arg(session->inputs().baseLabel, session->inputs().newLabel));
        comparePanel_->setInputs(session->inputs());
        comparePanel_->show();
        comparePanel_->raise();
        statusBar()->clearMessage();
        emit comparisonReady(true);
    });
    if (!session->start(document_ ? document_->session() : nullptr, data_, baseLabel, paths)) {
        session->deleteLater();
        return false;
    }
    statusBar()->showMessage(tr("Loading the comparison…"));
    return true;
}

void MainWindow::compareWithDialog() {
    if (storePath_.empty()) return;
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Compare with trace"), traceFolder(sources_), tr("Traces (*.json *.json.gz *.gz *.db *.sqlite *.csv);;All files (*)"));
    compareWithPaths(paths);
}

void MainWindow::startDeviceAlignment() {
    alignedData_.reset();
    if (alignAction_) {
        const QSignalBlocker block(alignAction_);
        alignAction_->setChecked(false);
        alignAction_->setEnabled(false);
    }
    if (!document_) return;
    if (!alignmentJob_) alignmentJob_ = new AsyncJob(this);
    std::shared_ptr<TraceSession> session = document_->session();
    alignmentJob_->start<AlignmentPtr>([session](AsyncJob::CancelFlag) { return computeAlignment(*session); },
                                       [this](AlignmentPtr r) {
                                           if (!alignAction_) return;
                                           if (!r->timeline) {
                                               // Nothing moves (any more): the stored clock is shown.
                                               if (data_ && timeline_->data() != data_.get()) setDevicesAligned(false);
                                               return;
                                           }
                                           alignedData_ = r->timeline;
                                           alignAction_->setEnabled(true);
                                           alignAction_->setChecked(true); // applies it
                                           statusBar()->showMessage(
                                               tr("%n device(s) aligned on %1", nullptr,
                                                  static_cast<int>(r->alignment.groups.size()))
                                                   .arg(alignmentSourceText(r->alignment.source)),
                                               8000);
                                       });
}

void MainWindow::setDevicesAligned(bool aligned) {
    if (!data_) return;
    if (aligned && !alignedData_) {
        startDeviceAlignment();
        return;
    }
    if (alignAction_ && alignAction_->isChecked() != aligned) {
        const QSignalBlocker block(alignAction_);
        alignAction_->setChecked(aligned);
    }
    const qint64 keptSlice = timeline_->selectedSlice();
    timeline_->setData(aligned ? alignedData_ : data_, !aligned); // the aligned load reads its flows
    if (!aligned && document_) timeline_->setFlows(TimelineFlowLoader::forDocument(document_)->flows()); // or on their way
    if (!aligned) alignedData_.reset();
    if (alignAction_) alignAction_->setEnabled(true);
    refreshShownTimes(keptSlice);
    emit deviceAlignmentChanged(aligned);
}

void MainWindow::refreshShownTimes(qint64 keptSlice) {
    if (keptSlice) {
        timeline_->setSelectedSlice(keptSlice);
        showSliceDetails(keptSlice, DetailsTab::Keep);
    }
    if (lastRegion_.valid) computeRegionStats(lastRegion_.startNs, lastRegion_.endNs, lastRegion_.trackIds);
}

void MainWindow::reloadJobClock() {
    // The alignment is recomputed with the stored offsets and applied when it finishes.
    startDeviceAlignment();
}

} // namespace opscope::gui
