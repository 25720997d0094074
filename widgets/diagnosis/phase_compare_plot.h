// The phase comparison: device utilisation of each phase (forward, backward, optimizer) and step side by
// side as QCPBars coloured by kind, with the value on each bar. Clicking a bar frames it on the timeline.
// Names and values fit the width each bar gets (BarChartPlot): with dozens of steps they stand upright,
// then thin out, and the values move to the tooltip.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "widgets/common/bar_chart_plot.h"
#include "widgets/common/plot_style.h"

#include <array>
#include <vector>

namespace opscope {

class PhaseComparePlot : public BarChartPlot {
    Q_OBJECT
public:
    explicit PhaseComparePlot(QWidget* parent = nullptr);

    void setPhases(std::vector<PhaseRow> phases);
    const std::vector<PhaseRow>& phases() const { return phases_; }
    int barAt(QPointF pos) const; // -1: none
    QPointF barCentre(int index) const;
    void applyPalette();

signals:
    void phaseClicked(int index);

protected:
    void changeEvent(QEvent* event) override;
    void labelLayoutChanged() override; // places the value labels level, upright or not at all

private:
    QString barText(int index) const;

    std::vector<PhaseRow> phases_;
    std::array<QCPBars*, 4> bars_{}; // forward, backward, optimizer, step
    QList<QCPItemText*> valueLabels_;
    QCPItemText* empty_;
};

} // namespace opscope
