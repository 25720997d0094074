#include "counter_curves_panel.h"

#include "widgets/common/theme.h"
#include "widgets/common/time_format.h"

#include <qcustomplot.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

#include <cmath>
#include <limits>

namespace opscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

void styleRect(QCPAxisRect* rect, const QString& label) {
    rect->axis(QCPAxis::atBottom)->setLabel(QString());
    rect->axis(QCPAxis::atLeft)->setLabel(label);
    QFont f = rect->axis(QCPAxis::atLeft)->labelFont();
    f.setPointSizeF(8.5);
    for (QCPAxis* axis : rect->axes()) {
        axis->setLabelFont(f);
        axis->setTickLabelFont(f);
        axis->grid()->setPen(QPen(QColor(0, 0, 0, 25), 0, Qt::DotLine));
    }
    rect->setMinimumSize(100, 70);
}

QPen seriesPen(int index) { return QPen(paletteColour(index), 1.6); }

} // namespace

CounterCurvesPanel::CounterCurvesPanel(QWidget* parent)
    : QWidget(parent), plot_(new QCustomPlot(this)), title_(new QLabel(this)), position_(new QLabel(this)),
      prev_(new QToolButton(this)), next_(new QToolButton(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    auto* header = new QHBoxLayout;
    title_->setTextFormat(Qt::PlainText);
    QFont bold = title_->font();
    bold.setBold(true);
    title_->setFont(bold);
    prev_->setArrowType(Qt::LeftArrow);
    next_->setArrowType(Qt::RightArrow);
    prev_->setToolTip(tr("Previous execution"));
    next_->setToolTip(tr("Next execution"));
    position_->setMinimumWidth(position_->fontMetrics().horizontalAdvance(QStringLiteral("execution 00000 of 00000 · 000 ms")));
    position_->setAlignment(Qt::AlignCenter);
    header->addWidget(title_, 1);
    header->addWidget(prev_);
    header->addWidget(position_);
    header->addWidget(next_);
    layout->addLayout(header);
    layout->addWidget(plot_, 1);
    plot_->setMinimumHeight(160);
    connect(prev_, &QToolButton::clicked, this, [this] { step(-1); });
    connect(next_, &QToolButton::clicked, this, [this] { step(+1); });
    connect(plot_, &QCustomPlot::plottableClick, this, [this](QCPAbstractPlottable*, int dataIndex, QMouseEvent*) {
        if (dataIndex >= 0 && dataIndex < executionCount()) {
            setCurrentExecution(dataIndex);
            emit executionChosen(dataIndex);
        }
    });
    clear(tr("Click a graph node to plot its executions."));
}

void CounterCurvesPanel::clear(const QString& message) {
    data_ = NodeExecutionData{};
    current_ = -1;
    title_->setText(message);
    rebuild();
}

void CounterCurvesPanel::setData(const QString& title, NodeExecutionData data) {
    data_ = std::move(data);
    current_ = data_.executions.empty() ? -1 : 0;
    title_->setText(title);
    rebuild();
}

int CounterCurvesPanel::durationPointCount() const {
    return plot_->graphCount() > 0 ? plot_->graph(0)->data()->size() : 0;
}
int CounterCurvesPanel::metricGraphCount() const { return metricGraphs_; }
int CounterCurvesPanel::counterGraphCount() const { return counterGraphs_; }

void CounterCurvesPanel::rebuild() {
    plot_->clearGraphs();
    plot_->clearItems();
    plot_->plotLayout()->clear();
    metricGraphs_ = counterGraphs_ = 0;
    plot_->setAutoAddPlottableToLegend(false);
    auto* durations = new QCPAxisRect(plot_);
    plot_->plotLayout()->addElement(0, 0, durations);
    addDurationPlot(durations);
    int row = 1;
    auto* metrics = new QCPAxisRect(plot_);
    plot_->plotLayout()->addElement(row, 0, metrics);
    if (addMetricPlot(metrics)) ++row;
    else plot_->plotLayout()->remove(metrics);
    auto* counters = new QCPAxisRect(plot_);
    plot_->plotLayout()->addElement(row, 0, counters);
    if (!addCounterPlot(counters)) plot_->plotLayout()->remove(counters);
    plot_->plotLayout()->simplify();
    // One x range, integer ticks and shared margins: execution numbers line up across the plots.
    const double n = static_cast<double>(std::max<std::size_t>(1, data_.executions.size()));
    if (!margins_) margins_ = new QCPMarginGroup(plot_);
    QCPMarginGroup* margins = margins_;
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    for (QCPAxisRect* r : plot_->axisRects()) {
        r->axis(QCPAxis::atBottom)->setRange(0.4, n + 0.6);
        r->axis(QCPAxis::atBottom)->setTicker(ticker);
        r->setMarginGroup(QCP::msLeft | QCP::msRight, margins);
        for (QCPAxis* axis : {r->axis(QCPAxis::atLeft), r->axis(QCPAxis::atRight)}) {
            const QCPRange range = axis->range();
            const double pad = std::max(range.size() * 0.08, std::abs(range.upper) * 0.02 + 1e-12);
            axis->setRange(range.lower - (range.lower == 0 ? 0 : pad), range.upper + pad);
        }
    }
    updateMarkers();
    updateStepper();
    plot_->replot();
}

void CounterCurvesPanel::addDurationPlot(QCPAxisRect* rect) {
    styleRect(rect, tr("duration (µs)"));
    QCPGraph* g = plot_->addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    g->setPen(QPen(QColor(0x25, 0x63, 0xeb), 1.4));
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QColor(0x25, 0x63, 0xeb), QColor(0xdb, 0xea, 0xfe), 6));
    g->setName(tr("duration"));
    QVector<double> x, y;
    for (std::size_t i = 0; i < data_.executions.size(); ++i) {
        x.push_back(static_cast<double>(i + 1));
        y.push_back(static_cast<double>(data_.executions[i].durNs) / 1e3);
    }
    g->setData(x, y, true);
    g->rescaleValueAxis(false, true);
    QCPRange r = rect->axis(QCPAxis::atLeft)->range();
    rect->axis(QCPAxis::atLeft)->setRange(std::min(0.0, r.lower), r.upper * 1.1 + 1e-9);
}

