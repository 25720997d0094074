#include "widgets/summary/summary_view.h"

#include "widgets/common/analysis_runner.h"
#include "widgets/common/bar_chart_plot.h"

#include "core/session/trace_session.h"
#include "widgets/common/trace_document.h"

#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/operators/operator_stats.h"
#include "widgets/common/error_text.h"
#include "widgets/common/plot_style.h"
#include "widgets/common/time_format.h"
#include "widgets/common/ui_language.h"
#include "widgets/common/zoom_control.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>

namespace opscope {

namespace {

// Runs on the pool under the job's cancel flag: the session's statements stop when it rises.
SummaryView::Content computeContent(TraceSession& session) {
    SummaryView::Content c;
    Error error;
    if (!session.breakdown(BreakdownOptions{}, &c.breakdown, &error)) {
        c.error = errorText(error);
        return c;
    }
    OperatorStatsOptions stats;
    stats.topN = 5;
    stats.includeMetrics = false;
    OperatorStats operators;
    if (session.operatorStats(stats, &operators, &error))
        for (const OperatorStatsRow& r : operators.rows)
            if (r.deviceClass == DeviceClass::Compute) c.topOperators.push_back({r.key, r.busyShare});
    DiagnosisReport diagnosis;
    if (session.diagnosis(DiagnosisOptions{}, &diagnosis, &error))
        for (const Finding& f : diagnosis.findings)
            if (f.status == FindingStatus::Fired && c.headlines.size() < 5) {
                c.headlines.push_back(f.title.en + ": " + f.detail);
                c.headlinesZh.push_back((f.title.zhCN.empty() ? f.title.en : f.title.zhCN) + ": " + f.detail);
            }
    return c;
}


} // namespace

SummaryView::SummaryView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom), runner_(new AnalysisRunner(0, [this] { recompute(); }, this)), header_(new QLabel(this)), plot_(new BarChartPlot(this)),
      operators_(new QLabel(this)), findings_(new QLabel(this)) {
    auto* layout = new QVBoxLayout(this);
    header_->setWordWrap(true);
    layout->addWidget(header_);
    layout->addWidget(plot_, 1);
    auto* lists = new QHBoxLayout;
    operators_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    findings_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    findings_->setWordWrap(true);
    operators_->setWordWrap(true);
    lists->addWidget(operators_, 1);
    lists->addWidget(findings_, 2);
    layout->addLayout(lists);
    // The deliberate differences from HTA (docs/device-time.md), where HTA-named figures are shown.
    auto* htaNote = new QLabel(tr("Exact ns over the whole trace; where this differs from HTA's figures, hover here."), this);
    htaNote->setWordWrap(true);
    htaNote->setStyleSheet(QStringLiteral("color: palette(mid);"));
    htaNote->setToolTip(tr("Deliberate differences from Holistic Trace Analysis (HTA):\n"
                           "- opscope keeps the trace's exact ns; HTA rounds timestamps to µs (start up, end down).\n"
                           "- opscope keeps the whole trace; HTA drops the last ProfilerStep and the work it launched.\n"
                           "- opscope counts every classified slice of a device; HTA only events with an integer stream ≠ −1.\n"
                           "- opscope's device busy leaves waits out (a wait is a gap); HTA has no wait class and counts "
                           "Stream Wait Event / Stream Sync as busy, as opscope's HTA-named idle does."));
    layout->addWidget(htaNote);
    // Stacked from the bottom: compute, communication not overlapped, memory not overlapped, then free
    // (MindStudio Insight's order); memory is the copy time inside torch_npu's Free, so free is drawn less it.
    compute_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    communication_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    memory_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    free_ = new QCPBars(plot_->xAxis, plot_->yAxis);
    communication_->moveAbove(compute_);
    memory_->moveAbove(communication_);
    free_->moveAbove(memory_);
    compute_->setName(tr("Compute"));
    communication_->setName(tr("Communication not overlapped"));
    memory_->setName(tr("Memory not overlapped"));
    free_->setName(tr("Free"));
    const QColor colors[] = {QColor(0x2e, 0x7d, 0x32), QColor(0x15, 0x65, 0xc0), QColor(0xef, 0x6c, 0x00),
                             QColor(0xbd, 0xbd, 0xbd)};
    QCPBars* all[] = {compute_, communication_, memory_, free_};
    for (int i = 0; i < 4; ++i) {
        all[i]->setBrush(colors[i]);
        all[i]->setPen(Qt::NoPen);
        all[i]->setWidth(0.6);
    }
    plot_->legend->setVisible(true);
    // Nanoseconds on the axis, labelled in the one duration format: a 3 s step reads "3s", not 3000000 µs.
    plot_->yAxis->setTicker(QSharedPointer<DurationAxisTicker>::create());
    plot_->yAxis->setLabel(tr("Time"));
    connect(plot_, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable*, int dataIndex, QMouseEvent*) {
        barClicked(dataIndex);
    });
    plot_->setMouseTracking(true);
    connect(plot_, &QCustomPlot::mouseMove, this, &SummaryView::showBarTip);
}

QCustomPlot* SummaryView::plot() const { return plot_; }

void SummaryView::recompute() {
    header_->setText(tr("Computing the device-time summary…"));
    runner_->run<Content>([](TraceSession& session) { return computeContent(session); },
                          [this](Content c) { show(c); });
}

bool SummaryView::waitForLoaded(int timeoutMs) { return runner_->waitForLoaded(timeoutMs); }

