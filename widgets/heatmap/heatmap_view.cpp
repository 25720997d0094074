#include "widgets/heatmap/heatmap_view.h"

#include "widgets/common/analysis_runner.h"
#include "widgets/common/job_indicator.h"
#include "widgets/common/slice_highlight.h"
#include "widgets/common/time_format.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QDeadlineTimer>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace opscope {

struct HeatmapView::Result {
    HeatmapResult heatmap;
    OperatorExecutions index;
    std::vector<HeatmapMetricChoice> metrics;
    bool metricsLoaded = false;
    Error error;
};

namespace {

using Result = HeatmapView::Result;

// Runs on the pool: metric discovery, row rules and the bins are the session's (the CLI gets the same rows).
Result computeJob(TraceSession& session, const HeatmapOptions& options, bool wantMetrics) {
    Result r;
    if (wantMetrics) {
        if (!session.heatmapMetrics(options.tracks, &r.metrics, &r.error)) return r;
        r.metricsLoaded = true;
    }
    std::shared_ptr<const StoreSnapshot> snapshot = session.snapshot(options.tracks, &r.error);
    std::shared_ptr<const OperatorGrouping> groups =
        snapshot ? session.operators(options.tracks, options.grouping, &r.error) : nullptr;
    if (!groups || !session.heatmap(options, &r.heatmap, &r.error)) return r;
    r.index = OperatorExecutions(std::move(snapshot), *groups);
    return r;
}

} // namespace

HeatmapView::HeatmapView(ZoomControl* zoom, QWidget* parent)
    : QWidget(parent), zoom_(zoom),
      // a wheel zoom sends bursts of range changes: compute once it settles
      runner_(new AnalysisRunner(60, [this] { recompute(); }, this)), plot_(new HeatmapPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(buildToolbar());
    layout->addWidget(plot_, 1);
    plot_->setEmptyText(tr("No trace loaded."));
    connect(zoom_, &ZoomControl::visibleRangeChanged, this, [this] {
        if (followsView()) scheduleRecompute();
    });
    connect(plot_, &HeatmapPlot::cellHovered, this, [this](int row, int bucket, QPoint globalPos) {
        QToolTip::showText(globalPos, cellText(row, bucket), plot_);
    });
    connect(plot_, &HeatmapPlot::hoverLeft, this, [] { QToolTip::hideText(); });
    connect(plot_, &HeatmapPlot::cellClicked, this, &HeatmapView::activateCell);
    connect(plot_, &HeatmapPlot::cellDoubleClicked, this, &HeatmapView::zoomToCell);
    connect(plot_, &HeatmapPlot::resized, this, &HeatmapView::plotResized);
}

HeatmapView::~HeatmapView() = default;

