// A QCustomPlot of bars at keys 0, 1, ..., n-1 named by text tick labels that fit the room each bar
// gets (bar_label_layout.h). The fit is redone in every layout pass, before anything is drawn: a resize,
// new labels or a new font never leave labels overlapping, not even for one frame or in a screenshot.
// The value axis keeps room above the tallest bar for value labels and the legend in the top right.
#pragma once
#include "widgets/common/fitted_tick_labels.h"

#include <qcustomplot.h>

#include <QStringList>

#include <vector>

namespace opscope {

class BarChartPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit BarChartPlot(QWidget* parent = nullptr);

    // Each bar's tick label as lines, the most telling first: the first ones stay when room is short.
    void setBarLabels(TickLabels labels);
    // The tallest bar's value and the least room kept above it (1.18: 18 % more); the axis then runs
    // from 0 to at least top x minFactor, more when value labels and the legend need it (0 to 1 for a
    // top of 0 or less).
    void setValueTop(double top, double minFactor);
    // The widest value label drawn on a bar (0: none): counted in the room, shown by the subclass.
    void setWidestValueLabel(int px);

    const BarLabelLayout& labelLayout() const { return layout_; }
    const BarLabelRoom& labelRoom() const { return room_; }

protected:
    void updateLayout() override;
    // Called once the tick labels follow a new layout: value labels follow it here.
    virtual void labelLayoutChanged() {}

private:
    BarLabelRoom measureRoom() const;
    void applyLayout();

    TickLabels labels_;
    double valueTop_ = 0, minFactor_ = 1.1;
    int widestValuePx_ = 0;
    BarLabelRoom room_;
    BarLabelLayout layout_;
    bool stale_ = true; // labels, values or the top changed since the last fit
};

} // namespace opscope
