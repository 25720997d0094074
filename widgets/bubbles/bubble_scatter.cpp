#include "widgets/bubbles/bubble_scatter.h"

#include "widgets/common/theme.h"
#include "widgets/common/time_format.h"
#include "widgets/bubbles/bubble_table_model.h"

#include <QToolTip>

#include <algorithm>
#include <climits>
#include <cmath>
#include <limits>

namespace opscope {

namespace {
constexpr double kHitRadiusPx = 6;
constexpr int kMaxLegendEntries = 8;
} // namespace

BubbleScatter::BubbleScatter(QWidget* parent)
    : QCustomPlot(parent), empty_(new QCPItemText(this)), densityNote_(new QCPItemText(this)) {
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
    densityNote_->setPositionAlignment(Qt::AlignTop | Qt::AlignLeft);
    densityNote_->position->setType(QCPItemPosition::ptAxisRectRatio);
    densityNote_->position->setCoords(0.01, 0.02);
    densityNote_->setVisible(false);
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
    densityNote_->setColor(palette().color(QPalette::PlaceholderText));
    yAxis->grid()->setSubGridVisible(false);
}

void BubbleScatter::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

void BubbleScatter::clearDensities() {
    for (QCPColorMap* map : densities_) removePlottable(map);
    densities_.clear();
    counts_.clear();
    densityNote_->setVisible(false);
}

void BubbleScatter::showComputing() {
    clearGraphs();
    graphs_.clear();
    clearDensities();
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
    clearDensities();
    series_ = std::move(series);
    originNs_ = originNs;
    double xLo = std::numeric_limits<double>::max(), xHi = std::numeric_limits<double>::lowest();
    double yLo = std::numeric_limits<double>::max(), yHi = 0;
    std::size_t total = 0;
    for (const BubbleSeries& s : series_) {
        total += s.bubbles.size();
        for (const Bubble& b : s.bubbles) {
            const double x = static_cast<double>(b.startNs - originNs_), y = static_cast<double>(std::max<TimeNs>(1, b.durNs));
            xLo = std::min(xLo, x);
            xHi = std::max(xHi, x + y);
            yLo = std::min(yLo, y);
            yHi = std::max(yHi, y);
        }
    }
    const bool any = yHi > 0;
    const bool density = any && total >= kDensityFromBubbles;
    for (std::size_t s = 0; s < series_.size(); ++s) {
        QCPGraph* g = addGraph(); // in density mode it holds no point: it names the series in the legend
        g->setName(series_[s].label);
        g->setLineStyle(QCPGraph::lsNone);
        const QColor c = paletteColour(static_cast<int>(s));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c.darker(115), c, 6));
        g->setAdaptiveSampling(false); // every bubble stays clickable
        if (density) {
            addDensity(s, c, xLo, xHi, yLo, yHi);
        } else {
            QVector<double> keys, values;
            keys.reserve(static_cast<qsizetype>(series_[s].bubbles.size()));
            values.reserve(keys.capacity());
            for (const Bubble& b : series_[s].bubbles) {
                keys << static_cast<double>(b.startNs - originNs_);
                values << static_cast<double>(std::max<TimeNs>(1, b.durNs));
            }
            g->setData(keys, values, true);
        }
        if (s >= static_cast<std::size_t>(kMaxLegendEntries)) g->removeFromLegend();
        graphs_.push_back(g);
    }
    empty_->setText(tr("No bubbles"));
    empty_->setVisible(!any);
    legend->setVisible(any);
    if (density) {
        densityNote_->setText(tr("%Ln bubble(s) drawn as density: darker cells hold more", nullptr, static_cast<int>(std::min<std::size_t>(total, INT_MAX))));
        densityNote_->setVisible(true);
    }
    if (any) {
        const double pad = std::max(1.0, (xHi - xLo) * 0.03);
        xAxis->setRange(xLo - pad, xHi + pad);
        yAxis->setRange(yLo / 2, yHi * 2);
    }
    replot();
}

// The cells are equal in time and in log duration. QCPColorMap stretches its image between the pixels
// of its key and value range (tight boundary), so on the log axis equal rows are equal log steps.
void BubbleScatter::addDensity(std::size_t series, const QColor& colour, double xLo, double xHi, double yLo, double yHi) {
    std::vector<int> counts(static_cast<std::size_t>(kDensityColumns) * kDensityRows, 0);
    const double xSpan = std::max(xHi - xLo, 1.0);
    const double logLo = std::log(yLo), logSpan = std::max(std::log(yHi) - logLo, 1e-9);
    for (const Bubble& b : series_[series].bubbles) {
        const double x = static_cast<double>(b.startNs - originNs_);
        const double y = std::log(static_cast<double>(std::max<TimeNs>(1, b.durNs)));
        const int column = std::clamp(static_cast<int>((x - xLo) / xSpan * kDensityColumns), 0, kDensityColumns - 1);
        const int row = std::clamp(static_cast<int>((y - logLo) / logSpan * kDensityRows), 0, kDensityRows - 1);
        ++counts[static_cast<std::size_t>(column) * kDensityRows + static_cast<std::size_t>(row)];
    }
    auto* map = new QCPColorMap(xAxis, yAxis);
    map->removeFromLegend();
    map->setInterpolate(false);
    map->setTightBoundary(true);
    map->data()->setSize(kDensityColumns, kDensityRows);
    map->data()->setRange(QCPRange(xLo, xHi), QCPRange(yLo, yHi));
    int most = 1;
    for (int column = 0; column < kDensityColumns; ++column)
        for (int row = 0; row < kDensityRows; ++row) {
            const int n = counts[static_cast<std::size_t>(column) * kDensityRows + static_cast<std::size_t>(row)];
            most = std::max(most, n);
            map->data()->setCell(column, row, std::log1p(static_cast<double>(n)));
            map->data()->setAlpha(column, row, n > 0 ? 255 : 0);
        }
    QCPColorGradient gradient;
    gradient.clearColorStops();
    gradient.setColorStopAt(0, colour.lighter(160));
    gradient.setColorStopAt(1, colour.darker(200));
    map->setGradient(gradient);
    map->setDataRange(QCPRange(std::log1p(1.0), std::max(std::log1p(static_cast<double>(most)), std::log1p(1.0) + 1e-9)));
    densities_.push_back(map);
    counts_.push_back(std::move(counts));
}

int BubbleScatter::densityCount(int series, int column, int row) const {
    if (series < 0 || static_cast<std::size_t>(series) >= counts_.size() || column < 0 || column >= kDensityColumns || row < 0 ||
        row >= kDensityRows)
        return 0;
    return counts_[static_cast<std::size_t>(series)][static_cast<std::size_t>(column) * kDensityRows + static_cast<std::size_t>(row)];
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
