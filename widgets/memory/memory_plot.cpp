#include "widgets/memory/memory_plot.h"

#include "widgets/common/plot_style.h"

#include <qcustomplot.h>

#include <QVBoxLayout>

namespace opscope {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

QString deviceName(const MemoryData& data, std::int64_t id) {
    const MemoryDevice* d = data.device(id);
    return d ? QString::fromStdString(d->name) : QString();
}

} // namespace

MemoryPlot::MemoryPlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot_);
    plot_->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new DurationAxisTicker));
    plot_->yAxis->setLabel(tr("Memory (MiB)"));
    plot_->legend->setVisible(true);
    // The legend gets a column of its own right of the curves: inside the axis rect it hides them.
    plot_->axisRect()->insetLayout()->take(plot_->legend);
    showLegend(true);
    plot_->legend->setMargins(QMargins(6, 4, 6, 4));
    QFont legendFont = font();
    legendFont.setPointSizeF(legendFont.pointSizeF() * 0.85);
    plot_->legend->setFont(legendFont);
    plot_->setSelectionRectMode(QCP::srmCustom);
    connect(plot_->selectionRect(), &QCPSelectionRect::accepted, this, [this](const QRect& rect, QMouseEvent*) {
        TimeNs a = timeOfPixel(rect.left()), b = timeOfPixel(rect.right());
        if (b > a) emit rangeSelected(a, b);
    });
    stylePlot(plot_, palette());
}

void MemoryPlot::setData(std::shared_ptr<const MemoryData> data, std::vector<DeviceMemoryPeaks> peaks) {
    data_ = std::move(data);
    peaks_ = std::move(peaks);
    originNs_ = data_ ? data_->traceRange.startNs : 0;
    rebuild();
}

void MemoryPlot::setBandwidth(std::vector<CopyBandwidthTrack> tracks) { bandwidth_ = std::move(tracks); }

void MemoryPlot::setShowZeroSeries(bool show) {
    if (show == showZero_) return;
    showZero_ = show;
    rebuild();
}

int MemoryPlot::curveCount() const { return plot_->graphCount(); }

// An empty legend's largest height is its margins, and its column shares the curves' row: left in the
// layout it squeezes the axis rect to its least height (a trace without memory records drew a 40 px plot).
void MemoryPlot::showLegend(bool show) {
    plot_->legend->setVisible(show);
    QCPLayoutGrid* layout = plot_->plotLayout();
    const bool inLayout = layout->hasElement(0, 1) && layout->element(0, 1) == plot_->legend;
    if (show && !inLayout) {
        layout->addElement(0, 1, plot_->legend);
        layout->setColumnStretchFactor(1, 0.001);
    } else if (!show && inLayout) {
        layout->take(plot_->legend);
        layout->simplify();
    }
}

double MemoryPlot::pixelOfTime(TimeNs t) const { return plot_->xAxis->coordToPixel(static_cast<double>(t - originNs_)); }

TimeNs MemoryPlot::timeOfPixel(double x) const {
    return originNs_ + static_cast<TimeNs>(plot_->xAxis->pixelToCoord(x));
}

