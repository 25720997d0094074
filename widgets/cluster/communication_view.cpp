#include "widgets/cluster/communication_view.h"

#include "core/session/trace_session.h"
#include "widgets/common/analysis_runner.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/selection_model.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"

#include "widgets/cluster/communication_ops_model.h"
#include "widgets/cluster/communication_ranks_model.h"
#include "widgets/cluster/nccl_collectives_model.h"
#include "widgets/cluster/rank_grid_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace opscope {

struct CommunicationView::Result {
    CommunicationOverview overview;
    Error error;
};

struct CommunicationView::Jump {
    std::vector<std::int64_t> sliceIds;
    CommOpRank op;
};

CommunicationView::CommunicationView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), measure_(new QComboBox(this)), plot_(new RankGridPlot(this)), table_(new QTableView(this)),
      model_(new CommunicationRanksModel(this)), notes_(new QLabel(this)), opsModel_(new CommunicationOpsModel(this)),
      opsTable_(new QTableView(this)), ncclModel_(new NcclCollectivesModel(this)), ncclTable_(new QTableView(this)), runner_(new AnalysisRunner(0, [this] { recompute(); }, this)) {
    measure_->addItem(tr("Bandwidth (GB/s)"), 0);
    measure_->addItem(tr("Transit size (MB)"), 1);
    measure_->addItem(tr("Transit time (ms)"), 2);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Communication matrix:"), this));
    top->addWidget(measure_);
    top->addStretch();
    auto* indicator = runner_->makeIndicator(this);
    top->addWidget(indicator);
    connect(indicator, &JobIndicator::cancelled, this, [this] { notes_->setText(tr("Cancelled.")); });
    table_->setModel(model_);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->hide();
    notes_->setWordWrap(true);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    opsTable_->setModel(opsModel_);
    ncclTable_->setModel(ncclModel_);
    for (QTableView* rows : {opsTable_, ncclTable_}) {
        rows->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
        rows->verticalHeader()->hide();
        rows->setSelectionBehavior(QAbstractItemView::SelectRows);
        rows->setSelectionMode(QAbstractItemView::SingleSelection);
    }
    auto* tables = new QTabWidget(this);
    tables->addTab(table_, tr("Per rank"));
    tables->addTab(opsTable_, tr("Operators"));
    tables->addTab(ncclTable_, tr("NCCL collectives"));
    tables->setDocumentMode(true);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(plot_);
    split->addWidget(tables);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(notes_);
    connect(measure_, &QComboBox::currentIndexChanged, this, [this] { showMatrix(); });
    connect(opsTable_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (index.isValid()) showOperatorOnTimeline(opsModel_->ops()[static_cast<std::size_t>(index.row())]);
    });
    connect(ncclTable_, &QTableView::clicked, this, [this](const QModelIndex& index) {
        if (!index.isValid()) return;
        const NcclCollective& c = ncclModel_->collectives()[static_cast<std::size_t>(index.row())];
        CommOpRank op;
        op.rank = c.rank;
        op.opName = c.kernel;
        takeJump({c.sliceId}, op); // the kernel is the collective's slice: nothing to look up
    });
    connect(plot_, &RankGridPlot::cellClicked, this, &CommunicationView::showMatrixCellOnTimeline);
}

CommunicationView::~CommunicationView() = default;

void CommunicationView::recompute() {
    if (!runner_->hasDocument()) return;
    notes_->setText(tr("Computing the communication figures…"));
    runner_->run<Result>(
        [](TraceSession& session) {
            Result r;
            if (!session.communication(&r.overview, &r.error)) r.overview = {};
            return r;
        },
        [this](Result r) {
            setOverview(std::move(r.overview));
            if (r.error) notes_->setText(AnalysisRunner::failureText(tr("Could not compute the communication figures: %1"), r.error));
        });
}

void CommunicationView::setOverview(CommunicationOverview overview) {
    opsModel_->resetData(std::move(overview.ops));
    ncclModel_->resetData(std::move(overview.nccl));
    links_ = std::move(overview.links);
    setReport(std::move(overview.report), std::move(overview.slowLinks));
}

void CommunicationView::showOperatorOnTimeline(const CommOpRank& op) {
    if (!runner_->hasDocument()) return;
    runner_->run<Jump>(
        [op](TraceSession& session) {
            Jump j{{}, op};
            Error error;
            // Its own time first; the operator's clock may differ from the trace's: then any time.
            session.collectiveSlices(op.rank, op.opName, {op.startNs, op.startNs + op.elapseNs}, &j.sliceIds, &error);
            if (j.sliceIds.empty()) session.collectiveSlices(op.rank, op.opName, {}, &j.sliceIds, &error);
            return j;
        },
        [this](Jump j) { takeJump(j.sliceIds, j.op); });
}

