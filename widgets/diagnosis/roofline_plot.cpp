#include "widgets/diagnosis/roofline_plot.h"

#include "widgets/common/time_format.h"

#include <QFontMetrics>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace opscope {

namespace {
constexpr int kLabelledPoints = 6;
constexpr double kHitRadiusPx = 7;

QColor classColour(DensityClass c) {
    switch (c) {
    case DensityClass::MemoryBound: return QColor(0xd5, 0x5e, 0x00);
    case DensityClass::Balanced: return QColor(0x00, 0x72, 0xb2);
    case DensityClass::ComputeBound: return QColor(0x00, 0x9e, 0x73);
    }
    return Qt::gray;
}
} // namespace

RooflinePlot::RooflinePlot(QWidget* parent)
    : QCustomPlot(parent), roof_(addGraph()), ridge_(new QCPItemStraightLine(this)), peakLabel_(new QCPItemText(this)),
      slopeLabel_(new QCPItemText(this)), empty_(new QCPItemText(this)), profileNote_(new QCPItemText(this)) {
    setMouseTracking(true);
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<LogNumberAxisTicker>::create());
        axis->grid()->setSubGridVisible(true);
    }
    xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte)"));
    yAxis->setLabel(tr("Performance (TFLOPS)"));
    roof_->setName(tr("Roofline"));
    roof_->setLineStyle(QCPGraph::lsLine);
    const std::array<std::pair<QString, QCPScatterStyle::ScatterShape>, 3> styles{
        {{tr("Memory-bound"), QCPScatterStyle::ssCircle},
         {tr("Balanced"), QCPScatterStyle::ssDiamond},
         {tr("Compute-bound"), QCPScatterStyle::ssTriangle}}};
    for (std::size_t i = 0; i < classes_.size(); ++i) {
        QCPGraph* g = addGraph();
        const QColor c = classColour(static_cast<DensityClass>(i));
        g->setName(styles[i].first);
        g->setLineStyle(QCPGraph::lsNone);
        QColor fill = c;
        fill.setAlpha(170);
        g->setScatterStyle(QCPScatterStyle(styles[i].second, c.darker(120), fill, 9));
        classes_[i] = g;
    }
    ridge_->setVisible(false);
    for (QCPItemText* t : {peakLabel_, slopeLabel_}) t->setClipToAxisRect(true);
    peakLabel_->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    slopeLabel_->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    slopeLabel_->setPadding(QMargins(0, 0, 0, 4));
    empty_->setPositionAlignment(Qt::AlignCenter);
    empty_->position->setType(QCPItemPosition::ptAxisRectRatio);
    empty_->position->setCoords(0.5, 0.5);
    empty_->setTextAlignment(Qt::AlignCenter);
    profileNote_->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    profileNote_->position->setType(QCPItemPosition::ptAxisRectRatio);
    profileNote_->position->setCoords(0.01, 0.01);
    legend->setVisible(true);
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    applyPalette();
    connect(this, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        if (std::optional<int> p = pointAt(e->position())) QToolTip::showText(e->globalPosition().toPoint(), pointText(*p), this);
        else QToolTip::hideText();
    });
    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton) return;
        if (std::optional<int> p = pointAt(e->position()))
            emit operatorClicked(QString::fromStdString(data_.points[static_cast<std::size_t>(*p)].name));
    });
}

void RooflinePlot::applyPalette() {
    stylePlot(this, palette());
    const QColor text = palette().color(QPalette::WindowText);
    const QColor roof = isDarkPalette(palette()) ? QColor(0xe8, 0xea, 0xee) : QColor(0x30, 0x34, 0x3c);
    roof_->setPen(QPen(roof, 2.2));
    ridge_->setPen(QPen(roof, 1, Qt::DashLine));
    for (QCPItemText* t : {peakLabel_, slopeLabel_}) t->setColor(roof);
    empty_->setColor(palette().color(QPalette::PlaceholderText));
    profileNote_->setColor(palette().color(QPalette::PlaceholderText));
    for (QCPItemText* t : pointLabels_) t->setColor(text);
}

void RooflinePlot::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

void RooflinePlot::resizeEvent(QResizeEvent* event) {
    QCustomPlot::resizeEvent(event);
    placeRoofLabels(); // the slope label's angle is a screen angle
}