void MemoryPlot::setVisibleRange(TimeRange range) {
    if (range.empty()) return;
    plot_->xAxis->setRange(static_cast<double>(range.startNs - originNs_), static_cast<double>(range.endNs - originNs_));
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryPlot::setSelection(TimeRange range) {
    for (int i = plot_->itemCount() - 1; i >= 0; --i)
        if (plot_->item(i)->objectName() == QStringLiteral("selection")) plot_->removeItem(i);
    if (!range.empty()) {
        auto* rect = new QCPItemRect(plot_);
        rect->setObjectName(QStringLiteral("selection"));
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(static_cast<double>(range.startNs - originNs_), 0);
        rect->bottomRight->setCoords(static_cast<double>(range.endNs - originNs_), 1);
        QColor fill = palette().color(QPalette::Highlight);
        fill.setAlpha(50);
        rect->setBrush(fill);
        rect->setPen(Qt::NoPen);
        rect->setLayer(QStringLiteral("background"));
    }
    plot_->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryPlot::rebuild() {
    plot_->clearGraphs();
    plot_->clearItems();
    hiddenZero_ = 0;
    if (!data_) {
        plot_->replot();
        return;
    }
    int colour = 0;
    double maxMiB = 0;
    auto addStep = [&](const QString& name, QColor c, Qt::PenStyle style, double width) {
        QCPGraph* g = plot_->addGraph();
        g->setName(name);
        g->setLineStyle(QCPGraph::lsStepLeft);
        QPen pen(c, width);
        pen.setStyle(style);
        g->setPen(pen);
        return g;
    };
    const bool manyDevices = data_->devices.size() > 1;
    for (const MemorySeries& s : data_->series) {
        if (!showZero_ && s.allZero()) {
            ++hiddenZero_;
            continue;
        }
        QString label = (manyDevices ? deviceName(*data_, s.deviceId) + QStringLiteral(" ") : QString()) +
                        QString::fromStdString(s.component);
        QColor c = seriesColour(colour++);
        QVector<double> keys, allocated, reserved;
        QVector<double> aKeys, rKeys;
        for (const MemorySample& m : s.samples) {
            double x = static_cast<double>(m.tsNs - originNs_);
            if (m.allocatedBytes != kNoBytes) aKeys.push_back(x), allocated.push_back(m.allocatedBytes / kMiB);
            if (m.reservedBytes != kNoBytes) rKeys.push_back(x), reserved.push_back(m.reservedBytes / kMiB);
        }
        if (!allocated.isEmpty()) addStep(tr("%1 allocated").arg(label), c, Qt::SolidLine, 1.6)->setData(aKeys, allocated, true);
        if (!reserved.isEmpty()) addStep(tr("%1 reserved").arg(label), c, Qt::DashLine, 1.2)->setData(rKeys, reserved, true);
        for (double v : allocated) maxMiB = std::max(maxMiB, v);
        for (double v : reserved) maxMiB = std::max(maxMiB, v);
    }
    for (const MemoryModuleSeries& m : data_->modules) {
        if (!showZero_ && m.allZero()) {
            ++hiddenZero_;
            continue;
        }
        QVector<double> keys, values;
        for (const auto& [ts, bytes] : m.reservedBytes) keys.push_back(static_cast<double>(ts - originNs_)), values.push_back(bytes / kMiB);
        for (double v : values) maxMiB = std::max(maxMiB, v);
        QString label = (manyDevices ? deviceName(*data_, m.deviceId) + QStringLiteral(" ") : QString()) +
                        QString::fromStdString(m.component);
        addStep(tr("%1 (module) reserved").arg(label), seriesColour(colour++), Qt::DotLine, 1.0)->setData(keys, values, true);
    }
    // Fragmentation of each device's peak component, and the peak itself.
    for (const DeviceMemoryPeaks& p : peaks_) {
        if (p.device.peakAllocatedBytes == kNoBytes) continue;
        for (const MemorySeries& s : data_->series) {
            if (s.deviceId != p.device.deviceId || s.component != p.device.component) continue;
            QVector<double> keys, values;
            for (const MemorySample& m : s.samples)
                if (m.allocatedBytes != kNoBytes && m.reservedBytes != kNoBytes)
                    keys.push_back(static_cast<double>(m.tsNs - originNs_)),
                        values.push_back(std::max<std::int64_t>(0, m.reservedBytes - m.allocatedBytes) / kMiB);
            if (keys.isEmpty()) continue;
            QColor grey = palette().color(QPalette::WindowText);
            grey.setAlpha(110);
            QCPGraph* g = addStep(tr("%1 fragmentation (reserved − allocated)").arg(QString::fromStdString(s.component)), grey,
                                  Qt::SolidLine, 1.0);
            grey.setAlpha(35);
            g->setBrush(grey);
            g->setData(keys, values, true);
        }
        auto* line = new QCPItemStraightLine(plot_);
        double x = static_cast<double>(p.device.peakAllocatedTsNs - originNs_);
        line->point1->setCoords(x, 0);
        line->point2->setCoords(x, 1);
        line->setPen(QPen(QColor(0xd6, 0x27, 0x28), 1, Qt::DashDotLine));
        auto* label = new QCPItemText(plot_);
        label->position->setCoords(x, p.device.peakAllocatedBytes / kMiB);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setText(tr("peak %1%2").arg(manyDevices ? deviceName(*data_, p.device.deviceId) + QStringLiteral(" ") : QString(),
                                           QString::number(p.device.peakAllocatedBytes / kMiB, 'f', 1) + QStringLiteral(" MiB")));
        label->setColor(QColor(0xd6, 0x27, 0x28));
        auto* dot = new QCPItemEllipse(plot_);
        dot->topLeft->setType(QCPItemPosition::ptAbsolute);
        dot->bottomRight->setType(QCPItemPosition::ptAbsolute);
        dot->topLeft->setParentAnchor(label->position);
        dot->bottomRight->setParentAnchor(label->position);
        dot->topLeft->setCoords(-4, -4);
        dot->bottomRight->setCoords(4, 4);
        dot->setBrush(QColor(0xd6, 0x27, 0x28));
        dot->setPen(Qt::NoPen);
    }
    // Copy bandwidth beside the memory curves, on the right axis.
    bandwidthCurves_ = 0;
    double maxGBps = 0;
    for (const CopyBandwidthTrack& t : bandwidth_) {
        QVector<double> keys, values;
        for (const auto& [ts, rate] : t.bytesPerSecond) {
            keys.push_back(static_cast<double>(ts - originNs_));
            values.push_back(rate / 1e9);
            maxGBps = std::max(maxGBps, rate / 1e9);
        }
        QCPGraph* g = plot_->addGraph(plot_->xAxis, plot_->yAxis2);
        g->setName(tr("%1 (GB/s, right axis)").arg(QString::fromStdString(t.name)));
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(seriesColour(colour++), 1.0));
        g->setData(keys, values, true);
        ++bandwidthCurves_;
    }
    plot_->yAxis2->setVisible(bandwidthCurves_ > 0);
    plot_->yAxis2->setLabel(tr("Copy bandwidth (GB/s)"));
    plot_->yAxis2->setRange(0, maxGBps > 0 ? maxGBps * 1.12 : 1);
    plot_->xAxis->setRange(0, static_cast<double>(std::max<TimeNs>(1, data_->traceRange.endNs - originNs_)));
    plot_->yAxis->setRange(0, maxMiB > 0 ? maxMiB * 1.12 : 1);
    showLegend(plot_->graphCount() > 0);
    stylePlot(plot_, palette());
    plot_->replot();
}

} // namespace opscope
