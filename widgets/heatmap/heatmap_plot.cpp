#include "widgets/heatmap/heatmap_plot.h"

#include "widgets/common/bar_label_layout.h"

#include <QEvent>

#include <algorithm>
#include <cmath>

namespace opscope {

HeatmapPlot::HeatmapPlot(QWidget* parent)
    : QCustomPlot(parent), map_(new QCPColorMap(xAxis, yAxis)), scale_(new QCPColorScale(this)),
      margins_(new QCPMarginGroup(this)), rowTicker_(new QCPAxisTickerText), hover_(new QCPItemRect(this)),
      mark_(new QCPItemRect(this)), empty_(new QCPItemText(this)) {
    setMouseTracking(true);
    setFocusPolicy(Qt::ClickFocus); // after a click the timeline keys are routed from here (keyboard_routing)
    setNoAntialiasingOnDrag(true);
    plotLayout()->addElement(0, 1, scale_);
    scale_->setType(QCPAxis::atRight);
    scale_->setBarWidth(14);
    map_->setColorScale(scale_);
    map_->setInterpolate(false); // one bucket is one flat cell: the value is an aggregate, not a sample
    map_->setTightBoundary(false);
    map_->setGradient(heatGradient(HeatGradient::Viridis));
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins_);
    scale_->setMarginGroup(QCP::msTop | QCP::msBottom, margins_);
    xAxis->setTicker(QSharedPointer<DurationAxisTicker>::create());
    xAxis->setLabel(tr("Time from trace start"));
    yAxis->setTicker(rowTicker_);
    yAxis->setRangeReversed(true); // the busiest operator on top
    yAxis->setSubTicks(false);
    yAxis->setTickLength(0, 3);
    yAxis->grid()->setVisible(false);
    xAxis->grid()->setVisible(false);
    for (QCPItemRect* r : {hover_, mark_}) {
        r->setClipToAxisRect(true);
        r->setBrush(Qt::NoBrush);
        r->setVisible(false);
        r->setSelectable(false);
    }
    empty_->setPositionAlignment(Qt::AlignCenter);
    empty_->position->setType(QCPItemPosition::ptAxisRectRatio);
    empty_->position->setCoords(0.5, 0.5);
    empty_->setVisible(false);
    applyPalette();
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        std::optional<HeatmapCell> cell = cellAt(e->position());
        const bool changed = cell.has_value() != hovered_.has_value() ||
                             (cell && (cell->row != hovered_->row || cell->bucket != hovered_->bucket));
        hovered_ = cell;
        if (changed) {
            outlineCell(hover_, cell);
            replot(rpQueuedReplot);
        }
        if (cell) emit cellHovered(cell->row, cell->bucket, e->globalPosition().toPoint());
        else if (changed) emit hoverLeft();
    });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton) return;
        if (std::optional<HeatmapCell> cell = cellAt(e->position())) emit cellClicked(cell->row, cell->bucket);
    });
    connect(this, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton) return;
        if (std::optional<HeatmapCell> cell = cellAt(e->position())) emit cellDoubleClicked(cell->row, cell->bucket);
    });
}

void HeatmapPlot::applyPalette() {
    stylePlot(this, palette());
    styleColorScale(scale_, palette());
    const QColor accent = palette().color(QPalette::Highlight);
    const bool dark = isDarkPalette(palette());
    hover_->setPen(QPen(dark ? QColor(Qt::white) : QColor(0x1d, 0x1f, 0x24), 1.5));
    mark_->setPen(QPen(accent, 2));
    empty_->setColor(palette().color(QPalette::PlaceholderText));
    yAxis->setTickLabelFont(font());
}

void HeatmapPlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        applyPalette();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

void HeatmapPlot::leaveEvent(QEvent* event) {
    if (hovered_) {
        hovered_.reset();
        outlineCell(hover_, std::nullopt);
        replot(rpQueuedReplot);
        emit hoverLeft();
    }
    QCustomPlot::leaveEvent(event);
}

