#include "widgets/operators/operator_stats_view.h"

#include "widgets/common/analysis_runner.h"
#include "widgets/common/csv_export.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/common/time_format.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/operators/operator_stats_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPainter>
#include <QSortFilterProxyModel>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QDeadlineTimer>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace opscope {

struct OperatorStatsView::Result {
    OperatorStats stats;
    OperatorExecutions index;
    Error error;
};

namespace {

using Result = OperatorStatsView::Result;

// Runs on the pool; the session lends it a connection and shares the snapshot and operator grouping.
// The executions index comes from the grouping the statistics ended with (split by Core Type or input
// shapes), labelled by row id, so a row always hands its own slices to the timeline.
Result computeStats(TraceSession& session, const OperatorStatsOptions& options) {
    Result r;
    std::shared_ptr<const StoreSnapshot> snapshot = session.snapshot(options.tracks, &r.error);
    if (!snapshot || !session.operatorStats(options, &r.stats, &r.error) || !r.stats.grouping) return r;
    r.index = OperatorExecutions(std::move(snapshot), *r.stats.grouping);
    r.stats.grouping.reset(); // the index holds it; the model needs only the rows
    return r;
}

enum GroupingChoice { ByName, ByType, ByTypeAndShapes };

// The busy share as a bar behind its number, so the heavy operators stand out while scrolling.
class ShareBarDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
        const double share = std::clamp(index.data(OperatorStatsModel::SortRole).toDouble(), 0.0, 1.0);
        if (share > 0) {
            QColor fill = option.palette.color(QPalette::Highlight);
            fill.setAlpha(option.state & QStyle::State_Selected ? 110 : 70);
            const QRect r = option.rect.adjusted(2, 3, -2, -3);
            painter->fillRect(QRect(r.left(), r.top(), static_cast<int>(std::lround(r.width() * share)), r.height()), fill);
        }
        QStyledItemDelegate::paint(painter, option, index);
    }
};

} // namespace

OperatorStatsView::OperatorStatsView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), runner_(new AnalysisRunner(250, [this] { recompute(); }, this)),
      model_(new OperatorStatsModel(this)), proxy_(new QSortFilterProxyModel(this)), table_(new QTableView(this)) {
    proxy_->setSourceModel(model_);
    proxy_->setSortRole(OperatorStatsModel::SortRole);
    proxy_->setSortCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy_->setFilterKeyColumn(OperatorStatsModel::KeyColumn);
    table_->setModel(proxy_);
    table_->setSortingEnabled(true);
    table_->sortByColumn(OperatorStatsModel::TotalColumn, Qt::DescendingOrder);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setAlternatingRowColors(true);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideMiddle); // template-heavy names differ at both ends; the tooltip has all
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 6);
    table_->horizontalHeader()->setHighlightSections(false);
    table_->installEventFilter(this);
    table_->setItemDelegateForColumn(OperatorStatsModel::ShareColumn, new ShareBarDelegate(table_));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildToolbar());
    layout->addWidget(table_, 1);

    connect(table_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &OperatorStatsView::rowSelected);
    connect(zoom_, &ZoomControl::visibleRangeChanged, this, [this] {
        if (visibleOnly_->isChecked()) runner_->schedule();
    });
    updateStepper();
}

OperatorStatsView::~OperatorStatsView() = default;