void CommunicationView::takeJump(const std::vector<std::int64_t>& sliceIds, const CommOpRank& op) {
    lastJump_ = sliceIds;
    TraceDocument* document = runner_->document();
    if (!document || !document->timeline()) return emit operatorShown();
    const TimelineData& timeline = *document->timeline();
    if (sliceIds.empty()) {
        notes_->setText(tr("No slice named %1 on rank %2 in this trace.").arg(QString::fromStdString(op.opName)).arg(op.rank));
        return emit operatorShown();
    }
    document->selection()->highlight(makeSliceHighlight(timeline, sliceIds), 0);
    document->selection()->selectSlice(sliceIds.front());
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (std::int64_t id : sliceIds)
        if (const TimelineSlice* s = timeline.findSlice(id)) first = std::min(first, s->tsNs), last = std::max(last, s->endNs());
    if (zoom_ && first < last) zoomToInterval(*zoom_, first, last, 0.1);
    emit operatorShown();
}

void CommunicationView::showMatrixCellOnTimeline(int row, int column) {
    if (row < 0 || column < 0 || row >= static_cast<int>(matrixRows_.size()) || column >= static_cast<int>(matrixColumns_.size()))
        return;
    const int src = matrixRows_[static_cast<std::size_t>(row)], dst = matrixColumns_[static_cast<std::size_t>(column)];
    const CommMatrixLink* longest = nullptr;
    for (const CommMatrixLink& l : links_)
        if (l.srcRank == src && l.dstRank == dst && (!longest || l.transitNs > longest->transitNs)) longest = &l;
    if (!longest) return;
    // The link names the operator; its row on the source rank gives the time. Without it, the name alone.
    for (const CommOpRank& op : opsModel_->ops())
        if (op.rank == src && op.opName == longest->opName) return showOperatorOnTimeline(op);
    CommOpRank op;
    op.rank = src;
    op.opName = longest->opName;
    showOperatorOnTimeline(op);
}

void CommunicationView::setReport(CommunicationReport report, std::vector<SlowLink> slowLinks) {
    slowLinks_ = std::move(slowLinks);
    model_->resetData(std::move(report));
    const CommunicationReport& r = model_->report();
    QStringList notes;
    if (r.matrixGroupLocal && !r.matrix.empty())
        notes << tr("Matrix ranks are group-local: profiler_metadata.json has no parallel_group to map them.");
    if (r.guidanceSlowRank >= 0)
        notes << tr("Rank %1 has the smallest wait ratio while the most waiting rank synchronises above 0.2: "
                    "it arrives last, the others wait for it.")
                     .arg(r.guidanceSlowRank);
    for (const SlowLink& l : slowLinks_)
        notes << tr("Slow link %1: rank %2 at %3 GB/s against a mean of %4 GB/s.")
                     .arg(QString::fromStdString(l.linkType))
                     .arg(l.rank)
                     .arg(l.bandwidthGBps, 0, 'f', 2)
                     .arg(l.meanGBps, 0, 'f', 2);
    for (const auto& [link, buckets] : r.packetsByLink) {
        QStringList sizes;
        for (const PacketBucket& b : buckets) sizes << QStringLiteral("%1 MB × %2").arg(b.sizeMB).arg(b.count);
        notes << tr("Packets on %1: %2").arg(QString::fromStdString(link), sizes.join(QStringLiteral(", ")));
    }
    notes_->setText(notes.join(QLatin1Char('\n')));
    showMatrix();
}

bool CommunicationView::waitForLoaded(int timeoutMs) { return runner_->waitForLoaded(timeoutMs); }

void CommunicationView::showMatrix() {
    const CommunicationReport& r = model_->report();
    if (r.matrix.empty()) {
        matrixRows_.clear();
        matrixColumns_.clear();
        plot_->setEmptyText(tr("No communication matrix in this store"));
        return;
    }
    std::set<int> srcs, dsts;
    for (const MatrixCell& c : r.matrix) srcs.insert(c.srcRank), dsts.insert(c.dstRank);
    std::vector<int> rows(srcs.begin(), srcs.end()), columns(dsts.begin(), dsts.end());
    matrixRows_ = rows;
    matrixColumns_ = columns;
    QStringList rowLabels, columnLabels;
    for (int s : rows) rowLabels << tr("rank %1").arg(s);
    std::map<int, QString> transportOf;
    for (const MatrixCell& c : r.matrix) transportOf[c.dstRank] = QString::fromStdString(c.transport);
    for (int d : columns) columnLabels << tr("rank %1").arg(d);
    std::vector<std::vector<std::optional<double>>> values(rows.size(), std::vector<std::optional<double>>(columns.size()));
    const int measure = measure_->currentData().toInt();
    for (const MatrixCell& c : r.matrix) {
        auto row = static_cast<std::size_t>(std::find(rows.begin(), rows.end(), c.srcRank) - rows.begin());
        auto column = static_cast<std::size_t>(std::find(columns.begin(), columns.end(), c.dstRank) - columns.begin());
        values[row][column] = measure == 0 ? c.bandwidthGBps()
                              : measure == 1 ? c.transitSizeMB
                                             : static_cast<double>(c.transitNs) / 1e6;
    }
    QStringList transports;
    for (const MatrixCell& c : r.matrix)
        if (!transports.contains(QString::fromStdString(c.transport))) transports << QString::fromStdString(c.transport);
    plot_->setGrid(rowLabels, columnLabels, values, tr("Source"),
                   tr("Destination (transport: %1)").arg(transports.join(QStringLiteral(", "))), measure_->currentText());
}

void CommunicationView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    setOverview({});
    recompute();
}

} // namespace opscope
