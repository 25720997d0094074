// The Memory view's curves on the trace's time axis: allocated (solid) and reserved (dashed) per device
// and component, non-zero per-component (module) reserved memory, fragmentation (reserved − allocated)
// of each device's peak component, copy bandwidth on a second axis, and each device's allocated peak
// marked. A drag selects a range.
#pragma once
#include "core/analysis/memory/memory_peaks.h"
#include "core/model/memory_data.h"
#include "core/store/memory_reader.h"

#include <QWidget>

#include <memory>

class QCustomPlot;

namespace opscope {

class MemoryPlot : public QWidget {
    Q_OBJECT
public:
    explicit MemoryPlot(QWidget* parent = nullptr);

    void setData(std::shared_ptr<const MemoryData> data, std::vector<DeviceMemoryPeaks> peaks);
    // Copy bandwidth (the derived counter tracks) on a second y axis in GB/s; drawn from the next setData().
    void setBandwidth(std::vector<CopyBandwidthTrack> tracks);
    int bandwidthCurveCount() const { return bandwidthCurves_; }
    void setShowZeroSeries(bool show);
    bool showZeroSeries() const { return showZero_; }
    // The x axis follows the timeline's visible range.
    void setVisibleRange(TimeRange range);
    // Marks a selected range (or clears it with an empty one).
    void setSelection(TimeRange range);

    int curveCount() const;         // graphs drawn (hidden zero-only series excluded)
    int hiddenZeroSeries() const { return hiddenZero_; }
    QCustomPlot* plot() const { return plot_; }
    // Pixel x of a time, and time of a pixel x, in the plot's widget coordinates.
    double pixelOfTime(TimeNs t) const;
    TimeNs timeOfPixel(double x) const;

signals:
    void rangeSelected(qint64 startNs, qint64 endNs);

private:
    void rebuild();
    void showLegend(bool show); // and gives its column back to the curves when it is hidden

    QCustomPlot* plot_;
    std::shared_ptr<const MemoryData> data_;
    std::vector<DeviceMemoryPeaks> peaks_;
    std::vector<CopyBandwidthTrack> bandwidth_;
    int bandwidthCurves_ = 0;
    bool showZero_ = false;
    int hiddenZero_ = 0;
    TimeNs originNs_ = 0;
};

} // namespace opscope
