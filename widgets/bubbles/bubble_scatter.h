// Bubbles over time: start (from the trace start) against duration on a log axis, one coloured series
// per track or device. Hovering a point tells the bubble; clicking it asks to zoom the timeline to it.
#pragma once
#include "core/analysis/bubbles/bubble_analysis.h"
#include "widgets/common/plot_style.h"

#include <qcustomplot.h>

#include <optional>
#include <vector>

namespace opscope {

struct BubbleSeries {
    QString label;
    std::vector<Bubble> bubbles; // by start
};

struct BubblePointRef {
    int series = 0;
    int index = 0;
};

class BubbleScatter : public QCustomPlot {
    Q_OBJECT
public:
    explicit BubbleScatter(QWidget* parent = nullptr);

    void setSeries(std::vector<BubbleSeries> series, TimeNs originNs);
    // Empties the plot and says "Computing…" until the next setSeries (never "No bubbles" before a result).
    void showComputing();
    QString placeholderText() const; // what the plot says when it has no points ("" when it has some)
    const std::vector<BubbleSeries>& series() const { return series_; }
    // The point nearest to pos within a few pixels.
    std::optional<BubblePointRef> pointAt(QPointF pos) const;
    QPointF pointCentre(BubblePointRef ref) const;
    void applyPalette();

signals:
    void bubbleClicked(int series, int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    QString pointText(BubblePointRef ref) const;

    std::vector<BubbleSeries> series_;
    std::vector<QCPGraph*> graphs_;
    QCPItemText* empty_;
    TimeNs originNs_ = 0;
};

} // namespace opscope
