#include "widgets/memory/memory_view.h"

#include "core/session/trace_session.h"
#include "widgets/common/trace_document.h"

#include "widgets/common/analysis_runner.h"
#include "widgets/common/error_text.h"
#include "widgets/common/zoom_control.h"
#include "widgets/memory/memory_plot.h"
#include "widgets/memory/memory_tables.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace opscope {

struct MemoryView::Result {
    std::shared_ptr<const MemoryData> data;
    std::vector<DeviceMemorySummary> summaries; // pointers into *data
    std::vector<CopyBandwidthTrack> bandwidth;
    QString error;
};

namespace {

constexpr std::size_t kLargestShown = 200;

// Runs on the pool under the job's cancel flag: the session's statements stop when it rises.
MemoryView::Result loadJob(TraceSession& session) {
    MemoryView::Result r;
    Error error;
    auto data = std::make_shared<MemoryData>();
    if (!session.memoryData(data.get(), &error) || !session.copyBandwidth(&r.bandwidth, &error)) {
        r.error = errorText(error);
        return r;
    }
    MemorySummaryOptions options;
    options.topN = kLargestShown;
    r.summaries = summarizeMemory(*data, options);
    r.data = std::move(data);
    return r;
}

std::vector<MemoryBlock> copies(const std::vector<const MemoryBlock*>& blocks) {
    std::vector<MemoryBlock> out;
    out.reserve(blocks.size());
    for (const MemoryBlock* b : blocks) out.push_back(*b);
    return out;
}

} // namespace