bool CounterCurvesPanel::addMetricPlot(QCPAxisRect* rect) {
    styleRect(rect, tr("ratio"));
    QCPAxis* right = rect->axis(QCPAxis::atRight);
    bool anyRight = false;
    int colour = 1;
    for (const ExecutionMetricSeries& s : data_.metrics) {
        if (!s.isRatio && !s.isBandwidth) continue;
        QCPAxis* valueAxis = s.isRatio ? rect->axis(QCPAxis::atLeft) : right;
        anyRight |= !s.isRatio;
        QCPGraph* g = plot_->addGraph(rect->axis(QCPAxis::atBottom), valueAxis);
        g->setPen(seriesPen(colour));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, paletteColour(colour), 5));
        g->setName(QString::fromStdString(s.name));
        ++colour;
        QVector<double> x, y;
        for (std::size_t i = 0; i < s.values.size(); ++i) x.push_back(static_cast<double>(i + 1)), y.push_back(s.values[i]);
        g->setData(x, y, true);
        g->rescaleValueAxis(false, true);
        ++metricGraphs_;
    }
    if (metricGraphs_ == 0) return false;
    right->setVisible(anyRight);
    right->setLabel(tr("bandwidth"));
    auto* legend = new QCPLegend;
    rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    legend->setLayer(QStringLiteral("legend"));
    legend->setFont(rect->axis(QCPAxis::atLeft)->tickLabelFont());
    legend->setBrush(QColor(255, 255, 255, 200));
    for (int i = 1; i < plot_->graphCount(); ++i) plot_->graph(i)->addToLegend(legend);
    return true;
}