void SummaryView::show(const Content& content) {
    bars_.clear();
    if (!content.error.isEmpty()) {
        header_->setText(tr("The summary could not be computed: %1").arg(content.error));
        return;
    }
    QStringList overlap;
    for (const DeviceBreakdown& d : content.breakdown.devices) {
        overlap << tr("%1: device busy (compute, communication, memory) %2 % of %3, comm–compute overlap %4 %")
                       .arg(QString::fromStdString(d.name))
                       .arg(d.spanNs > 0 ? 100.0 * static_cast<double>(d.busyNs) / static_cast<double>(d.spanNs) : 0.0, 0, 'f', 1)
                       .arg(formatDuration(d.spanNs))
                       .arg(d.commComputeOverlapPct, 0, 'f', 1);
        if (d.steps.empty()) {
            // Without steps: memory not overlapped = busy − (compute ∪ communication), free = HTA's idle.
            const TimeNs memoryNs = d.busyNs - d.computeNs - d.communicationNotOverlappedNs;
            bars_.push_back({{QString::fromStdString(d.name)}, QString::fromStdString(d.name), {d.firstStartNs, d.lastEndNs},
                             d.computeNs, d.communicationNotOverlappedNs, d.idleNs + memoryNs, memoryNs});
            continue;
        }
        // One device: the header names it, so a bar is named by its step alone.
        const bool severalDevices = content.breakdown.devices.size() > 1;
        for (const StepBreakdown& s : d.steps) {
            QStringList lines{tr("step %1").arg(s.step)};
            if (severalDevices) lines << QString::fromStdString(d.name);
            bars_.push_back({lines, QString::fromStdString(d.name), {s.rangeStartNs, s.rangeEndNs}, s.computeNs,
                             s.communicationNotOverlappedNs, s.freeNs, s.memoryNs});
        }
    }
    header_->setText(content.breakdown.devices.empty() ? tr("No device activity: the trace holds no device work.")
                                                       : overlap.join(QStringLiteral("\n")));
    QVector<double> keys, computeNs, commNs, memoryNs, freeNs;
    std::vector<QStringList> labels;
    double top = 0;
    for (std::size_t i = 0; i < bars_.size(); ++i) {
        const Bar& b = bars_[i];
        keys << static_cast<double>(i);
        computeNs << static_cast<double>(b.computeNs);
        commNs << static_cast<double>(b.communicationNotOverlappedNs);
        memoryNs << static_cast<double>(b.memoryNs);
        freeNs << static_cast<double>(b.freeNs - b.memoryNs);
        top = std::max(top, computeNs.back() + commNs.back() + memoryNs.back() + freeNs.back());
        labels.push_back(b.labelLines);
    }
    compute_->setData(keys, computeNs, true);
    communication_->setData(keys, commNs, true);
    memory_->setData(keys, memoryNs, true);
    free_->setData(keys, freeNs, true);
    plot_->setBarLabels(std::move(labels));
    plot_->xAxis->setRange(-0.6, std::max<double>(0.6, static_cast<double>(bars_.size()) - 0.4));
    plot_->setValueTop(top, 1.1); // and room for the legend above the tallest bar
    plot_->replot();

    const bool zh = uiLanguageIsChinese();
    QString ops = QStringLiteral("<b>") + tr("Top operators by compute share") + QStringLiteral("</b><br>");
    for (const auto& [name, share] : content.topOperators)
        // Kernel names run to hundreds of characters: elided, so the view keeps its width.
        ops += QString::fromStdString(name.size() > 80 ? name.substr(0, 77) + "..." : name).toHtmlEscaped() + QStringLiteral(": ") + QString::number(share * 100.0, 'f', 2) +
               QStringLiteral(" %<br>");
    operators_->setText(ops);
    QString heads = QStringLiteral("<b>") + tr("Diagnosis") + QStringLiteral("</b><br>");
    const auto& lines = zh ? content.headlinesZh : content.headlines;
    if (lines.empty()) heads += tr("No rule fired.");
    for (const std::string& h : lines) heads += QString::fromStdString(h).toHtmlEscaped() + QStringLiteral("<br>");
    findings_->setText(heads);
}

void SummaryView::barClicked(int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= bars_.size()) return;
    const TimeRange r = bars_[static_cast<std::size_t>(index)].range;
    if (zoom_) zoom_->setSelection(r);
    emit stepSelected(r.startNs, r.endNs);
}

QString SummaryView::barText(int index) const {
    const Bar& b = bars_[static_cast<std::size_t>(index)];
    QString title = b.device.toHtmlEscaped();
    if (b.labelLines.size() > 0 && b.labelLines.first() != b.device) title += QStringLiteral(" · ") + b.labelLines.first().toHtmlEscaped();
    return tr("<b>%1</b><br>Compute %2<br>Communication not overlapped %3<br>Memory not overlapped %4<br>Free %5<br>"
              "<i>Click to select it on the timeline</i>")
        .arg(title, formatDuration(b.computeNs), formatDuration(b.communicationNotOverlappedNs), formatDuration(b.memoryNs),
             formatDuration(b.freeNs - b.memoryNs));
}

void SummaryView::showBarTip(QMouseEvent* event) {
    int dataIndex = -1;
    QCPAbstractPlottable* under = plot_->plottableAt(event->position(), false, &dataIndex);
    if (under && dataIndex >= 0 && static_cast<std::size_t>(dataIndex) < bars_.size())
        QToolTip::showText(event->globalPosition().toPoint(), barText(dataIndex), plot_);
    else
        QToolTip::hideText();
}

void SummaryView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    runner_->schedule();
}

} // namespace opscope