QWidget* HeatmapView::buildToolbar() {
    auto* bar = new QWidget(this);
    groupBy_ = new QComboBox(bar);
    groupBy_->addItem(tr("Operators"), static_cast<int>(GroupBy::Name));
    groupBy_->addItem(tr("Operator types"), static_cast<int>(GroupBy::Type));
    topN_ = new QSpinBox(bar);
    topN_->setRange(1, 500);
    topN_->setValue(20);
    topN_->setPrefix(tr("Top "));
    topN_->setToolTip(tr("Rows shown: the operators with the most execution time in the binned range"));
    other_ = new QCheckBox(tr("Other row"), bar);
    other_->setToolTip(tr("Add a row that sums the operators left out"));
    value_ = new QComboBox(bar);
    value_->setMinimumContentsLength(18);
    value_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    fillValueBox();
    gradient_ = new QComboBox(bar);
    gradient_->addItem(tr("Viridis"), static_cast<int>(HeatGradient::Viridis));
    gradient_->addItem(tr("Cividis"), static_cast<int>(HeatGradient::Cividis));
    gradient_->addItem(tr("Magma"), static_cast<int>(HeatGradient::Magma));
    gradient_->setToolTip(tr("Colour map (all are perceptually uniform and colour-blind safe)"));
    logScale_ = new QCheckBox(tr("Log colours"), bar);
    logScale_->setToolTip(tr("Logarithmic colour scale, for values that span several orders of magnitude"));
    followView_ = new QCheckBox(tr("Follow view"), bar);
    followView_->setToolTip(tr("Bin the timeline's visible range and recompute as it zooms; "
                               "otherwise the whole trace stays binned"));
    info_ = new QLabel(bar);
    info_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // long texts must not widen the dock
    auto* indicator = runner_->makeIndicator(bar);

    auto* row = new QHBoxLayout(bar);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Rows:"), bar));
    row->addWidget(groupBy_);
    row->addWidget(topN_);
    row->addWidget(other_);
    row->addSpacing(8);
    row->addWidget(new QLabel(tr("Value:"), bar));
    row->addWidget(value_);
    row->addWidget(gradient_);
    row->addWidget(logScale_);
    row->addWidget(followView_);
    row->addSpacing(8);
    row->addWidget(info_, 1);
    row->addWidget(indicator);

    connect(groupBy_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(topN_, &QSpinBox::valueChanged, this, &HeatmapView::scheduleRecompute);
    connect(other_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(value_, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(gradient_, &QComboBox::currentIndexChanged, this,
            [this] { plot_->setGradient(static_cast<HeatGradient>(gradient_->currentData().toInt())); });
    connect(logScale_, &QCheckBox::toggled, plot_, &HeatmapPlot::setLogScale);
    connect(followView_, &QCheckBox::toggled, this, [this] { recompute(); });
    connect(indicator, &JobIndicator::cancelled, this, [this] { info_->setText(tr("Cancelled.")); });
    return bar;
}

void HeatmapView::fillValueBox() {
    const QString current = value_->currentData().toString();
    QSignalBlocker block(value_);
    value_->clear();
    value_->addItem(tr("Execution time"), QStringLiteral("busy"));
    value_->setItemData(0, definitionText(), Qt::ToolTipRole);
    value_->addItem(tr("Executions"), QStringLiteral("count"));
    value_->setItemData(1, tr("Executions starting in each bucket"), Qt::ToolTipRole);
    value_->addItem(tr("Mean duration"), QStringLiteral("mean"));
    value_->setItemData(2, tr("Mean duration of the executions starting in each bucket"), Qt::ToolTipRole);
    if (!metrics_.empty()) value_->insertSeparator(value_->count());
    for (const HeatmapMetricChoice& m : metrics_) {
        const QString name = QString::fromStdString(m.name);
        value_->addItem(name, name);
        value_->setItemData(value_->count() - 1,
                            tr("Mean of %1 (%2), weighted by execution time in the bucket")
                                .arg(name, m.group.empty() ? tr("metric") : QString::fromStdString(m.group)),
                            Qt::ToolTipRole);
    }
    const int index = value_->findData(current);
    value_->setCurrentIndex(index >= 0 ? index : 0);
}

bool HeatmapView::setValue(const QString& value) {
    const int index = value_->findData(value == QLatin1String("time") ? QStringLiteral("busy") : value);
    if (index < 0) {
        if (metricsLoaded_) return false;
        pendingValue_ = value; // the metric list is still on its way
        return true;
    }
    value_->setCurrentIndex(index);
    return true;
}

void HeatmapView::setDocument(TraceDocument* document) {
    runner_->setDocument(document);
    timeline_ = document ? document->timeline() : nullptr;
    index_ = OperatorExecutions();
    metrics_.clear();
    metricsLoaded_ = false;
    fillValueBox();
    if (timeline_ && zoom_->traceRange().startNs != timeline_->traceRange().startNs)
        zoom_->setTraceRange(timeline_->traceRange()); // standalone (no timeline view reset it)
    recompute();
}

void HeatmapView::setGroupBy(GroupBy by) { groupBy_->setCurrentIndex(by == GroupBy::Type ? 1 : 0); }

void HeatmapView::setTopN(int rows) { topN_->setValue(rows); }

int HeatmapView::bucketCountForWidth(int widthPx) { return std::clamp(widthPx / 4, 100, 400); }

void HeatmapView::scheduleRecompute() {
    runner_->schedule();
}

// From the plot's width alone, not its axis rect: the rect depends on the labels of the result, and
// a bucket count that followed it could chase its own tail.
int HeatmapView::wantedBuckets() const {
    const int labelsPx = std::clamp(plot_->width() / 5, 120, 300) + 100; // row labels, colour scale
    return bucketCountForWidth(plot_->width() - labelsPx);
}

void HeatmapView::plotResized() {
    const int wanted = wantedBuckets();
    if (result_.bucketCount > 0 && std::abs(wanted - result_.bucketCount) * 10 > result_.bucketCount) scheduleRecompute();
}

void HeatmapView::recompute() {
    if (!runner_->hasDocument()) return;
    HeatmapOptions options;
    options.grouping.by = static_cast<GroupBy>(groupBy_->currentData().toInt());
    const QString value = value_->currentData().toString();
    if (value == QLatin1String("busy")) options.value = HeatmapValue::BusyTime;
    else if (value == QLatin1String("count")) options.value = HeatmapValue::Count;
    else if (value == QLatin1String("mean")) options.value = HeatmapValue::MeanDuration;
    else {
        options.value = HeatmapValue::Metric;
        options.metricName = value.toStdString();
    }
    options.topN = topN_->value();
    options.includeOther = other_->isChecked();
    options.range = followsView() ? zoom_->visibleRange() : zoom_->traceRange();
    options.bucketCount = wantedBuckets();
    const bool wantMetrics = !metricsLoaded_;
    runner_->run<Result>(
        [options, wantMetrics](TraceSession& session) { return computeJob(session, options, wantMetrics); },
        [this](Result r) { take(std::move(r)); });
}

void HeatmapView::take(Result r) {
    if (r.error) {
        info_->setText(AnalysisRunner::failureText(tr("Could not compute the heatmap: %1"), r.error));
        emit computed();
        return;
    }
    index_ = std::move(r.index);
    if (r.metricsLoaded && !metricsLoaded_) {
        metricsLoaded_ = true;
        metrics_ = std::move(r.metrics);
        fillValueBox();
        if (!pendingValue_.isEmpty()) {
            const QString wanted = std::exchange(pendingValue_, QString());
            const int index = value_->findData(wanted);
            if (index > 0) {
                value_->setCurrentIndex(index); // recomputes with the metric
                return;
            }
        }
    }
    result_ = std::move(r.heatmap);
    const TimeNs origin = timeline_ ? timeline_->traceRange().startNs : zoom_->traceRange().startNs;
    plot_->setResult(result_, origin, valueLabel());
    plot_->setEmptyText(result_.rows.empty() ? tr("No executions in the visible range") : QString());
    const TimeNs bucketNs = result_.bucketCount > 0 ? result_.range.durationNs() / result_.bucketCount : 0;
    QString text = tr("%n row(s) × %1 buckets of %2", nullptr, static_cast<int>(result_.rows.size()))
                       .arg(result_.bucketCount)
                       .arg(formatDuration(bucketNs));
    if (result_.fellBackToAll) text += tr(" (no compute track marked: all tracks)");
    info_->setText(text);
    info_->setToolTip(result_.value == HeatmapValue::BusyTime ? definitionText() : QString());
    plotResized(); // computed before the plot had its final width: again with the right bucket count
    emit computed();
}

QString HeatmapView::definitionText() {
    return tr("Execution time: each execution of the row's operator clipped to the bucket and summed, so the row's "
              "compute, communication or memory time by its class. Waits and markers are gaps, never rows. This is "
              "not device busy (compute ∪ communication ∪ memory united across operators, in the Summary and "
              "Bubbles views and opscope-cli breakdown / bubbles); opscope-cli heatmap --csv prints the same cells.");
}

QString HeatmapView::classTimeName(std::optional<DeviceClass> deviceClass) {
    if (!deviceClass) return tr("Execution time");
    switch (*deviceClass) {
    case DeviceClass::Compute: return tr("Compute time");
    case DeviceClass::Communication: return tr("Communication time");
    case DeviceClass::Memory: return tr("Memory time");
    case DeviceClass::Wait:
    case DeviceClass::Other: break;
    }
    return tr("Execution time");
}

QString HeatmapView::valueLabel() const {
    switch (result_.value) {
    case HeatmapValue::BusyTime: {
        // One class in every row names the cells by it; a mix keeps the general name, each cell says its own.
        std::optional<DeviceClass> common = result_.rows.empty() ? std::nullopt : result_.rows.front().deviceClass;
        for (const HeatmapRow& r : result_.rows)
            if (r.deviceClass != common) common.reset();
        return tr("%1 per bucket").arg(classTimeName(common));
    }
    case HeatmapValue::Count: return tr("Executions per bucket");
    case HeatmapValue::MeanDuration: return tr("Mean duration");
    case HeatmapValue::Metric: {
        const QString name = QString::fromStdString(result_.valueName);
        return result_.valueUnit.empty() ? name : tr("%1 (%2)").arg(name, QString::fromStdString(result_.valueUnit));
    }
    }
    return {};
}

QString HeatmapView::valueText(double v) const {
    if (std::isnan(v)) return tr("no data");
    switch (result_.value) {
    case HeatmapValue::BusyTime:
    case HeatmapValue::MeanDuration: return formatDuration(static_cast<TimeNs>(std::llround(v)));
    case HeatmapValue::Count: return QLocale().toString(static_cast<qlonglong>(std::llround(v)));
    case HeatmapValue::Metric: {
        const QString number = QLocale().toString(v, 'g', 5);
        return result_.valueUnit.empty() ? number : tr("%1 %2").arg(number, QString::fromStdString(result_.valueUnit));
    }
    }
    return {};
}

QString HeatmapView::cellText(int row, int bucket) const {
    if (row < 0 || bucket < 0 || static_cast<std::size_t>(row) >= result_.rows.size() || bucket >= result_.bucketCount)
        return {};
    const TimeNs origin = timeline_ ? timeline_->traceRange().startNs : zoom_->traceRange().startNs;
    const TimeNs a = result_.bucketEdgesNs[static_cast<std::size_t>(bucket)];
    const TimeNs b = result_.bucketEdgesNs[static_cast<std::size_t>(bucket) + 1];
    const TimeNs stepNs = std::max<TimeNs>(1, (b - a) / 10);
    const double v = result_.cell(static_cast<std::size_t>(row), static_cast<std::size_t>(bucket));
    QString value = valueText(v);
    const HeatmapRow& r = result_.rows[static_cast<std::size_t>(row)];
    QString measure = value_->currentText();
    if (result_.value == HeatmapValue::BusyTime) {
        measure = classTimeName(r.deviceClass);
        if (b > a && !std::isnan(v))
            value = tr("%1 (%2% of the bucket)").arg(value).arg(100.0 * v / static_cast<double>(b - a), 0, 'f', 1);
    }
    const QString name = QString::fromStdString(r.label).toHtmlEscaped();
    QString text = tr("<b>%1</b><br>%2 – %3 (%4)<br>%5: %6")
                       .arg(name, formatTimeOffset(a - origin, stepNs), formatTimeOffset(b - origin, stepNs), formatDuration(b - a),
                            measure.toHtmlEscaped(), value);
    if (result_.value == HeatmapValue::BusyTime)
        text += tr("<br><i>Summed over the operator's executions in the bucket (not device busy)</i>");
    return text;
}

void HeatmapView::activateCell(int row, int bucket) {
    if (row < 0 || bucket < 0 || static_cast<std::size_t>(row) >= result_.rows.size() || bucket >= result_.bucketCount)
        return;
    const TimeRange range{result_.bucketEdgesNs[static_cast<std::size_t>(bucket)],
                          result_.bucketEdgesNs[static_cast<std::size_t>(bucket) + 1]};
    const std::string& label = result_.rows[static_cast<std::size_t>(row)].label;
    std::vector<std::int64_t> ids;
    if (label == kOtherRowLabel) {
        std::vector<int> shown;
        for (const HeatmapRow& r : result_.rows) shown.push_back(index_.groupOf(r.label));
        ids = index_.executionsExcept(shown, range, OperatorExecutions::Match::Overlapping);
    } else {
        ids = index_.executions({index_.groupOf(label)}, range, OperatorExecutions::Match::Overlapping);
    }
    if (timeline_) {
        auto highlight = makeSliceHighlight(*timeline_, ids);
        const int current = highlight->matches.empty() ? -1 : 0;
        emit slicesHighlighted(std::move(highlight), current);
    }
}

void HeatmapView::zoomToCell(int row, int bucket) {
    if (row < 0 || bucket < 0 || static_cast<std::size_t>(row) >= result_.rows.size() || bucket >= result_.bucketCount)
        return;
    zoom_->setVisibleRange({result_.bucketEdgesNs[static_cast<std::size_t>(bucket)],
                            result_.bucketEdgesNs[static_cast<std::size_t>(bucket) + 1]},
                           ZoomControl::History::Push);
}

void HeatmapView::setFollowView(bool follow) { followView_->setChecked(follow); }

bool HeatmapView::followsView() const { return followView_->isChecked(); }

void HeatmapView::showOperatorOfSlice(qint64 sliceId) {
    const int group = index_.groupOfSlice(sliceId);
    int row = -1;
    for (std::size_t r = 0; group >= 0 && r < result_.rows.size(); ++r)
        if (result_.rows[r].label == index_.label(group)) row = static_cast<int>(r);
    plot_->setMarkedRow(row);
}

bool HeatmapView::waitForLoaded(int timeoutMs) {
    return runner_->waitForLoaded(timeoutMs);
}

} // namespace opscope
