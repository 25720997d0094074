#include "widgets/bubbles/bubble_scatter.h"

#include "widgets/common/theme.h"
#include "widgets/common/time_format.h"
#include "widgets/bubbles/bubble_table_model.h"

#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope {

namespace {
constexpr double kHitRadiusPx = 6;
constexpr int kMaxLegendEntries = 8;
} // namespace

BubbleScatter::BubbleScatter(QWidget* parent) : QCustomPlot(parent), empty_(new QCPItemText(this)) {
    setMouseTracking(true);
    xAxis->setTicker(QSharedPointer<DurationAxisTicker>::create());
    xAxis->setLabel(tr("Bubble start (from trace start)"));
    yAxis->setScaleType(QCPAxis::stLogarithmic);
    yAxis->setTicker(QSharedPointer<LogDurationAxisTicker>::create());
    yAxis->setLabel(tr("Bubble duration (log scale)"));
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    empty_->setPositionAlignment(Qt::AlignCenter);
    empty_->position->setType(QCPItemPosition::ptAxisRectRatio);
    empty_->position->setCoords(0.5, 0.5);
    empty_->setText(tr("No bubbles"));
    applyPalette();
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        if (std::optional<BubblePointRef> ref = pointAt(e->position()))
            QToolTip::showText(e->globalPosition().toPoint(), pointText(*ref), this);
        else QToolTip::hideText();
    });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton) return;
        if (std::optional<BubblePointRef> ref = pointAt(e->position())) emit bubbleClicked(ref->series, ref->index);
    });
}

void BubbleScatter::applyPalette() {
    stylePlot(this, palette());
    empty_->setColor(palette().color(QPalette::PlaceholderText));
    yAxis->grid()->setSubGridVisible(false);
}

void BubbleScatter::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

void BubbleScatter::showComputing() {
    clearGraphs();
    graphs_.clear();
    series_.clear();
    legend->setVisible(false);
    empty_->setText(tr("Computing…"));
    empty_->setVisible(true);
    replot(rpQueuedReplot);
}

QString BubbleScatter::placeholderText() const { return empty_->visible() ? empty_->text() : QString(); }

void BubbleScatter::setSeries(std::vector<BubbleSeries> series, TimeNs originNs) {
    clearGraphs();
    graphs_.clear();
    series_ = std::move(series);
    originNs_ = originNs;
    double xLo = std::numeric_limits<double>::max(), xHi = std::numeric_limits<double>::lowest();
    double yLo = std::numeric_limits<double>::max(), yHi = 0;
    for (std::size_t s = 0; s < series_.size(); ++s) {
        QCPGraph* g = addGraph();
        g->setName(series_[s].label);
        g->setLineStyle(QCPGraph::lsNone);
        const QColor c = paletteColour(static_cast<int>(s));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c.darker(115), c, 6));
        g->setAdaptiveSampling(false); // every bubble stays clickable
        QVector<double> keys, values;
        keys.reserve(static_cast<qsizetype>(series_[s].bubbles.size()));
        values.reserve(keys.capacity());
        for (const Bubble& b : series_[s].bubbles) {
            keys << static_cast<double>(b.startNs - originNs_);
            values << static_cast<double>(std::max<TimeNs>(1, b.durNs));
            xLo = std::min(xLo, keys.back());
            xHi = std::max(xHi, keys.back() + values.back());
            yLo = std::min(yLo, values.back());
            yHi = std::max(yHi, values.back());
        }
        g->setData(keys, values, true);
        if (s >= static_cast<std::size_t>(kMaxLegendEntries)) g->removeFromLegend();
        graphs_.push_back(g);
    }
    const bool any = yHi > 0;
    empty_->setText(tr("No bubbles"));
    empty_->setVisible(!any);
    legend->setVisible(any);
    if (any) {
        const double pad = std::max(1.0, (xHi - xLo) * 0.03);
        xAxis->setRange(xLo - pad, xHi + pad);
        yAxis->setRange(yLo / 2, yHi * 2);
    }
    replot();
}

std::optional<BubblePointRef> BubbleScatter::pointAt(QPointF pos) const {
    if (!axisRect()->rect().contains(pos.toPoint())) return std::nullopt;
    std::optional<BubblePointRef> best;
    double bestDist = kHitRadiusPx * kHitRadiusPx;
    for (std::size_t s = 0; s < series_.size(); ++s) {
        // Points are sorted by start: only those within the hit radius in x need a look.
        const double keyLo = xAxis->pixelToCoord(pos.x() - kHitRadiusPx);
        const double keyHi = xAxis->pixelToCoord(pos.x() + kHitRadiusPx);
        const std::vector<Bubble>& bubbles = series_[s].bubbles;
        auto it = std::lower_bound(bubbles.begin(), bubbles.end(), keyLo, [this](const Bubble& b, double k) {
            return static_cast<double>(b.startNs - originNs_) < k;
        });
        for (; it != bubbles.end() && static_cast<double>(it->startNs - originNs_) <= keyHi; ++it) {
            const QPointF p = pointCentre({static_cast<int>(s), static_cast<int>(it - bubbles.begin())});
            const double dx = p.x() - pos.x(), dy = p.y() - pos.y();
            if (dx * dx + dy * dy <= bestDist) {
                bestDist = dx * dx + dy * dy;
                best = BubblePointRef{static_cast<int>(s), static_cast<int>(it - bubbles.begin())};
            }
        }
    }
    return best;
}

QPointF BubbleScatter::pointCentre(BubblePointRef ref) const {
    const Bubble& b = series_[static_cast<std::size_t>(ref.series)].bubbles[static_cast<std::size_t>(ref.index)];
    return {xAxis->coordToPixel(static_cast<double>(b.startNs - originNs_)),
            yAxis->coordToPixel(static_cast<double>(std::max<TimeNs>(1, b.durNs)))};
}

QString BubbleScatter::pointText(BubblePointRef ref) const {
    const BubbleSeries& s = series_[static_cast<std::size_t>(ref.series)];
    const Bubble& b = s.bubbles[static_cast<std::size_t>(ref.index)];
    return tr("<b>%1</b> bubble<br>at %2 on %3<br>Likely cause: %4<br><i>Click to show it on the timeline</i>")
        .arg(formatDuration(b.durNs), formatTimeOffset(b.startNs - originNs_, 1000), s.label.toHtmlEscaped(),
             bubbleCauseLabel(b.cause));
}

} // namespace opscope
