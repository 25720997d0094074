#include "widgets/cluster/rank_grid_plot.h"

#include "widgets/common/plot_style.h"

#include <QEvent>
#include <QMouseEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope {

namespace {
TickLabels oneLineEach(const QStringList& labels) {
    TickLabels out;
    out.reserve(static_cast<std::size_t>(labels.size()));
    for (const QString& label : labels) out.push_back(QStringList{label});
    return out;
}
} // namespace

RankGridPlot::RankGridPlot(QWidget* parent)
    : QCustomPlot(parent), map_(new QCPColorMap(xAxis, yAxis)), scale_(new QCPColorScale(this)),
      empty_(new QCPItemText(this)) {
    plotLayout()->addElement(0, 1, scale_);
    scale_->setType(QCPAxis::atRight);
    scale_->setBarWidth(14);
    map_->setColorScale(scale_);
    map_->setInterpolate(false); // a cell is one rank's figure, not a sample of a field
    map_->setTightBoundary(false);
    map_->setGradient(heatGradient(HeatGradient::Viridis));
    auto* margins = new QCPMarginGroup(this);
    axisRect()->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    scale_->setMarginGroup(QCP::msTop | QCP::msBottom, margins);
    yAxis->setRangeReversed(true);
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setSubTicks(false);
        axis->grid()->setVisible(false);
    }
    empty_->setPositionAlignment(Qt::AlignCenter);
    empty_->position->setType(QCPItemPosition::ptAxisRectRatio);
    empty_->position->setCoords(0.5, 0.5);
    empty_->setVisible(false);
    applyPalette();
}

void RankGridPlot::setGrid(const QStringList& rowLabels, const QStringList& columnLabels,
                           const std::vector<std::vector<std::optional<double>>>& values, const QString& rowTitle,
                           const QString& columnTitle, const QString& valueTitle) {
    rowLabels_ = oneLineEach(rowLabels);
    columnLabels_ = oneLineEach(columnLabels);
    const int rowCount = std::max(1, rows()), columnCount = std::max(1, columns());
    // QCustomPlot sizes a cell from the range over (cells − 1): a single row or column would have no
    // width. The data keep at least two cells per dimension; the extra one stays blank off the axis.
    const int dataColumns = std::max(2, columnCount), dataRows = std::max(2, rowCount);
    map_->data()->setSize(dataColumns, dataRows);
    map_->data()->setRange(QCPRange(0, dataColumns - 1), QCPRange(0, dataRows - 1));
    for (int r = 0; r < dataRows; ++r)
        for (int c = 0; c < dataColumns; ++c) map_->data()->setAlpha(c, r, 0);
    double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
    for (int r = 0; r < rowCount; ++r)
        for (int c = 0; c < columnCount; ++c) {
            std::optional<double> v;
            if (r < static_cast<int>(values.size()) && c < static_cast<int>(values[r].size())) v = values[r][c];
            map_->data()->setCell(c, r, v ? *v : std::nan(""));
            map_->data()->setAlpha(c, r, v ? 255 : 0);
            if (v) lo = std::min(lo, *v), hi = std::max(hi, *v);
        }
    if (lo > hi) lo = 0, hi = 1;
    if (lo == hi) hi = lo + 1;
    map_->setDataRange(QCPRange(lo, hi));
    ticksStale_ = true; // the tickers follow in the next layout pass (updateLayout)
    yAxis->setLabel(rowTitle);
    xAxis->setLabel(columnTitle);
    scale_->axis()->setLabel(valueTitle);
    xAxis->setRange(-0.5, columnCount - 0.5);
    yAxis->setRange(-0.5, rowCount - 0.5);
    empty_->setVisible(rows() == 0 || columns() == 0);
    map_->setVisible(!empty_->visible());
    scale_->setVisible(!empty_->visible());
    xAxis->setVisible(!empty_->visible());
    yAxis->setVisible(!empty_->visible());
    replot();
}

void RankGridPlot::updateLayout() {
    QCustomPlot::updateLayout();
    const BarLabelLayout columnLayout =
        fitBarLabels(measureTickLabels(*xAxis, columnLabels_, axisRect()->width() / std::max(1, columns())));
    const int rowStride = labelStride(axisRect()->height() / std::max(1, rows()), QFontMetrics(yAxis->tickLabelFont()).height());
    if (!ticksStale_ && columnLayout == columnLayout_ && rowStride == rowStride_) return;
    ticksStale_ = false;
    columnLayout_ = columnLayout;
    rowStride_ = rowStride;
    BarLabelLayout rowLayout; // level, one line, every rowStride-th rank
    rowLayout.tickStride = rowStride_;
    setFittedTicks(yAxis, rowLabels_, rowLayout);
    setFittedTicks(xAxis, columnLabels_, columnLayout_);
    // The new labels change the axes' margins: lay out again before anything is drawn.
    QCustomPlot::updateLayout();
}

void RankGridPlot::setEmptyText(const QString& text) {
    empty_->setText(text);
    empty_->setVisible(true);
    map_->setVisible(false);
    scale_->setVisible(false);
    xAxis->setVisible(false);
    yAxis->setVisible(false);
    replot();
}

QPoint RankGridPlot::cellCentre(int row, int column) const {
    return QPoint(static_cast<int>(std::lround(xAxis->coordToPixel(column))),
                  static_cast<int>(std::lround(yAxis->coordToPixel(row))));
}

void RankGridPlot::mousePressEvent(QMouseEvent* event) {
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton || !map_->visible()) return;
    const QPointF pos = event->position();
    if (!axisRect()->rect().contains(pos.toPoint())) return;
    const long column = std::lround(xAxis->pixelToCoord(pos.x()));
    const long row = std::lround(yAxis->pixelToCoord(pos.y()));
    if (row >= 0 && row < rows() && column >= 0 && column < columns())
        emit cellClicked(static_cast<int>(row), static_cast<int>(column));
}

void RankGridPlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) applyPalette();
    QCustomPlot::changeEvent(event);
}

void RankGridPlot::applyPalette() {
    stylePlot(this, palette());
    styleColorScale(scale_, palette());
    empty_->setColor(palette().color(QPalette::PlaceholderText));
}

} // namespace opscope
