// One metric's trend over the runs of a history: each run a point on the time axis, the smoothed value as
// a line, the noise band as a shaded area, runs beyond the band in red and each step or drift marked.
#pragma once
#include "core/history/run_history.h"

#include <qcustomplot.h>

#include <optional>

namespace opscope {

class HistoryPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit HistoryPlot(QWidget* parent = nullptr);
    void setTrend(const history::Trend& trend);
    const history::Trend& trend() const { return trend_; }
    // The point nearest to a widget position, within a few pixels.
    std::optional<std::size_t> pointAt(const QPoint& position) const;
    // Points picked with Ctrl+click for a comparison (at most two).
    const std::vector<std::size_t>& pickedForCompare() const { return picked_; }

signals:
    void pointClicked(int index);             // a plain click
    void pairChosen(int first, int second);   // the second Ctrl+click

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    double xOf(std::size_t index) const;

    history::Trend trend_;
    std::vector<std::size_t> picked_;
    QCPGraph* bandLow_ = nullptr;
    QCPGraph* bandHigh_ = nullptr;
    QCPGraph* smoothed_ = nullptr;
    QCPGraph* values_ = nullptr;
    QCPGraph* beyond_ = nullptr;
    QCPGraph* picks_ = nullptr;
};

} // namespace opscope
