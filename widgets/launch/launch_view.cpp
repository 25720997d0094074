#include "widgets/launch/launch_view.h"

#include "widgets/common/analysis_runner.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/trace_document.h"
#include "widgets/launch/launch_table_models.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace opscope {

struct LaunchView::Result {
    LaunchStatsReport report;
    Error error;
};

namespace {

QTableView* makeTable(QAbstractItemModel* model, QWidget* parent) {
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
    view->horizontalHeader()->setStretchLastSection(true);
    // Kernel names differ at their ends (templates, tile sizes). Without the word wrap off, a name with
    // spaces is laid out over lines and cut at the right instead ("void at::native::...").
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideMiddle);
    return view;
}

QSortFilterProxyModel* makeProxy(QAbstractItemModel* source, int sortRole, QObject* parent) {
    auto* proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    return proxy;
}

} // namespace

LaunchView::LaunchView(ZoomControl*, QWidget* parent)
    : QWidget(parent), runner_(new AnalysisRunner(0, [this] { recompute(); }, this)),
      launches_(new LaunchTableModel(this)), kernels_(new KernelLaunchModel(this)),
      launchProxy_(makeProxy(launches_, LaunchTableModel::SortRole, this)),
      kernelProxy_(makeProxy(kernels_, KernelLaunchModel::SortRole, this)), filter_(new QLineEdit(this)),
      summary_(new QLabel(tr("No trace loaded."), this)) {
    launchProxy_->setFilterKeyColumn(LaunchTableModel::KernelColumn);
    launchView_ = makeTable(launchProxy_, this);
    kernelView_ = makeTable(kernelProxy_, this);
    launchView_->sortByColumn(LaunchTableModel::DelayColumn, Qt::DescendingOrder);
    kernelView_->sortByColumn(KernelLaunchModel::GpuTotalColumn, Qt::DescendingOrder);
    launchView_->horizontalHeader()->resizeSection(LaunchTableModel::KernelColumn, 420);
    kernelView_->horizontalHeader()->resizeSection(KernelLaunchModel::KernelColumn, 360);
    filter_->setPlaceholderText(tr("Filter kernels"));
    filter_->setClearButtonEnabled(true);
    filter_->setToolTip(tr("Show the launches of kernels whose name contains this text (a click on a kernel fills it)"));
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* bar = new QHBoxLayout;
    bar->addWidget(summary_, 1);
    bar->addWidget(filter_);
    bar->addWidget(runner_->makeIndicator(this));
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(launchView_);
    split->addWidget(kernelView_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(split, 1);

    connect(filter_, &QLineEdit::textChanged, launchProxy_, [this](const QString& text) {
        launchProxy_->setFilterRegularExpression(
            QRegularExpression(QRegularExpression::escape(text), QRegularExpression::CaseInsensitiveOption));
    });
    // A click on a launch selects its kernel on the timeline.
    connect(launchView_, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
        const qint64 id = index.data(LaunchTableModel::SliceIdRole).toLongLong();
        if (id) emit sliceActivated(id);
    });
    connect(kernelView_, &QAbstractItemView::clicked, this, [this](const QModelIndex& index) {
        filter_->setText(index.siblingAtColumn(KernelLaunchModel::KernelColumn).data().toString());
    });
}

LaunchView::~LaunchView() = default;

void LaunchView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    launches_->resetData(LaunchStatsReport{});
    kernels_->resetData({});
    summary_->setText(document ? tr("Computing launches…") : tr("No trace loaded."));
    if (document) runner_->schedule();
}

void LaunchView::recompute() {
    if (!runner_->hasDocument()) return;
    runner_->run<Result>(
        [](TraceSession& session) {
            Result r;
            session.launchStats(LaunchStatsOptions{}, &r.report, &r.error);
            return r;
        },
        [this](Result r) { take(std::move(r)); });
}

void LaunchView::take(Result result) {
    if (result.error) {
        summary_->setText(AnalysisRunner::failureText(tr("Could not compute the launches: %1"), result.error));
        emit computed();
        return;
    }
    const LaunchStatsReport& r = result.report;
    std::int64_t flagged = 0;
    for (const LaunchRow& row : r.launches) flagged += row.outliers ? 1 : 0;
    summary_->setText(r.launches.empty()
                          ? tr("No launches: no device event of this trace is linked to the call that launched it.")
                          : tr("%1 launches of %2 device events (%3 unlinked), %4 flagged as outliers")
                                .arg(r.launches.size())
                                .arg(r.deviceEvents)
                                .arg(r.unlinkedEvents)
                                .arg(flagged));
    kernels_->resetData(std::move(result.report.kernels));
    launches_->resetData(std::move(result.report));
    // Numbers and short names to their width; the kernel names keep the room left.
    for (int c = LaunchTableModel::CallColumn; c < LaunchTableModel::OutliersColumn; ++c) launchView_->resizeColumnToContents(c);
    for (int c = KernelLaunchModel::CountColumn; c < KernelLaunchModel::ColumnCount; ++c) kernelView_->resizeColumnToContents(c);
    emit computed();
}

bool LaunchView::waitForLoaded(int timeoutMs) { return runner_->waitForLoaded(timeoutMs); }

} // namespace opscope
