// Text tick labels fitted to the room on an axis (bar_label_layout.h has the rules): what the labels need,
// measured with the axis' tick font, and the text ticker that names every stride-th key 0, 1, ... with
// each label's first lines. The bar charts (BarChartPlot) and the rank grid (RankGridPlot) both use them.
#pragma once
#include "widgets/common/bar_label_layout.h"

#include <qcustomplot.h>

#include <QStringList>

#include <vector>

namespace opscope {

// Each label's lines, the most telling first.
using TickLabels = std::vector<QStringList>;

// The line height, line count and widest line of labels in the axis' tick font, spacingPx apart.
BarLabelRoom measureTickLabels(const QCPAxis& axis, const TickLabels& labels, int spacingPx);
// A text ticker naming every layout.tickStride-th key with its first layout.shownLines lines, and the
// axis' label rotation set to layout.tickAngle.
void setFittedTicks(QCPAxis* axis, const TickLabels& labels, const BarLabelLayout& layout);

} // namespace opscope