void RooflinePlot::drawRoof(double xLo, double xHi) {
    const double peak = data_.peakTflops, bw = data_.bandwidthGBps;
    const double ridge = data_.ridgeIntensity > 0 ? data_.ridgeIntensity : peak * 1000.0 / bw;
    // GB/s times FLOP/byte is GFLOP/s: divide by 1000 for TFLOPS.
    QVector<double> keys{xLo, ridge, xHi}, values{xLo * bw / 1000.0, peak, peak};
    roof_->setData(keys, values, true);
    ridge_->point1->setCoords(ridge, 1e-12);
    ridge_->point2->setCoords(ridge, 1e12);
    ridge_->setVisible(true);
    const QString precision = QString::fromStdString(data_.profile.defaultPrecision);
    peakLabel_->setText(precision.isEmpty() ? tr("Peak %1 TFLOPS").arg(peak, 0, 'f', 0)
                                            : tr("Peak %1 TFLOPS (%2)").arg(peak, 0, 'f', 0).arg(precision));
    peakLabel_->position->setCoords(xHi, peak);
    slopeLabel_->setText(tr("Memory %1 GB/s").arg(bw, 0, 'f', 0));
}

void RooflinePlot::placeRoofLabels() {
    if (!data_.hasProfile || data_.bandwidthGBps <= 0) return;
    const double x0 = xAxis->range().lower;
    const double dx = xAxis->coordToPixel(x0 * 10) - xAxis->coordToPixel(x0);
    const double dy = yAxis->coordToPixel(x0 * 10 * data_.bandwidthGBps / 1000.0) - yAxis->coordToPixel(x0 * data_.bandwidthGBps / 1000.0);
    slopeLabel_->setRotation(dx != 0 ? std::atan2(dy, dx) * 180.0 / std::numbers::pi : 0);
    // A third of the way up the slope, on screen: clear of the axis and of the ridge's labels.
    const double leftPx = xAxis->coordToPixel(x0);
    const double ridgePx = xAxis->coordToPixel(data_.ridgeIntensity > 0 ? data_.ridgeIntensity : x0 * 10);
    const double x = xAxis->pixelToCoord(leftPx + (ridgePx - leftPx) / 3);
    slopeLabel_->position->setCoords(x, x * data_.bandwidthGBps / 1000.0);
}

void RooflinePlot::setData(const RooflineData& data, const QString& emptyText) {
    data_ = data;
    for (QCPItemText* t : pointLabels_) removeItem(t);
    pointLabels_.clear();
    double xLo = std::numeric_limits<double>::max(), xHi = 0, yLo = std::numeric_limits<double>::max(), yHi = 0;
    std::array<QVector<double>, 3> keys, values;
    for (const RooflinePoint& p : data_.points) {
        if (p.intensity <= 0 || p.achievedTflops <= 0) continue;
        const std::size_t c = static_cast<std::size_t>(p.densityClass);
        keys[c] << p.intensity;
        values[c] << p.achievedTflops;
        xLo = std::min(xLo, p.intensity), xHi = std::max(xHi, p.intensity);
        yLo = std::min(yLo, p.achievedTflops), yHi = std::max(yHi, p.achievedTflops);
    }
    for (std::size_t c = 0; c < classes_.size(); ++c) {
        classes_[c]->setData(keys[c], values[c]); // unsorted: intensities repeat across classes
        if (keys[c].isEmpty()) classes_[c]->removeFromLegend();
        else classes_[c]->addToLegend();
    }
    const bool roof = data_.hasProfile && data_.peakTflops > 0 && data_.bandwidthGBps > 0;
    if (roof) {
        xLo = std::min(xLo, data_.ridgeIntensity / 20), xHi = std::max(xHi, data_.ridgeIntensity * 20);
        yHi = std::max(yHi, data_.peakTflops), yLo = std::min(yLo, xLo * data_.bandwidthGBps / 1000.0);
    }
    if (xHi <= 0) xLo = 0.1, xHi = 1000, yLo = 0.01, yHi = 1000;
    xLo /= 2, xHi *= 2, yLo /= 3, yHi *= 3;
    xAxis->setRange(xLo, xHi);
    yAxis->setRange(yLo, yHi);
    if (roof) drawRoof(xLo, xHi);
    else roof_->data()->clear();
    roof_->setVisible(roof);
    ridge_->setVisible(roof);
    peakLabel_->setVisible(roof);
    slopeLabel_->setVisible(roof);
    if (roof) roof_->addToLegend();
    else roof_->removeFromLegend();
    labelTopPoints();
    const bool anyPoint = xHi > 0 && !data_.points.empty();
    empty_->setText(anyPoint ? QString() : emptyText);
    empty_->setVisible(!anyPoint);
    const QString profileName = QString::fromStdString(data_.profile.name);
    if (!data_.hasProfile) profileNote_->setText(tr("No device profile: choose a device to draw the roofline"));
    else if (!data_.profileMissing.empty())
        profileNote_->setText(tr("%1: peak or bandwidth unknown, choose a device to draw the roofline").arg(profileName));
    else if (!data_.profile.verified)
        profileNote_->setText(tr("%1: nominal peaks derived from public sources, not a datasheet").arg(profileName));
    else profileNote_->setText(tr("%1 (nominal peaks)").arg(profileName));
    if (!data_.bytesSource.empty() && anyPoint) {
        const QString source = data_.bytesSource == "tensor shapes" ? tr("tensor shapes (the least traffic)")
                               : data_.bytesSource == "args"        ? tr("event args")
                                                                    : tr("memory counters");
        profileNote_->setText(profileNote_->text() + tr(" · bytes from %1").arg(source));
    }
    legend->setVisible(anyPoint || roof);
    applyPalette();
    replot();
    placeRoofLabels();
    replot();
}

