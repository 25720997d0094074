#include "widgets/bubbles/bubble_histogram.h"

#include "widgets/common/time_format.h"
#include "widgets/bubbles/bubble_table_model.h"

#include <QLocale>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {
// Stack order, bottom to top: what the user can act on first sits lowest.
constexpr std::array<BubbleCause, kBubbleCauseCount> kStackOrder{
    BubbleCause::HostBoundLaunch, BubbleCause::SyncWait, BubbleCause::CommunicationWait, BubbleCause::DataTransfer,
    BubbleCause::Unknown, BubbleCause::ProfilerStart, BubbleCause::ProfilerStop};
} // namespace

BubbleHistogram::BubbleHistogram(QWidget* parent) : QCustomPlot(parent), empty_(new QCPItemText(this)) {
    setMouseTracking(true);
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    xAxis->setTicker(QSharedPointer<LogDurationAxisTicker>::create());
    xAxis->setLabel(tr("Bubble duration (log scale)"));
    yAxis->setLabel(tr("Bubbles"));
    QCPBars* below = nullptr;
    for (std::size_t i = 0; i < kStackOrder.size(); ++i) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(bubbleCauseLabel(kStackOrder[i]));
        bars->setWidthType(QCPBars::wtAxisRectRatio);
        bars->setStackingGap(0);
        const QColor c = bubbleCauseColour(kStackOrder[i]);
        bars->setBrush(c);
        bars->setPen(QPen(c.darker(130), 1));
        if (below) bars->moveAbove(below);
        below = bars;
        bars_[i] = bars;
    }
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    empty_->setPositionAlignment(Qt::AlignCenter);
    empty_->position->setType(QCPItemPosition::ptAxisRectRatio);
    empty_->position->setCoords(0.5, 0.5);
    empty_->setText(tr("No bubbles"));
    applyPalette();
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const int bin = binAt(e->position());
        if (bin >= 0 && bins_[static_cast<std::size_t>(bin)].count > 0)
            QToolTip::showText(e->globalPosition().toPoint(), binText(bin), this);
        else QToolTip::hideText();
    });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        const int bin = binAt(e->position());
        if (e->button() == Qt::LeftButton && bin >= 0 && bins_[static_cast<std::size_t>(bin)].count > 0)
            emit binClicked(bin);
    });
}

void BubbleHistogram::applyPalette() {
    stylePlot(this, palette());
    empty_->setColor(palette().color(QPalette::PlaceholderText));
    xAxis->grid()->setSubGridVisible(false);
}

void BubbleHistogram::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

double BubbleHistogram::binLow(int bin) const {
    const HistogramBin& b = bins_[static_cast<std::size_t>(bin)];
    return b.lowNs > 0 ? static_cast<double>(b.lowNs) : static_cast<double>(b.highNs) / binFactor_;
}

double BubbleHistogram::binHigh(int bin) const {
    const HistogramBin& b = bins_[static_cast<std::size_t>(bin)];
    return b.highNs > 0 ? static_cast<double>(b.highNs) : static_cast<double>(b.lowNs) * binFactor_;
}