void HeatmapPlot::setGradient(HeatGradient gradient) {
    map_->setGradient(heatGradient(gradient));
    replot(rpQueuedReplot);
}

void HeatmapPlot::setLogScale(bool on) {
    logScale_ = on;
    updateRange();
    replot(rpQueuedReplot);
}

void HeatmapPlot::setEmptyText(const QString& text) {
    empty_->setText(text);
    empty_->setVisible(!text.isEmpty());
    replot(rpQueuedReplot);
}

void HeatmapPlot::fillCells(const HeatmapResult& result) {
    QCPColorMapData* data = map_->data();
    data->setSize(buckets_, rows_);
    data->clearAlpha(); // a same-sized map keeps the previous result's transparent cells otherwise
    data->setRange(QCPRange(keyLo_, keyHi_), rows_ > 1 ? QCPRange(0, rows_ - 1) : QCPRange(-0.5, 0.5));
    // Durations stay in ns: the colour scale labels them in the one duration format ("250ms").
    durations_ = result.value == HeatmapValue::BusyTime || result.value == HeatmapValue::MeanDuration;
    const bool zeroIsEmpty = result.value == HeatmapValue::BusyTime || result.value == HeatmapValue::Count;
    bool first = true;
    for (int r = 0; r < rows_; ++r) {
        for (int b = 0; b < buckets_; ++b) {
            double v = result.cell(static_cast<std::size_t>(r), static_cast<std::size_t>(b));
            // Cells without executions show the background, so activity stands out.
            if (std::isnan(v) || (zeroIsEmpty && v == 0)) {
                data->setCell(b, r, 0);
                data->setAlpha(b, r, 0);
                continue;
            }
            data->setCell(b, r, v);
            minValue_ = first ? v : std::min(minValue_, v);
            maxValue_ = first ? v : std::max(maxValue_, v);
            first = false;
        }
    }
    if (first) minValue_ = 0, maxValue_ = 1;
}

void HeatmapPlot::updateRange() {
    double lo = minValue_, hi = maxValue_;
    if (logScale_) {
        scale_->setDataScaleType(QCPAxis::stLogarithmic);
        if (durations_) scale_->axis()->setTicker(QSharedPointer<LogDurationAxisTicker>::create());
        else scale_->axis()->setTicker(QSharedPointer<LogNumberAxisTicker>::create());
        lo = lo > 0 ? lo : std::max(hi * 1e-4, 1e-9);
    } else {
        scale_->setDataScaleType(QCPAxis::stLinear);
        if (durations_) scale_->axis()->setTicker(QSharedPointer<DurationAxisTicker>::create());
        else scale_->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
        lo = std::min(0.0, lo); // busy time and counts read from zero
    }
    if (hi <= lo) hi = lo + 1;
    map_->setDataRange(QCPRange(lo, hi));
}

// Margins and axis rects are computed by replot(); hit tests and label spacing need them now.
void HeatmapPlot::layoutNow() {
    plotLayout()->update(QCPLayoutElement::upPreparation);
    plotLayout()->update(QCPLayoutElement::upMargins);
    plotLayout()->update(QCPLayoutElement::upLayout);
}

void HeatmapPlot::setRowLabels() {
    rowTicker_->clear();
    const QFontMetrics metrics(yAxis->tickLabelFont());
    const int axisHeight = std::max(1, axisRect()->height());
    // Label every k-th row when the rows are thinner than a line of text and the gap.
    const int step = labelStride(axisHeight / std::max(1, rows_), metrics.height());
    const int maxWidth = std::clamp(width() / 5, 120, 300);
    for (int r = 0; r < rows_ && r < labels_.size(); r += step)
        rowTicker_->addTick(r, metrics.elidedText(labels_[r], Qt::ElideMiddle, maxWidth));
}

void HeatmapPlot::resizeEvent(QResizeEvent* event) {
    QCustomPlot::resizeEvent(event);
    setRowLabels();
    layoutNow();
    setRowLabels(); // the label width changed the margin: space them for the final axis height
    replot(rpQueuedReplot);
    emit resized();
}

