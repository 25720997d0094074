#include "widgets/common/fitted_tick_labels.h"

#include <algorithm>

namespace opscope {

BarLabelRoom measureTickLabels(const QCPAxis& axis, const TickLabels& labels, int spacingPx) {
    BarLabelRoom room;
    const QFontMetrics metrics(axis.tickLabelFont());
    room.lineHeightPx = metrics.height();
    for (const QStringList& label : labels) {
        room.lineCount = std::max(room.lineCount, static_cast<int>(label.size()));
        for (const QString& line : label) room.widestLinePx = std::max(room.widestLinePx, metrics.horizontalAdvance(line));
    }
    room.barSpacingPx = spacingPx;
    return room;
}

void setFittedTicks(QCPAxis* axis, const TickLabels& labels, const BarLabelLayout& layout) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < labels.size(); i += static_cast<std::size_t>(std::max(layout.tickStride, 1)))
        ticker->addTick(static_cast<double>(i), labels[i].mid(0, layout.shownLines).join(QLatin1Char('\n')));
    axis->setTicker(ticker);
    axis->setTickLabelRotation(layout.tickAngle);
}

} // namespace opscope
