#include "widgets/history/history_plot.h"

#include "widgets/common/plot_style.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope {

namespace {

constexpr double kNsPerSecond = 1e9;
constexpr int kPickRadiusPx = 8;
const double kGap = std::numeric_limits<double>::quiet_NaN();

} // namespace

HistoryPlot::HistoryPlot(QWidget* parent) : QCustomPlot(parent) {
    bandLow_ = addGraph();
    bandHigh_ = addGraph();
    bandHigh_->setChannelFillGraph(bandLow_);
    smoothed_ = addGraph();
    values_ = addGraph();
    beyond_ = addGraph();
    picks_ = addGraph();
    for (QCPGraph* g : {values_, beyond_, picks_}) g->setLineStyle(QCPGraph::lsNone);
    bandHigh_->setName(tr("noise band"));
    smoothed_->setName(tr("running median"));
    values_->setName(tr("run"));
    beyond_->setName(tr("beyond the band"));
    bandLow_->removeFromLegend();
    picks_->removeFromLegend();
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setDateTimeFormat(QStringLiteral("yyyy-MM-dd\nhh:mm"));
    ticker->setDateTimeSpec(Qt::UTC);
    xAxis->setTicker(ticker);
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    rebuild();
}

double HistoryPlot::xOf(std::size_t index) const {
    // Whole seconds first, then the remainder: an epoch in ns does not fit a double exactly.
    const std::int64_t ns = trend_.points[index].run.runTimeNs;
    return static_cast<double>(ns / 1'000'000'000) + static_cast<double>(ns % 1'000'000'000) / kNsPerSecond;
}

void HistoryPlot::setTrend(const history::Trend& trend) {
    trend_ = trend;
    picked_.clear();
    rebuild();
}

void HistoryPlot::rebuild() {
    stylePlot(this, palette());
    clearItems();
    const bool dark = isDarkPalette(palette());
    const QColor line = seriesColour(0);
    QColor band = line;
    band.setAlpha(dark ? 70 : 45);
    bandLow_->setPen(Qt::NoPen);
    bandHigh_->setPen(Qt::NoPen);
    bandHigh_->setBrush(band); // filled down to bandLow_ (its channel fill graph)
    bandLow_->setBrush(Qt::NoBrush);
    smoothed_->setPen(QPen(line, 1.5));
    values_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, palette().color(QPalette::WindowText), 6));
    beyond_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(214, 39, 40), 8));
    picks_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(255, 127, 14), 2), QBrush(), 14));

    QVector<double> x, low, high, smooth, value, bx, by, px, py;
    for (std::size_t i = 0; i < trend_.points.size(); ++i) {
        const history::TrendPoint& p = trend_.points[i];
        x << xOf(i);
        low << (p.band.judged ? p.band.low() : kGap);
        high << (p.band.judged ? p.band.high() : kGap);
        smooth << p.smoothed;
        value << p.value;
        if (p.beyond) {
            bx << xOf(i);
            by << p.value;
        }
    }
    for (std::size_t i : picked_) {
        px << xOf(i);
        py << trend_.points[i].value;
    }
    bandLow_->setData(x, low, true);
    bandHigh_->setData(x, high, true);
    smoothed_->setData(x, smooth, true);
    values_->setData(x, value, true);
    beyond_->setData(bx, by, true);
    picks_->setData(px, py, true);

    for (const history::TrendChange& c : trend_.changes) {
        auto* marker = new QCPItemStraightLine(this);
        const double at = xOf(c.change.firstIndex);
        marker->point1->setCoords(at, 0);
        marker->point2->setCoords(at, 1);
        marker->setPen(QPen(QColor(214, 39, 40), 1, Qt::DashLine));
        auto* label = new QCPItemText(this);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(at, 0.02);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setColor(QColor(214, 39, 40));
        label->setText(QStringLiteral(" %1 %2%3%")
                           .arg(c.change.kind == history::ChangeKind::Step ? tr("step") : tr("drift"))
                           .arg(c.change.relative() >= 0 ? QStringLiteral("+") : QString())
                           .arg(c.change.relative() * 100.0, 0, 'f', 1));
    }
    if (trend_.unit == "ns") yAxis->setTicker(QSharedPointer<DurationAxisTicker>::create());
    else yAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    const QString scope = QString::fromStdString(trend_.scope);
    yAxis->setLabel(QString::fromStdString(trend_.metric) + (scope.isEmpty() ? QString() : QStringLiteral(" · ") + scope));
    rescaleAxes();
    // Room around the points so that the first and last runs and the band are not on the frame.
    const QCPRange xr = xAxis->range();
    const double xPad = xr.size() > 0 ? xr.size() * 0.04 : 3600;
    xAxis->setRange(xr.lower - xPad, xr.upper + xPad);
    const QCPRange yr = yAxis->range();
    const double yPad = yr.size() > 0 ? yr.size() * 0.12 : std::max(1.0, std::fabs(yr.center()) * 0.1);
    yAxis->setRange(yr.lower - yPad, yr.upper + yPad);
    replot(QCustomPlot::rpQueuedReplot);
}

std::optional<std::size_t> HistoryPlot::pointAt(const QPoint& position) const {
    std::optional<std::size_t> best;
    double bestDistance = kPickRadiusPx * kPickRadiusPx + 1;
    for (std::size_t i = 0; i < trend_.points.size(); ++i) {
        const double dx = xAxis->coordToPixel(xOf(i)) - position.x();
        const double dy = yAxis->coordToPixel(trend_.points[i].value) - position.y();
        const double d = dx * dx + dy * dy;
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best;
}

void HistoryPlot::mousePressEvent(QMouseEvent* event) {
    const std::optional<std::size_t> hit = pointAt(event->pos());
    if (!hit) {
        QCustomPlot::mousePressEvent(event);
        return;
    }
    if (event->modifiers() & Qt::ControlModifier) {
        auto it = std::find(picked_.begin(), picked_.end(), *hit);
        if (it != picked_.end()) picked_.erase(it);
        else picked_.push_back(*hit);
        if (picked_.size() == 2) {
            const std::size_t a = picked_[0], b = picked_[1];
            picked_.clear();
            rebuild();
            emit pairChosen(static_cast<int>(a), static_cast<int>(b));
            return;
        }
        rebuild();
        return;
    }
    emit pointClicked(static_cast<int>(*hit));
}

void HistoryPlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange) rebuild();
}

} // namespace opscope