// Each execution window [ts, ts + dur) is drawn across x in [k + 0.55, k + 1.45] for execution k + 1.
bool CounterCurvesPanel::addCounterPlot(QCPAxisRect* rect) {
    if (data_.counters.empty()) return false;
    styleRect(rect, QString::fromStdString(data_.counters[0].unit.empty() ? data_.counters[0].name : data_.counters[0].unit));
    QCPAxis* right = rect->axis(QCPAxis::atRight);
    int colour = 8;
    for (const CounterWindowSeries& s : data_.counters) {
        const bool onLeft = s.unit == data_.counters[0].unit;
        QCPGraph* g = plot_->addGraph(rect->axis(QCPAxis::atBottom), onLeft ? rect->axis(QCPAxis::atLeft) : right);
        if (!onLeft) right->setVisible(true), right->setLabel(QString::fromStdString(s.unit));
        g->setPen(seriesPen(colour++));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setName(QString::fromStdString(s.name));
        QVector<double> x, y;
        for (std::size_t w = 0; w < s.windowBegin.size(); ++w) {
            const NodeExecution& e = data_.executions[w];
            const std::size_t end = w + 1 < s.windowBegin.size() ? s.windowBegin[w + 1] : s.tsNs.size();
            const double base = static_cast<double>(w) + 0.55, span = 0.9;
            for (std::size_t k = s.windowBegin[w]; k < end; ++k) {
                x.push_back(base + span * static_cast<double>(s.tsNs[k] - e.tsNs) / static_cast<double>(std::max<TimeNs>(1, e.durNs)));
                y.push_back(s.values[k]);
            }
            if (end > s.windowBegin[w]) {
                x.push_back(base + span), y.push_back(s.values[end - 1]); // hold to the window's end
                x.push_back(base + span + 0.01), y.push_back(kNaN);      // then a gap
            }
        }
        g->setData(x, y, true);
        g->rescaleValueAxis(false, true);
        ++counterGraphs_;
    }
    auto* legend = new QCPLegend;
    rect->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    legend->setFont(rect->axis(QCPAxis::atLeft)->tickLabelFont());
    legend->setBrush(QColor(255, 255, 255, 200));
    for (int i = plot_->graphCount() - counterGraphs_; i < plot_->graphCount(); ++i) plot_->graph(i)->addToLegend(legend);
    rect->axis(QCPAxis::atBottom)->setLabel(data_.counterWindows < data_.executions.size()
                                                ? tr("execution (device counters during the first %1)").arg(data_.counterWindows)
                                                : tr("execution (device counters during each)"));
    return true;
}

void CounterCurvesPanel::updateMarkers() {
    plot_->clearItems();
    if (current_ < 0) return;
    for (QCPAxisRect* r : plot_->axisRects()) {
        auto* line = new QCPItemStraightLine(plot_);
        line->setClipAxisRect(r);
        line->point1->setAxes(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
        line->point2->setAxes(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
        line->point1->setCoords(current_ + 1, 0);
        line->point2->setCoords(current_ + 1, 1);
        line->setPen(QPen(QColor(0xdc, 0x26, 0x26, 160), 1, Qt::DashLine));
    }
}

void CounterCurvesPanel::updateStepper() {
    const int n = executionCount();
    prev_->setEnabled(n > 0 && current_ > 0);
    next_->setEnabled(n > 0 && current_ + 1 < n);
    if (current_ < 0 || n == 0) {
        position_->setText(n == 0 ? QString() : n == 1 ? tr("1 execution") : tr("%1 executions").arg(n));
        return;
    }
    const NodeExecution& e = data_.executions[static_cast<std::size_t>(current_)];
    position_->setText(tr("execution %1 of %2 · %3").arg(current_ + 1).arg(n).arg(formatDuration(e.durNs)));
}

void CounterCurvesPanel::setCurrentExecution(int index) {
    current_ = index >= 0 && index < executionCount() ? index : -1;
    updateMarkers();
    updateStepper();
    plot_->replot();
}

void CounterCurvesPanel::step(int delta) {
    const int next = std::clamp(current_ + delta, 0, executionCount() - 1);
    if (next == current_ || executionCount() == 0) return;
    setCurrentExecution(next);
    emit executionChosen(next);
}

} // namespace opscope
