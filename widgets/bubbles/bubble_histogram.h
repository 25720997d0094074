// Histogram of bubble durations on logarithmic bins (below 1 µs, 1 µs to 10 s, 10 s and above): QCPBars
// on a log axis, stacked by likely cause. Clicking a bin asks for the list of its bubbles.
#pragma once
#include "core/analysis/bubbles/bubble_analysis.h"
#include "widgets/common/plot_style.h"

#include <qcustomplot.h>

#include <array>
#include <vector>

namespace opscope {

class BubbleHistogram : public QCustomPlot {
    Q_OBJECT
public:
    explicit BubbleHistogram(QWidget* parent = nullptr);

    // bins from the report; bubbles (device or track ones) give the split by cause.
    void setData(const std::vector<HistogramBin>& bins, const std::vector<Bubble>& bubbles, int binsPerDecade);
    // Empties the plot and says "Computing…" until the next setData (never "No bubbles" before a result).
    void showComputing();
    QString placeholderText() const; // what the plot says when it has no bars ("" when it has some)
    const std::vector<HistogramBin>& bins() const { return bins_; }
    int binAt(QPointF pos) const; // -1: none
    QPointF binCentre(int bin) const;
    QString binText(int bin) const;
    void applyPalette();

signals:
    void binClicked(int bin);

protected:
    void changeEvent(QEvent* event) override;

private:
    // Where a bin sits on the log axis (the open-ended ones get one bin width).
    double binLow(int bin) const;
    double binHigh(int bin) const;

    std::array<QCPBars*, kBubbleCauseCount> bars_{};
    QCPItemText* empty_;
    std::vector<HistogramBin> bins_;
    std::vector<std::array<std::int64_t, kBubbleCauseCount>> causeCounts_;
    double binFactor_ = 1;
};

} // namespace opscope
