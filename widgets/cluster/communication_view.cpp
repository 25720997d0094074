#include "widgets/cluster/communication_view.h"

#include "core/session/trace_session.h"
#include "widgets/common/trace_document.h"

#include "core/analysis/cluster/cluster_from_store.h"
#include "core/store/cluster_tables.h"
#include "widgets/cluster/communication_ranks_model.h"
#include "widgets/cluster/rank_grid_plot.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <map>
#include <set>

namespace opscope {

CommunicationView::CommunicationView(ZoomControl*, QWidget* parent)
    : QWidget(parent), measure_(new QComboBox(this)), plot_(new RankGridPlot(this)), table_(new QTableView(this)),
      model_(new CommunicationRanksModel(this)), notes_(new QLabel(this)) {
    measure_->addItem(tr("Bandwidth (GB/s)"), 0);
    measure_->addItem(tr("Transit size (MB)"), 1);
    measure_->addItem(tr("Transit time (ms)"), 2);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Communication matrix:"), this));
    top->addWidget(measure_);
    top->addStretch();
    table_->setModel(model_);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->hide();
    notes_->setWordWrap(true);
    notes_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(plot_);
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(notes_);
    connect(measure_, &QComboBox::currentIndexChanged, this, [this] { showMatrix(); });
}

void CommunicationView::setStore(const std::string& storePath, std::shared_ptr<const TimelineData>) {
    CommunicationReport report;
    std::vector<SlowLink> slowLinks;
    try {
        Database db(storePath, Database::Mode::ReadOnly);
        std::vector<CommOpRank> ops = readCommOps(db);
        report = analyzeCommunication(ops, readCommLinks(db));
        slowLinks = summarizeCluster(ClusterStepSource({}), ops, {}).slowLinks;
    } catch (const SqliteError&) {
        report = {};
    }
    setReport(std::move(report), std::move(slowLinks));
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

bool CommunicationView::waitForLoaded(int) { return true; } // setStore computes at once: a few rows per rank

void CommunicationView::showMatrix() {
    const CommunicationReport& r = model_->report();
    if (r.matrix.empty()) {
        plot_->setEmptyText(tr("No communication matrix in this store"));
        return;
    }
    std::set<int> srcs, dsts;
    for (const MatrixCell& c : r.matrix) srcs.insert(c.srcRank), dsts.insert(c.dstRank);
    std::vector<int> rows(srcs.begin(), srcs.end()), columns(dsts.begin(), dsts.end());
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
    if (document) setStore(document->session()->storePath(), document->timeline());
}

} // namespace opscope