MemoryView::MemoryView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), runner_(new AnalysisRunner(0, [this] { recompute(); }, this)), plot_(new MemoryPlot(this)), info_(new QLabel(this)),
      showZero_(new QCheckBox(tr("Show zero-only series"), this)), tabs_(new QTabWidget(this)),
      alive_(new MemoryBlockModel(this)), largest_(new MemoryBlockModel(this)), unreleased_(new MemoryBlockModel(this)),
      operators_(new MemoryOperatorModel(this)) {
    auto* bar = new QHBoxLayout;
    info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(info_, 1);
    bar->addWidget(showZero_);
    aliveView_ = addBlockTable(alive_, &aliveProxy_, tr("Alive in selection"));
    largestView_ = addBlockTable(largest_, &largestProxy_, tr("Largest"));
    unreleasedView_ = addBlockTable(unreleased_, &unreleasedProxy_, tr("Never released"));
    operatorProxy_ = new QSortFilterProxyModel(this);
    operatorProxy_->setSourceModel(operators_);
    operatorProxy_->setSortRole(MemoryOperatorModel::SortRole);
    operatorView_ = new QTableView(this);
    operatorView_->setModel(operatorProxy_);
    operatorView_->setSortingEnabled(true);
    operatorView_->sortByColumn(MemoryOperatorModel::TotalColumn, Qt::DescendingOrder);
    operatorView_->horizontalHeader()->setSectionResizeMode(MemoryOperatorModel::OperatorColumn, QHeaderView::Stretch);
    operatorView_->verticalHeader()->hide();
    tabs_->addTab(operatorView_, tr("Per operator"));
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(plot_);
    split->addWidget(tabs_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    info_->setText(tr("No trace loaded."));
    connect(showZero_, &QCheckBox::toggled, plot_, &MemoryPlot::setShowZeroSeries);
    connect(plot_, &MemoryPlot::rangeSelected, this, [this](qint64 a, qint64 b) {
        zoom_->setSelection({a, b}); // the timeline shows the same range; selectionChanged lists it
        selectRange({a, b});
    });
    connect(zoom_, &ZoomControl::selectionChanged, this, [this](bool has, qint64 a, qint64 b) {
        if (has) selectRange({a, b});
        else plot_->setSelection({});
    });
    connect(zoom_, &ZoomControl::visibleRangeChanged, this, [this](qint64 a, qint64 b) { plot_->setVisibleRange({a, b}); });
}

MemoryView::~MemoryView() = default;

QTableView* MemoryView::addBlockTable(MemoryBlockModel* model, QSortFilterProxyModel** proxy, const QString& title) {
    *proxy = new QSortFilterProxyModel(this);
    (*proxy)->setSourceModel(model);
    (*proxy)->setSortRole(MemoryBlockModel::SortRole);
    auto* view = new QTableView(this);
    view->setModel(*proxy);
    view->setSortingEnabled(true);
    view->sortByColumn(MemoryBlockModel::SizeColumn, Qt::DescendingOrder);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    // Operator names are long and the component often empty: the name column takes the spare width.
    view->horizontalHeader()->setSectionResizeMode(MemoryBlockModel::OperatorColumn, QHeaderView::Stretch);
    view->verticalHeader()->hide();
    connect(view, &QTableView::clicked, this, &MemoryView::activateBlock);
    tabs_->addTab(view, title);
    return view;
}

void MemoryView::recompute() {
    info_->setText(tr("Loading memory…"));
    runner_->run<Result>([](TraceSession& session) { return loadJob(session); },
                         [this](Result r) { take(std::move(r)); });
}

void MemoryView::take(Result result) {
    if (!result.error.isEmpty()) {
        info_->setText(result.error);
        emit computed();
        return;
    }
    data_ = std::move(result.data);
    summaries_ = std::move(result.summaries);
    std::vector<DeviceMemoryPeaks> peaks;
    for (const DeviceMemorySummary& s : summaries_) peaks.push_back(s.peaks);
    plot_->setBandwidth(std::move(result.bandwidth));
    plot_->setData(data_, peaks);
    // Follow the timeline's zoom when it shows this trace (a standalone view has no window yet).
    if (zoom_->traceRange().overlaps(data_->traceRange.startNs, data_->traceRange.endNs) &&
        zoom_->visibleRange().durationNs() < zoom_->traceRange().durationNs())
        plot_->setVisibleRange(zoom_->visibleRange());
    std::vector<const MemoryBlock*> largest, unreleased;
    std::vector<OperatorMemory> operators;
    for (const DeviceMemorySummary& s : summaries_) {
        largest.insert(largest.end(), s.largest.begin(), s.largest.end());
        unreleased.insert(unreleased.end(), s.unreleased.begin(), s.unreleased.end());
        operators.insert(operators.end(), s.operators.begin(), s.operators.end());
    }
    largest_->resetData(copies(largest), data_->traceRange);
    unreleased_->resetData(copies(unreleased), data_->traceRange);
    operators_->resetData(std::move(operators));
    QStringList parts;
    for (const DeviceMemorySummary& s : summaries_) {
        const MemoryPeak& p = s.peaks.device;
        QString text = QString::fromStdString(s.device.name) + QStringLiteral(": ");
        if (p.peakAllocatedBytes != kNoBytes) text += tr("peak allocated %1").arg(formatBytes(p.peakAllocatedBytes));
        if (p.peakReservedBytes != kNoBytes) text += tr(", peak reserved %1").arg(formatBytes(p.peakReservedBytes));
        if (!s.unreleased.empty()) text += tr(", %n never released", nullptr, static_cast<int>(s.unreleased.size()));
        parts << text;
    }
    if (data_->empty()) info_->setText(tr("This trace has no memory records or allocations."));
    else info_->setText(parts.join(QStringLiteral("; ")) +
                        (plot_->hiddenZeroSeries() ? tr(" (%n zero-only series hidden)", nullptr, plot_->hiddenZeroSeries()) : QString()));
    if (zoom_->hasSelection()) {
        selectRange(zoom_->selection());
    } else {
        // Until a range is chosen, the first tab lists what each device holds at its allocated peak.
        std::vector<const MemoryBlock*> atPeak;
        for (const DeviceMemorySummary& s : summaries_) atPeak.insert(atPeak.end(), s.alive.begin(), s.alive.end());
        alive_->resetData(copies(atPeak), data_->traceRange);
        tabs_->setTabText(tabs_->indexOf(aliveView_), tr("Alive at the peak"));
    }
    emit computed();
}

void MemoryView::selectRange(TimeRange range) {
    plot_->setSelection(range);
    if (!data_) return;
    std::vector<MemoryBlock> alive = copies(blocksAliveIn(*data_, kAllDevices, range));
    alive_->resetData(std::move(alive), data_->traceRange);
    tabs_->setTabText(tabs_->indexOf(aliveView_), tr("Alive in selection"));
    tabs_->setCurrentWidget(aliveView_);
}

void MemoryView::activateBlock(const QModelIndex& proxyIndex) {
    auto* proxy = qobject_cast<const QSortFilterProxyModel*>(proxyIndex.model());
    if (!proxy) return;
    QModelIndex source = proxy->mapToSource(proxyIndex);
    auto* model = qobject_cast<const MemoryBlockModel*>(source.model());
    if (!model || !source.isValid()) return;
    const MemoryBlock& b = model->block(source.row());
    if (b.sliceId) emit sliceActivated(b.sliceId);
}

bool MemoryView::waitForLoaded(int timeoutMs) { return runner_->waitForLoaded(timeoutMs); }

void MemoryView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    if (!document) return;
    const std::shared_ptr<const TimelineData> timeline = document->timeline();
    if (timeline && zoom_->traceRange().startNs != timeline->traceRange().startNs)
        zoom_->setTraceRange(timeline->traceRange()); // standalone (no timeline view reset it)
    runner_->schedule();
}

} // namespace opscope