void HeatmapPlot::setResult(const HeatmapResult& result, TimeNs originNs, const QString& valueLabel) {
    rows_ = static_cast<int>(result.rows.size());
    buckets_ = result.bucketCount;
    labels_.clear();
    for (const HeatmapRow& row : result.rows) labels_ << QString::fromStdString(row.label);
    hovered_.reset();
    outlineCell(hover_, std::nullopt);
    if (rows_ == 0 || buckets_ <= 0 || result.bucketEdgesNs.size() != static_cast<std::size_t>(buckets_) + 1) {
        map_->data()->clear();
        rows_ = 0;
        rowTicker_->clear();
        labels_.clear();
        const TimeRange r = result.range;
        xAxis->setRange(static_cast<double>(r.startNs - originNs), static_cast<double>(std::max(r.endNs, r.startNs + 1) - originNs));
        yAxis->setRange(-0.5, 0.5);
        replot();
        return;
    }
    // Cell centres; integer edges differ by at most 1 ns, so one width serves for drawing.
    const double startOffset = static_cast<double>(result.bucketEdgesNs.front() - originNs);
    const double endOffset = static_cast<double>(result.bucketEdgesNs.back() - originNs);
    bucketWidth_ = (endOffset - startOffset) / buckets_;
    keyLo_ = startOffset + bucketWidth_ / 2;
    keyHi_ = endOffset - bucketWidth_ / 2;
    if (keyHi_ <= keyLo_) keyHi_ = keyLo_ + 1;
    fillCells(result);
    updateRange();
    scale_->axis()->setLabel(valueLabel);
    xAxis->setRange(startOffset, endOffset);
    yAxis->setRange(-0.5, rows_ - 0.5);
    setRowLabels();
    layoutNow(); // so the row labels know the axis height, and hit tests work before the first paint
    setRowLabels();
    layoutNow();
    setMarkedRow(markedRow_ < rows_ ? markedRow_ : -1);
    replot();
}

void HeatmapPlot::setMarkedRow(int row) {
    markedRow_ = row;
    if (row < 0 || row >= rows_) {
        mark_->setVisible(false);
    } else {
        mark_->setVisible(true);
        mark_->topLeft->setCoords(xAxis->range().lower, row - 0.5);
        mark_->bottomRight->setCoords(xAxis->range().upper, row + 0.5);
    }
    replot(rpQueuedReplot);
}

void HeatmapPlot::outlineCell(QCPItemRect* item, std::optional<HeatmapCell> cell) {
    if (!cell) {
        item->setVisible(false);
        return;
    }
    const double centre = keyLo_ + cell->bucket * bucketWidth_;
    item->topLeft->setCoords(centre - bucketWidth_ / 2, cell->row - 0.5);
    item->bottomRight->setCoords(centre + bucketWidth_ / 2, cell->row + 0.5);
    item->setVisible(true);
}

std::optional<HeatmapCell> HeatmapPlot::cellAt(QPointF pos) const {
    if (rows_ == 0 || buckets_ == 0 || !axisRect()->rect().contains(pos.toPoint())) return std::nullopt;
    const double key = xAxis->pixelToCoord(pos.x());
    const double value = yAxis->pixelToCoord(pos.y());
    const int bucket = static_cast<int>(std::floor((key - (keyLo_ - bucketWidth_ / 2)) / bucketWidth_));
    const int row = static_cast<int>(std::floor(value + 0.5));
    if (bucket < 0 || bucket >= buckets_ || row < 0 || row >= rows_) return std::nullopt;
    return HeatmapCell{row, bucket};
}

QPointF HeatmapPlot::cellCentre(HeatmapCell cell) const {
    return {xAxis->coordToPixel(keyLo_ + cell.bucket * bucketWidth_), yAxis->coordToPixel(cell.row)};
}

} // namespace opscope
