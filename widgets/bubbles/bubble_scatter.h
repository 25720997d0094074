// Bubbles over time: start (from the trace start) against duration on a log axis, one coloured series
// per track or device. Hovering a point tells the bubble; clicking it asks to zoom the timeline to it.
// From kDensityFromBubbles bubbles on, discs would cover one another into one blot (434,744 bubbles on
// the generated 10 M store) and cost a second a replot: each series is then drawn as a density, a grid
// of cells in its colour, darker where more bubbles fall (log scale). Hover and click work as before.
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

// Drawn as densities from this many bubbles on, over all series.
constexpr std::size_t kDensityFromBubbles = 20'000;
// The density grid: columns along the time axis, rows along the log-duration axis.
constexpr int kDensityColumns = 200, kDensityRows = 80;

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
    bool drawsDensity() const { return !densities_.empty(); }
    // The number of bubbles of a series in density cell (column, row); 0 when drawn as discs.
    int densityCount(int series, int column, int row) const;

signals:
    void bubbleClicked(int series, int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    QString pointText(BubblePointRef ref) const;
    void clearDensities();
    void addDensity(std::size_t series, const QColor& colour, double xLo, double xHi, double yLo, double yHi);

    std::vector<BubbleSeries> series_;
    std::vector<QCPGraph*> graphs_;
    std::vector<QCPColorMap*> densities_;    // one per series in density mode, else none
    std::vector<std::vector<int>> counts_;   // per series: bubbles per cell, column-major
    QCPItemText* empty_;
    QCPItemText* densityNote_; // "434,744 bubbles drawn as density" in density mode
    TimeNs originNs_ = 0;
};

} // namespace opscope
