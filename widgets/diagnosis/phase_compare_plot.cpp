#include "widgets/diagnosis/phase_compare_plot.h"

#include "widgets/common/time_format.h"

#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace opscope {

namespace {
constexpr double kBarWidth = 0.7;

int kindIndex(const std::string& kind) {
    if (kind == "forward") return 0;
    if (kind == "backward") return 1;
    if (kind == "optimizer") return 2;
    return 3;
}
} // namespace

PhaseComparePlot::PhaseComparePlot(QWidget* parent) : QCustomPlot(parent), empty_(new QCPItemText(this)) {
    setMouseTracking(true);
    const std::array<std::pair<QString, QColor>, 4> kinds{{{tr("Forward"), QColor(0x00, 0x72, 0xb2)},
                                                          {tr("Backward"), QColor(0xe6, 0x9f, 0x00)},
                                                          {tr("Optimizer"), QColor(0x00, 0x9e, 0x73)},
                                                          {tr("Step"), QColor(0x8c, 0x96, 0xa8)}}};
    for (std::size_t i = 0; i < bars_.size(); ++i) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(kinds[i].first);
        bars->setWidth(kBarWidth);
        bars->setBrush(kinds[i].second);
        bars->setPen(QPen(kinds[i].second.darker(130), 1));
        bars_[i] = bars;
    }
    yAxis->setLabel(tr("Device utilisation (%)"));
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    xAxis->setTickLength(0, 4);
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    empty_->setPositionAlignment(Qt::AlignCenter);
    empty_->position->setType(QCPItemPosition::ptAxisRectRatio);
    empty_->position->setCoords(0.5, 0.5);
    empty_->setText(tr("No phases or steps found (forward/backward/optimizer slices or ProfilerStep#N)"));
    applyPalette();
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        const int bar = barAt(e->position());
        if (bar >= 0) QToolTip::showText(e->globalPosition().toPoint(), barText(bar), this);
        else QToolTip::hideText();
    });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        const int bar = barAt(e->position());
        if (e->button() == Qt::LeftButton && bar >= 0) emit phaseClicked(bar);
    });
}

void PhaseComparePlot::applyPalette() {
    stylePlot(this, palette());
    empty_->setColor(palette().color(QPalette::PlaceholderText));
    for (QCPItemText* t : valueLabels_) t->setColor(palette().color(QPalette::WindowText));
}

void PhaseComparePlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

void PhaseComparePlot::resizeEvent(QResizeEvent* event) {
    QCustomPlot::resizeEvent(event); // lays the plot out for the new size
    if (fitLabelsToRoom()) replot(rpQueuedRefresh);
}

void PhaseComparePlot::setPhases(std::vector<PhaseRow> phases) {
    phases_ = std::move(phases);
    for (QCPItemText* t : valueLabels_) removeItem(t);
    valueLabels_.clear();
    std::array<QVector<double>, 4> keys, values;
    for (std::size_t i = 0; i < phases_.size(); ++i) {
        const PhaseRow& p = phases_[i];
        const int k = kindIndex(p.kind);
        const double utilisation = p.utilization * 100.0;
        keys[static_cast<std::size_t>(k)] << static_cast<double>(i);
        values[static_cast<std::size_t>(k)] << utilisation;
        auto* label = new QCPItemText(this);
        label->setText(tr("%1%").arg(utilisation, 0, 'f', 1));
        label->position->setCoords(static_cast<double>(i), utilisation);
        valueLabels_ << label;
    }
    for (std::size_t k = 0; k < bars_.size(); ++k) {
        bars_[k]->setData(keys[k], values[k], true);
        if (keys[k].isEmpty()) bars_[k]->removeFromLegend();
        else bars_[k]->addToLegend();
    }
    xAxis->setRange(-0.6, std::max<double>(1, static_cast<double>(phases_.size())) - 0.4);
    empty_->setVisible(phases_.empty());
    legend->setVisible(!phases_.empty());
    applyPalette();
    fittedRoom_ = {};
    applyLabelLayout(fitPhaseLabels(measureLabelRoom()));
    replot();
    // The first replot placed the axes: fit the labels to the room they really have.
    if (fitLabelsToRoom()) replot();
}

QString PhaseComparePlot::tickText(int index, bool withDuration) const {
    const PhaseRow& p = phases_[static_cast<std::size_t>(index)];
    QString name = QString::fromStdString(p.name);
    if (p.instances > 1) name = tr("%1 ×%2").arg(name).arg(p.instances);
    return withDuration ? tr("%1\n%2").arg(name, formatDuration(p.durationNs)) : name;
}