QWidget* OperatorStatsView::buildToolbar() {
    auto* bar = new QWidget(this);
    groupBy_ = new QComboBox(bar);
    groupBy_->addItem(tr("Operator name"), static_cast<int>(ByName));
    groupBy_->addItem(tr("Operator type"), static_cast<int>(ByType));
    groupBy_->addItem(tr("Type and input shapes"), static_cast<int>(ByTypeAndShapes));
    groupBy_->setItemData(ByTypeAndShapes, tr("One row per OP type and Input Shapes (Ascend kernel_details)"), Qt::ToolTipRole);
    coreType_ = new QComboBox(bar);
    coreType_->addItem(tr("All core types"), QString());
    coreType_->setToolTip(tr("Keep the executions of one Ascend Core Type (kernel_details' Accelerator Core)"));
    coreType_->setVisible(false);
    filter_ = new QLineEdit(bar);
    filter_->setPlaceholderText(tr("Filter operators…"));
    filter_->setClearButtonEnabled(true);
    filter_->setMinimumWidth(140);
    visibleOnly_ = new QCheckBox(tr("Visible range only"), bar);
    visibleOnly_->setToolTip(tr("Count only executions that start inside the timeline's visible range"));
    summary_ = new QLabel(tr("No trace loaded."), bar);
    summary_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long texts must not widen the dock
    prev_ = new QToolButton(bar);
    prev_->setText(tr("◀ Previous"));
    prev_->setToolTip(tr("Centre the timeline on the previous execution (Shift+Enter)"));
    next_ = new QToolButton(bar);
    next_->setText(tr("Next ▶"));
    next_->setToolTip(tr("Centre the timeline on the next execution (Enter)"));
    stepLabel_ = new QLabel(bar);
    stepLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    stepLabel_->setMinimumWidth(stepLabel_->fontMetrics().averageCharWidth() * 16);
    export_ = new QToolButton(bar);
    export_->setText(tr("Export CSV…"));
    export_->setToolTip(tr("Save the table as shown (filter and sort order) as CSV"));
    auto* indicator = runner_->makeIndicator(bar);

    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Group by:"), bar));
    row->addWidget(groupBy_);
    row->addWidget(coreType_);
    row->addWidget(filter_);
    row->addWidget(visibleOnly_);
    row->addWidget(summary_, 3);
    row->addWidget(indicator);
    row->addWidget(prev_);
    row->addWidget(stepLabel_, 2);
    row->addWidget(next_);
    row->addWidget(export_);

    connect(groupBy_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(coreType_, &QComboBox::currentIndexChanged, this, [this] {
        if (!fillingCoreTypes_) recompute();
    });
    connect(filter_, &QLineEdit::textChanged, proxy_, &QSortFilterProxyModel::setFilterFixedString);
    connect(visibleOnly_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(prev_, &QToolButton::clicked, this, [this] { stepExecution(false); });
    connect(next_, &QToolButton::clicked, this, [this] { stepExecution(true); });
    connect(export_, &QToolButton::clicked, this, &OperatorStatsView::exportWithDialog);
    connect(indicator, &JobIndicator::cancelled, this, [this] { summary_->setText(tr("Cancelled.")); });
    return bar;
}

void OperatorStatsView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    timeline_ = document ? document->timeline() : nullptr;
    index_ = OperatorExecutions();
    model_->resetData({});
    executionIds_.clear();
    highlight_.reset();
    current_ = -1;
    recompute();
}

void OperatorStatsView::setGroupBy(GroupBy by) { groupBy_->setCurrentIndex(by == GroupBy::Type ? ByType : ByName); }

void OperatorStatsView::setGroupByTypeAndShapes() { groupBy_->setCurrentIndex(ByTypeAndShapes); }

void OperatorStatsView::setCoreTypeFilter(const QString& coreType) {
    if (coreType_->findData(coreType) < 0) coreType_->addItem(coreType, coreType);
    coreType_->setCurrentIndex(coreType_->findData(coreType));
}

QString OperatorStatsView::coreTypeFilter() const { return coreType_->currentData().toString(); }

void OperatorStatsView::fillCoreTypes(const OperatorStats& stats) {
    QStringList seen;
    for (const OperatorStatsRow& r : stats.rows)
        if (!r.coreType.empty() && !seen.contains(QString::fromStdString(r.coreType))) seen << QString::fromStdString(r.coreType);
    const QString current = coreTypeFilter();
    if (!current.isEmpty() && !seen.contains(current)) seen << current; // filtered: the other types are not in the rows
    seen.sort();
    fillingCoreTypes_ = true;
    for (const QString& type : seen)
        if (coreType_->findData(type) < 0) coreType_->addItem(type, type);
    fillingCoreTypes_ = false;
    coreType_->setVisible(coreType_->count() > 1);
}

void OperatorStatsView::setVisibleRangeOnly(bool on) { visibleOnly_->setChecked(on); }

void OperatorStatsView::recompute() {
    if (!runner_->hasDocument()) return;
    OperatorStatsOptions options;
    const int choice = groupBy_->currentData().toInt();
    options.grouping.by = choice == ByName ? GroupBy::Name : GroupBy::Type;
    options.splitByInputShapes = choice == ByTypeAndShapes;
    options.splitByCoreType = true; // as `stats` keys Ascend rows; nothing changes elsewhere
    options.coreType = coreTypeFilter().toStdString();
    options.keepGrouping = true;
    if (visibleOnly_->isChecked()) options.grouping.range = zoom_->visibleRange();
    pendingChoice_ = choice;
    summary_->setText(tr("Computing…"));
    runner_->run<Result>([options](TraceSession& session) { return computeStats(session, options); },
                         [this](Result r) { take(std::move(r)); });
}

void OperatorStatsView::take(Result result) {
    if (result.error) {
        summary_->setText(AnalysisRunner::failureText(tr("Could not compute the statistics: %1"), result.error));
        emit computed();
        return;
    }
    // Keep the selected operator (and its executions) across recomputations, e.g. after a zoom.
    QString selectedKey;
    const QModelIndexList selected = table_->selectionModel()->selectedRows();
    if (!selected.isEmpty()) selectedKey = selected.first().data(OperatorStatsModel::KeyRole).toString();
    // Another grouping has other keys: "Execution 2 of 80" of the old row must not stay on screen.
    const bool sameGrouping = shownChoice_ == pendingChoice_;
    shownChoice_ = pendingChoice_;
    index_ = std::move(result.index);
    const OperatorStats& s = result.stats;
    QLocale locale;
    // The share column's base (op_statistic.csv's Ratio): compute time, not device busy (docs/device-time.md).
    QString text = tr("%1 operators, %2 executions, summed compute-task time %3 on %n track(s)", nullptr,
                      static_cast<int>(s.tracks.size()))
                       .arg(locale.toString(static_cast<qlonglong>(s.rows.size())))
                       .arg(locale.toString(static_cast<qlonglong>(s.sliceCount)))
                       .arg(formatDuration(s.computeTaskNs));
    if (s.fellBackToAll) text += tr(" (no compute track marked: all tracks counted)");
    summary_->setText(text);
    quietSelection_ = true;
    fillCoreTypes(result.stats);
    const bool hasSteps = result.stats.stepTimeNs > 0;
    model_->resetData(std::move(result.stats));
    // Columns the trace has nothing for are hidden (and left out of the CSV export).
    table_->setColumnHidden(OperatorStatsModel::CoreTypeColumn, !model_->hasCoreTypes());
    table_->setColumnHidden(OperatorStatsModel::StepShareColumn, !hasSteps);
    table_->resizeColumnsToContents();
    table_->setColumnWidth(OperatorStatsModel::KeyColumn, std::min(table_->columnWidth(OperatorStatsModel::KeyColumn), 420));
    const bool reselected = sameGrouping && !selectedKey.isEmpty() && selectOperator(selectedKey);
    quietSelection_ = false;
    if (!reselected) {
        table_->clearSelection();
        const bool hadExecutions = !executionIds_.empty();
        executionIds_.clear();
        highlight_.reset();
        current_ = -1;
        if (hadExecutions) emit slicesHighlighted(nullptr, -1);
    }
    updateStepper();
    emit computed();
}

bool OperatorStatsView::selectOperator(const QString& key) {
    const int row = model_->rowOfKey(key.toStdString());
    if (row < 0) return false;
    const QModelIndex index = proxy_->mapFromSource(model_->index(row, 0));
    if (!index.isValid()) return false; // filtered out
    table_->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    table_->selectionModel()->setCurrentIndex(index, QItemSelectionModel::NoUpdate);
    table_->scrollTo(index);
    return true;
}

void OperatorStatsView::showOperatorOfSlice(qint64 sliceId) {
    const int group = index_.groupOfSlice(sliceId);
    if (group < 0) return;
    quietSelection_ = true;
    const bool found = selectOperator(QString::fromStdString(index_.label(group)));
    quietSelection_ = false;
    if (!found) return;
    auto it = std::find(executionIds_.begin(), executionIds_.end(), sliceId);
    current_ = it == executionIds_.end() ? -1 : static_cast<int>(it - executionIds_.begin());
    updateStepper();
}

void OperatorStatsView::rowSelected() {
    const QModelIndexList rows = table_->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        if (quietSelection_) return;
        executionIds_.clear();
        highlight_.reset();
        current_ = -1;
        updateStepper();
        return;
    }
    const int group = index_.groupOf(rows.first().data(OperatorStatsModel::KeyRole).toString().toStdString());
    // A recomputation re-selecting the same operator keeps the list being stepped through.
    if (quietSelection_ && !executionIds_.empty() && index_.groupOfSlice(executionIds_.front()) == group) return;
    const std::optional<TimeRange> range = model_->stats().range;
    std::vector<std::int64_t> ids = index_.executions({group}, range, OperatorExecutions::Match::Starting);
    if (timeline_) {
        highlight_ = makeSliceHighlight(*timeline_, ids);
        ids.clear();
        for (const SliceMatch& m : highlight_->matches) ids.push_back(m.sliceId);
    }
    executionIds_ = std::move(ids);
    current_ = -1;
    updateStepper();
    if (quietSelection_) return;
    emit slicesHighlighted(highlight_, -1);
    if (!executionIds_.empty()) goToExecution(0);
}

