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

PhaseComparePlot::PhaseComparePlot(QWidget* parent) : BarChartPlot(parent), empty_(new QCPItemText(this)) {
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
    BarChartPlot::changeEvent(event);
}

void PhaseComparePlot::setPhases(std::vector<PhaseRow> phases) {
    phases_ = std::move(phases);
    for (QCPItemText* t : valueLabels_) removeItem(t);
    valueLabels_.clear();
    std::array<QVector<double>, 4> keys, values;
    std::vector<QStringList> names;
    int widestValue = 0;
    for (std::size_t i = 0; i < phases_.size(); ++i) {
        const PhaseRow& p = phases_[i];
        const int k = kindIndex(p.kind);
        const double utilisation = p.utilization * 100.0;
        keys[static_cast<std::size_t>(k)] << static_cast<double>(i);
        values[static_cast<std::size_t>(k)] << utilisation;
        QString name = QString::fromStdString(p.name);
        if (p.instances > 1) name = tr("%1 ×%2").arg(name).arg(p.instances);
        names.push_back({name, formatDuration(p.durationNs)});
        auto* label = new QCPItemText(this);
        label->setText(tr("%1%").arg(utilisation, 0, 'f', 1));
        label->position->setCoords(static_cast<double>(i), utilisation);
        widestValue = std::max(widestValue, QFontMetrics(label->font()).horizontalAdvance(label->text()));
        valueLabels_ << label;
    }
    for (std::size_t k = 0; k < bars_.size(); ++k) {
        bars_[k]->setData(keys[k], values[k], true);
        if (keys[k].isEmpty()) bars_[k]->removeFromLegend();
        else bars_[k]->addToLegend();
    }
    setBarLabels(std::move(names));
    setWidestValueLabel(widestValue);
    setValueTop(100, 1.18); // at least 18 % of room above full bars for their values and the legend
    xAxis->setRange(-0.6, std::max<double>(1, static_cast<double>(phases_.size())) - 0.4);
    empty_->setVisible(phases_.empty());
    legend->setVisible(!phases_.empty());
    applyPalette();
    replot();
}

void PhaseComparePlot::labelLayoutChanged() {
    const BarLabelLayout::Values shown = labelLayout().values;
    const bool upright = shown == BarLabelLayout::Values::Upright;
    for (QCPItemText* label : valueLabels_) {
        label->setVisible(shown != BarLabelLayout::Values::Hidden);
        label->setRotation(upright ? -90 : 0); // upright text reads upwards from the bar's top
        label->setPositionAlignment(upright ? (Qt::AlignLeft | Qt::AlignVCenter) : (Qt::AlignHCenter | Qt::AlignBottom));
        label->setPadding(upright ? QMargins(2, 0, 0, 0) : QMargins(0, 0, 0, 2));
    }
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
