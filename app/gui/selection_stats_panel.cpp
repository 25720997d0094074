#include "app/gui/selection_stats_panel.h"

#include "app/render/import_session.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/csv_export.h"
#include "widgets/common/time_format.h"
#include "widgets/selection/selection_stats_model.h"

#include <QFileDialog>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace opscope::gui {

namespace {
struct StatsJobResult {
    SelectionStats stats;
    QString error;
};
} // namespace

SelectionStatsPanel::SelectionStatsPanel(QWidget* parent)
    : QWidget(parent), model_(new SelectionStatsModel(this)), proxy_(new QSortFilterProxyModel(this)),
      view_(new QTableView(this)), summary_(new QLabel(this)), export_(new QToolButton(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(SelectionStatsModel::SortRole);
    proxy_->setSortCaseSensitivity(Qt::CaseInsensitive);
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(SelectionStatsModel::TotalColumn, Qt::DescendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setAlternatingRowColors(true);
    view_->verticalHeader()->hide();
    view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 6);
    view_->horizontalHeader()->setSectionResizeMode(SelectionStatsModel::NameColumn, QHeaderView::Stretch);
    export_->setText(tr("Export CSV…"));
    export_->setEnabled(false);
    summary_->setText(tr("Shift+drag over the timeline to select a region."));
    auto* top = new QHBoxLayout;
    top->addWidget(summary_, 1);
    top->addWidget(export_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(view_);
    connect(export_, &QToolButton::clicked, this, &SelectionStatsPanel::exportWithDialog);
}

void SelectionStatsPanel::setDocument(TraceDocument* document) {
    document_ = document;
    clear();
}

void SelectionStatsPanel::clear() {
    ++generation_;
    model_->resetData({});
    export_->setEnabled(false);
    summary_->setText(tr("Shift+drag over the timeline to select a region."));
}

void SelectionStatsPanel::compute(TimeRange range, std::vector<SelectionTrack> tracks) {
    const std::uint64_t generation = ++generation_;
    if (!document_) return;
    trackCount_ = tracks.size();
    summary_->setText(tr("Computing…"));
    auto* watcher = new QFutureWatcher<StatsJobResult>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        StatsJobResult r = watcher->result();
        take(generation, std::move(r.stats), r.error);
        watcher->deleteLater();
    });
    std::shared_ptr<TraceSession> session = document_->session();
    watcher->setFuture(QtConcurrent::run([session, range, tracks]() {
        StatsJobResult out;
        Error error;
        if (!session->selectionStats(range, tracks, SelectionMode::Overlapping, &out.stats, &error))
            out.error = errorMessage(error);
        return out;
    }));
}

void SelectionStatsPanel::take(std::uint64_t generation, SelectionStats stats, QString error) {
    if (generation != generation_) return; // the selection changed meanwhile
    if (!error.isEmpty()) {
        summary_->setText(tr("Could not compute: %1").arg(error));
        emit computed();
        return;
    }
    const TimeNs dur = stats.range.durationNs();
    summary_->setText(tr("%1 slices, %2 names in %3 on %4 tracks")
                          .arg(QLocale().toString(static_cast<qlonglong>(stats.sliceCount)))
                          .arg(stats.rows.size())
                          .arg(formatDuration(dur))
                          .arg(trackCount_));
    model_->resetData(std::move(stats));
    export_->setEnabled(model_->rowCount() > 0);
    emit computed();
}

bool SelectionStatsPanel::exportCsv(const QString& path, QString* errorMessage) const {
    return exportModelToCsv(*proxy_, path, errorMessage);
}

void SelectionStatsPanel::exportWithDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export selection statistics"),
                                                      QStringLiteral("selection_stats.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString message;
    if (!exportCsv(path, &message)) QMessageBox::warning(this, tr("Export failed"), message);
}

} // namespace opscope::gui