void OperatorStatsView::stepExecution(bool forward) {
    if (executionIds_.empty()) return;
    const int n = static_cast<int>(executionIds_.size());
    const int next = current_ < 0 ? (forward ? 0 : n - 1) : (current_ + (forward ? 1 : n - 1)) % n;
    goToExecution(next);
}

void OperatorStatsView::goToExecution(int index) {
    if (index < 0 || index >= static_cast<int>(executionIds_.size())) return;
    current_ = index;
    const std::int64_t id = executionIds_[static_cast<std::size_t>(index)];
    const StoreSnapshot* snap = index_.snapshot();
    const std::int64_t at = snap ? snap->slices.indexOfSlice(id) : -1;
    if (at >= 0) {
        const SliceRecord& s = snap->slices.slices[static_cast<std::size_t>(at)];
        centreOnSlice(*zoom_, s.tsNs, s.durNs);
    }
    updateStepper();
    emit slicesHighlighted(highlight_, index);
    emit sliceActivated(id);
}

QString OperatorStatsView::stepperText() const { return stepLabel_->text(); }

void OperatorStatsView::updateStepper() {
    const bool any = !executionIds_.empty();
    prev_->setEnabled(any);
    next_->setEnabled(any);
    export_->setEnabled(model_->rowCount() > 0);
    if (!any) {
        stepLabel_->setText(table_->selectionModel()->hasSelection() ? tr("No executions") : QString());
        return;
    }
    const int n = static_cast<int>(executionIds_.size());
    if (current_ < 0) {
        stepLabel_->setText(tr("%n execution(s)", nullptr, n));
        return;
    }
    QString duration;
    if (const StoreSnapshot* snap = index_.snapshot()) {
        const std::int64_t at = snap->slices.indexOfSlice(executionIds_[static_cast<std::size_t>(current_)]);
        if (at >= 0) duration = formatDuration(snap->slices.slices[static_cast<std::size_t>(at)].durNs);
    }
    stepLabel_->setText(tr("Execution %1 of %2 (%3)").arg(current_ + 1).arg(n).arg(duration));
}

bool OperatorStatsView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == table_ && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter) {
            stepExecution(!(key->modifiers() & Qt::ShiftModifier));
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool OperatorStatsView::exportCsv(const QString& path, QString* errorMessage) const {
    return exportModelToCsv(*proxy_, path, errorMessage);
}

void OperatorStatsView::exportWithDialog() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export operator statistics"),
                                                      QStringLiteral("operator_stats.csv"), tr("CSV files (*.csv)"));
    if (path.isEmpty()) return;
    QString message;
    if (!exportCsv(path, &message)) QMessageBox::warning(this, tr("Export failed"), message);
}

bool OperatorStatsView::waitForLoaded(int timeoutMs) {
    return runner_->waitForLoaded(timeoutMs);
}

} // namespace opscope