// Names the operators that hold the most time (points are sorted by time).
void RooflinePlot::labelTopPoints() {
    for (int i = 0; i < static_cast<int>(data_.points.size()) && pointLabels_.size() < kLabelledPoints; ++i) {
        const RooflinePoint& p = data_.points[static_cast<std::size_t>(i)];
        if (p.intensity <= 0 || p.achievedTflops <= 0) continue;
        auto* label = new QCPItemText(this);
        const QString name = QString::fromStdString(p.name);
        label->setText(QFontMetrics(font()).elidedText(name, Qt::ElideMiddle, 180));
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        label->position->setCoords(p.intensity, p.achievedTflops);
        label->setPadding(QMargins(8, 0, 0, 0));
        label->setClipToAxisRect(true);
        pointLabels_ << label;
    }
}

std::optional<int> RooflinePlot::pointAt(QPointF pos) const {
    std::optional<int> best;
    double bestDist = kHitRadiusPx * kHitRadiusPx;
    for (int i = 0; i < static_cast<int>(data_.points.size()); ++i) {
        const RooflinePoint& p = data_.points[static_cast<std::size_t>(i)];
        if (p.intensity <= 0 || p.achievedTflops <= 0) continue;
        const QPointF c = pointCentre(i);
        const double d = (c.x() - pos.x()) * (c.x() - pos.x()) + (c.y() - pos.y()) * (c.y() - pos.y());
        if (d <= bestDist) bestDist = d, best = i;
    }
    return best;
}

QPointF RooflinePlot::pointCentre(int index) const {
    const RooflinePoint& p = data_.points[static_cast<std::size_t>(index)];
    return {xAxis->coordToPixel(p.intensity), yAxis->coordToPixel(p.achievedTflops)};
}

QString RooflinePlot::pointText(int index) const {
    const RooflinePoint& p = data_.points[static_cast<std::size_t>(index)];
    QString text = tr("<b>%1</b><br>%2 FLOP/byte, %3 TFLOPS achieved")
                       .arg(QString::fromStdString(p.name).toHtmlEscaped())
                       .arg(p.intensity, 0, 'g', 3)
                       .arg(p.achievedTflops, 0, 'g', 3);
    if (p.attainableTflops > 0)
        text += tr("<br>%1 TFLOPS attainable (%2% of the roof)")
                    .arg(p.attainableTflops, 0, 'g', 3)
                    .arg(100.0 * p.achievedTflops / p.attainableTflops, 0, 'f', 1);
    text += tr("<br>%1 in %n execution(s)", nullptr, static_cast<int>(p.count)).arg(formatDuration(p.totalNs));
    return text + tr("<br><i>Click to highlight its executions</i>");
}

} // namespace opscope
