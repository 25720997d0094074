#include "widgets/common/bar_chart_plot.h"

#include <algorithm>

namespace opscope {

BarChartPlot::BarChartPlot(QWidget* parent) : QCustomPlot(parent) {}

void BarChartPlot::setBarLabels(TickLabels labels) {
    labels_ = std::move(labels);
    stale_ = true;
}

void BarChartPlot::setValueTop(double top, double minFactor) {
    valueTop_ = top;
    minFactor_ = minFactor;
    stale_ = true;
}

void BarChartPlot::setWidestValueLabel(int px) {
    widestValuePx_ = px;
    stale_ = true;
}

BarLabelRoom BarChartPlot::measureRoom() const {
    const int spacing = labels_.empty() ? 0 : axisRect()->width() / static_cast<int>(labels_.size());
    BarLabelRoom room = measureTickLabels(*xAxis, labels_, spacing);
    room.widestValuePx = widestValuePx_;
    room.plotHeightPx = axisRect()->height();
    // From the axis rect's top to the legend's bottom: its inset margin counts.
    if (legend && legend->visible()) room.legendHeightPx = std::max(0, legend->outerRect().bottom() - axisRect()->top());
    return room;
}

void BarChartPlot::updateLayout() {
    QCustomPlot::updateLayout();
    const BarLabelRoom room = measureRoom();
    if (!stale_ && room == room_) return;
    stale_ = false;
    room_ = room;
    applyLayout();
    // The new labels change the axis' margin: lay out again before anything is drawn.
    QCustomPlot::updateLayout();
}

void BarChartPlot::applyLayout() {
    layout_ = fitBarLabels(room_);
    setFittedTicks(xAxis, labels_, layout_);
    if (valueTop_ <= 0) {
        yAxis->setRange(0, 1); // no bar, or none taller than zero
    } else {
        // Room above the tallest bar for its value and, above that, the legend, with a gap.
        const int valuePx = widestValuePx_ == 0 || layout_.values == BarLabelLayout::Values::Hidden ? 0
                            : layout_.values == BarLabelLayout::Values::Upright                   ? room_.widestValuePx
                                                                                                  : room_.lineHeightPx;
        const int needPx = valuePx + room_.legendHeightPx + 6;
        double factor = minFactor_;
        if (room_.plotHeightPx > 2 * needPx)
            factor = std::max(factor, static_cast<double>(room_.plotHeightPx) / (room_.plotHeightPx - needPx));
        yAxis->setRange(0, valueTop_ * factor);
    }
    labelLayoutChanged();
}

} // namespace opscope