PhaseLabelRoom PhaseComparePlot::measureLabelRoom() const {
    PhaseLabelRoom room;
    if (phases_.empty()) return room;
    const QFontMetrics tickMetrics(xAxis->tickLabelFont());
    room.lineHeightPx = tickMetrics.height();
    for (int i = 0; i < static_cast<int>(phases_.size()); ++i)
        for (const QString& line : tickText(i, true).split(QLatin1Char('\n')))
            room.widestLinePx = std::max(room.widestLinePx, tickMetrics.horizontalAdvance(line));
    for (const QCPItemText* label : valueLabels_)
        room.widestValuePx = std::max(room.widestValuePx, QFontMetrics(label->font()).horizontalAdvance(label->text()));
    room.barSpacingPx = axisRect()->width() / static_cast<int>(phases_.size());
    room.plotHeightPx = axisRect()->height();
    room.legendHeightPx = legend->visible() ? legend->outerRect().height() : 0;
    return room;
}

bool PhaseComparePlot::fitLabelsToRoom() {
    const PhaseLabelRoom room = measureLabelRoom();
    if (room == fittedRoom_) return false;
    const PhaseLabelLayout before = labelLayout_;
    const double upperBefore = yAxis->range().upper;
    fittedRoom_ = room;
    applyLabelLayout(fitPhaseLabels(room));
    return !(labelLayout_ == before) || yAxis->range().upper != upperBefore;
}

void PhaseComparePlot::applyLabelLayout(const PhaseLabelLayout& layout) {
    labelLayout_ = layout;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < static_cast<int>(phases_.size()); i += layout.tickStride)
        ticker->addTick(static_cast<double>(i), tickText(i, layout.durationLine));
    xAxis->setTicker(ticker);
    xAxis->setTickLabelRotation(layout.tickAngle);
    const bool upright = layout.values == PhaseLabelLayout::Values::Upright;
    for (QCPItemText* label : valueLabels_) {
        label->setVisible(layout.values != PhaseLabelLayout::Values::Hidden);
        label->setRotation(upright ? -90 : 0); // upright text reads upwards from the bar's top
        label->setPositionAlignment(upright ? (Qt::AlignLeft | Qt::AlignVCenter) : (Qt::AlignHCenter | Qt::AlignBottom));
        label->setPadding(upright ? QMargins(2, 0, 0, 0) : QMargins(0, 0, 0, 2));
    }
    // Room above full bars for their values and, above those, the legend: at least 18 % of the axis.
    const PhaseLabelRoom& room = fittedRoom_;
    double upper = 118;
    const int valuePx = layout.values == PhaseLabelLayout::Values::Hidden ? 0
                        : upright                                        ? room.widestValuePx
                                                                         : room.lineHeightPx;
    const int needPx = valuePx + room.legendHeightPx + 16; // + the legend's inset and a gap
    if (room.plotHeightPx > 2 * needPx) upper = std::max(upper, 100.0 * room.plotHeightPx / (room.plotHeightPx - needPx));
    yAxis->setRange(0, upper);
}

int PhaseComparePlot::barAt(QPointF pos) const {
    if (!axisRect()->rect().contains(pos.toPoint())) return -1;
    const double key = xAxis->pixelToCoord(pos.x());
    const int index = static_cast<int>(std::lround(key));
    if (index < 0 || index >= static_cast<int>(phases_.size()) || std::abs(key - index) > kBarWidth / 2) return -1;
    return index;
}

QPointF PhaseComparePlot::barCentre(int index) const {
    const double h = phases_[static_cast<std::size_t>(index)].utilization * 100.0;
    return {xAxis->coordToPixel(index), yAxis->coordToPixel(std::max(h, 2.0) / 2)};
}

QString PhaseComparePlot::barText(int index) const {
    const PhaseRow& p = phases_[static_cast<std::size_t>(index)];
    return tr("<b>%1</b> (%n instance(s))<br>Duration %2, device busy %3<br>Utilisation %4%<br><i>Click to show it on the timeline</i>",
              nullptr, static_cast<int>(p.instances))
        .arg(QString::fromStdString(p.name).toHtmlEscaped(), formatDuration(p.durationNs), formatDuration(p.deviceBusyNs))
        .arg(p.utilization * 100.0, 0, 'f', 1);
}

} // namespace opscope
