#include "widgets/cluster/cluster_view.h"

#include "core/session/trace_session.h"
#include "widgets/common/analysis_runner.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/trace_document.h"

#include "widgets/cluster/cluster_steps_model.h"
#include "widgets/cluster/rank_offsets_dialog.h"
#include "widgets/cluster/rank_grid_plot.h"

#include <QComboBox>
#include <QPushButton>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <map>

namespace opscope {

struct ClusterView::Result {
    ClusterSummary summary;
    Error error;
};

struct ClusterView::ClockRows {
    std::vector<RankClockRow> rows;
    Error error;
};

namespace {

QString reasonText(const std::string& reason) {
    if (reason == "computes_longer") return ClusterView::tr("it computes longer");
    if (reason == "others_wait") return ClusterView::tr("the others wait for it");
    if (reason == "idles_longer") return ClusterView::tr("it idles longer");
    if (reason == "starts_late") return ClusterView::tr("it starts the dominant collective late");
    return QString::fromStdString(reason);
}

} // namespace

QString slowRanksText(const ClusterSummary& s) {
    QStringList lines;
    for (const SlowRank& r : s.slowRanks) {
        QString detail = QString::fromStdString(r.dimension.empty() ? r.group : r.dimension);
        lines << ClusterView::tr("rank %1: %2%3, %4")
                     .arg(r.rank)
                     .arg(QString::fromStdString(r.rule), detail.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(detail),
                          reasonText(r.reason));
    }
    for (const SlowLink& l : s.slowLinks)
        lines << ClusterView::tr("slow link %1: rank %2 at %3 GB/s (mean %4 GB/s)")
                     .arg(QString::fromStdString(l.linkType))
                     .arg(l.rank)
                     .arg(l.bandwidthGBps, 0, 'f', 2)
                     .arg(l.meanGBps, 0, 'f', 2);
    if (lines.isEmpty()) return ClusterView::tr("No slow rank: no rule fires.");
    return lines.join(QLatin1Char('\n'));
}

ClusterView::ClusterView(ZoomControl*, QWidget* parent)
    : QWidget(parent), figure_(new QComboBox(this)), plot_(new RankGridPlot(this)), table_(new QTableView(this)),
      model_(new ClusterStepsModel(this)), slow_(new QLabel(this)),
      runner_(new AnalysisRunner(0, [this] { recompute(); }, this)) {
    figure_->addItem(tr("Free"), ClusterStepsModel::FreeColumn);
    figure_->addItem(tr("Communication not overlapped"), ClusterStepsModel::CommColumn);
    figure_->addItem(tr("Compute"), ClusterStepsModel::ComputeColumn);
    figure_->addItem(tr("Stage"), ClusterStepsModel::StageColumn);
    auto* top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Heatmap of"), this));
    top->addWidget(figure_);
    auto* offsets = new QPushButton(tr("Clock offsets…"), this);
    offsets->setToolTip(tr("Each rank's automatic clock offset and a manual correction, used by every view"));
    connect(offsets, &QPushButton::clicked, this, &ClusterView::editClockOffsets);
    top->addWidget(offsets);
    top->addStretch();
    auto* indicator = runner_->makeIndicator(this);
    top->addWidget(indicator);
    connect(indicator, &JobIndicator::cancelled, this, [this] { slow_->setText(tr("Cancelled.")); });
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(model_);
    proxy->setSortRole(Qt::UserRole);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->sortByColumn(ClusterStepsModel::RankColumn, Qt::AscendingOrder);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->verticalHeader()->hide();
    slow_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    slow_->setWordWrap(true);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(plot_);
    split->addWidget(table_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    layout->addWidget(slow_);
    connect(figure_, &QComboBox::currentIndexChanged, this, [this] { showFigure(); });
    plot_->setEmptyText(tr("No per-rank figures in this store"));
}

ClusterView::~ClusterView() = default;

void ClusterView::recompute() {
    if (!runner_->hasDocument()) return;
    slow_->setText(tr("Computing the cluster summary…"));
    runner_->run<Result>(
        [query = query_](TraceSession& session) {
            Result r;
            if (!session.clusterSummary(query, &r.summary, &r.error)) r.summary = {};
            return r;
        },
        [this](Result r) {
            setSummary(std::move(r.summary));
            // A store without per-rank figures is not a failure: the plot says so.
            if (r.error && r.error.code != ErrorCode::UnknownFormat)
                slow_->setText(AnalysisRunner::failureText(tr("Could not compute the cluster summary: %1"), r.error));
        });
}

RankOffsetsDialog* ClusterView::offsetsDialog() const { return offsetsDialog_.data(); }

void ClusterView::editClockOffsets() {
    if (!runner_->hasDocument()) return;
    runner_->run<ClockRows>(
        [](TraceSession& session) {
            ClockRows r;
            session.rankClock(&r.rows, &r.error);
            return r;
        },
        [this](ClockRows r) {
            if (r.error) {
                slow_->setText(AnalysisRunner::failureText(tr("Could not read the rank clock: %1"), r.error));
                return;
            }
            if (offsetsDialog_) offsetsDialog_->close();
            offsetsDialog_ = new RankOffsetsDialog(r.rows, this);
            offsetsDialog_->setAttribute(Qt::WA_DeleteOnClose);
            connect(offsetsDialog_, &QDialog::accepted, this, [this, dialog = offsetsDialog_.data()] {
                std::map<int, TimeNs> manual;
                if (!dialog->manualOffsetsNs(&manual) || !runner_->document()) return;
                Error error;
                if (!runner_->document()->session()->setRankClockOffsets(manual, &error)) {
                    slow_->setText(AnalysisRunner::failureText(tr("Could not store the clock offsets: %1"), error));
                    return;
                }
                emit clockOffsetsChanged();
                recompute();
            });
            offsetsDialog_->open();
        });
}

void ClusterView::setQuery(ClusterQuery query) {
    query_ = std::move(query);
    recompute();
}

void ClusterView::setSummary(ClusterSummary summary) {
    model_->resetData(std::move(summary));
    slow_->setText(slowRanksText(model_->summary()));
    showFigure();
}

bool ClusterView::waitForLoaded(int timeoutMs) { return runner_->waitForLoaded(timeoutMs); }

void ClusterView::showFigure() {
    const ClusterSummary& s = model_->summary();
    if (s.figures.empty()) {
        plot_->setEmptyText(tr("No per-rank figures in this store"));
        return;
    }
    std::vector<int> ranks = s.ranks();
    std::vector<std::string> steps;
    for (const RankStepFigures& f : s.figures)
        if (std::find(steps.begin(), steps.end(), f.step) == steps.end()) steps.push_back(f.step);
    std::map<int, int> rowOf;
    QStringList rowLabels, columnLabels;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        rowOf[ranks[i]] = static_cast<int>(i);
        rowLabels << tr("rank %1").arg(ranks[i]);
    }
    for (const std::string& step : steps) columnLabels << (step.empty() ? tr("whole trace") : QString::fromStdString(step));
    std::vector<std::vector<std::optional<double>>> values(ranks.size(), std::vector<std::optional<double>>(steps.size()));
    const int column = figure_->currentData().toInt();
    for (const RankStepFigures& f : s.figures) {
        const auto c = static_cast<std::size_t>(std::find(steps.begin(), steps.end(), f.step) - steps.begin());
        TimeNs ns = column == ClusterStepsModel::CommColumn      ? f.communicationNotOverlappedNs
                    : column == ClusterStepsModel::ComputeColumn ? f.computeNs
                    : column == ClusterStepsModel::StageColumn   ? f.stageNs
                                                                 : f.freeNs;
        values[static_cast<std::size_t>(rowOf[f.rank])][c] = static_cast<double>(ns) / 1e6;
    }
    plot_->setGrid(rowLabels, columnLabels, values, tr("Rank"), tr("Step"),
                   tr("%1 (ms)").arg(figure_->currentText()));
}

void ClusterView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    setSummary({});
    recompute();
}

} // namespace opscope