void BubbleHistogram::setData(const std::vector<HistogramBin>& bins, const std::vector<Bubble>& bubbles, int binsPerDecade) {
    bins_ = bins;
    binFactor_ = std::pow(10.0, 1.0 / std::max(1, binsPerDecade));
    causeCounts_.assign(bins_.size(), {});
    for (const Bubble& b : bubbles) {
        auto it = std::upper_bound(bins_.begin(), bins_.end(), b.durNs,
                                   [](TimeNs d, const HistogramBin& bin) { return d < bin.lowNs; });
        if (it == bins_.begin()) continue;
        ++causeCounts_[static_cast<std::size_t>(it - bins_.begin() - 1)][static_cast<std::size_t>(b.cause)];
    }
    std::int64_t maxCount = 0;
    empty_->setText(tr("No bubbles"));
    for (std::size_t i = 0; i < kStackOrder.size() && !bins_.empty(); ++i) {
        QVector<double> keys, values;
        for (int bin = 0; bin < static_cast<int>(bins_.size()); ++bin) {
            keys << std::sqrt(binLow(bin) * binHigh(bin)); // the geometric centre is the middle on a log axis
            values << static_cast<double>(causeCounts_[static_cast<std::size_t>(bin)][static_cast<std::size_t>(kStackOrder[i])]);
        }
        bars_[i]->setData(keys, values, true);
        // Log bins are equally wide on screen: one width in axis-rect units fits all.
        const double decades = std::log10(binHigh(static_cast<int>(bins_.size()) - 1) / binLow(0));
        bars_[i]->setWidth(0.86 * std::log10(binFactor_) / std::max(decades, 1e-9));
    }
    for (const HistogramBin& b : bins_) maxCount = std::max(maxCount, b.count);
    // Only causes that occur get a legend entry.
    for (std::size_t i = 0; i < kStackOrder.size(); ++i) {
        bool any = false;
        for (const auto& counts : causeCounts_) any = any || counts[static_cast<std::size_t>(kStackOrder[i])] > 0;
        if (any) bars_[i]->addToLegend();
        else bars_[i]->removeFromLegend();
    }
    if (!bins_.empty()) xAxis->setRange(binLow(0), binHigh(static_cast<int>(bins_.size()) - 1));
    yAxis->setRange(0, std::max<double>(1, static_cast<double>(maxCount) * 1.15));
    empty_->setVisible(maxCount == 0);
    legend->setVisible(maxCount > 0);
    replot();
}

void BubbleHistogram::showComputing() {
    bins_.clear();
    causeCounts_.clear();
    for (QCPBars* bars : bars_) {
        bars->data()->clear();
        bars->removeFromLegend();
    }
    legend->setVisible(false);
    empty_->setText(tr("Computing…"));
    empty_->setVisible(true);
    replot(rpQueuedReplot);
}

QString BubbleHistogram::placeholderText() const { return empty_->visible() ? empty_->text() : QString(); }

int BubbleHistogram::binAt(QPointF pos) const {
    if (bins_.empty() || !axisRect()->rect().contains(pos.toPoint())) return -1;
    const double coord = xAxis->pixelToCoord(pos.x());
    for (int bin = 0; bin < static_cast<int>(bins_.size()); ++bin)
        if (coord >= binLow(bin) && coord < binHigh(bin)) return bin;
    return -1;
}

QPointF BubbleHistogram::binCentre(int bin) const {
    const double key = std::sqrt(binLow(bin) * binHigh(bin));
    const double count = static_cast<double>(bins_[static_cast<std::size_t>(bin)].count);
    return {xAxis->coordToPixel(key), yAxis->coordToPixel(count / 2)};
}

QString BubbleHistogram::binText(int bin) const {
    const HistogramBin& b = bins_[static_cast<std::size_t>(bin)];
    QString range;
    if (b.lowNs <= 0) range = tr("below %1").arg(formatDuration(b.highNs));
    else if (b.highNs < 0) range = tr("%1 and longer").arg(formatDuration(b.lowNs));
    else range = tr("%1 – %2").arg(formatDuration(b.lowNs), formatDuration(b.highNs));
    QString text = tr("<b>%1</b><br>%n bubble(s), %2 in total", nullptr, static_cast<int>(b.count))
                       .arg(range, formatDuration(b.totalNs));
    for (BubbleCause cause : kStackOrder) {
        const std::int64_t n = causeCounts_[static_cast<std::size_t>(bin)][static_cast<std::size_t>(cause)];
        if (n > 0) text += tr("<br>%1: %2").arg(bubbleCauseLabel(cause)).arg(n);
    }
    return text + tr("<br><i>Click to list them</i>");
}

} // namespace opscope
