// The phase comparison: device utilisation of each phase (forward, backward, optimizer) and step side by
// side as QCPBars coloured by kind, with the value on each bar. Clicking a bar frames it on the timeline.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "widgets/common/plot_style.h"

#include <qcustomplot.h>

#include <array>
#include <vector>

namespace opscope {

class PhaseComparePlot : public QCustomPlot {
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

private:
    QString barText(int index) const;

    std::vector<PhaseRow> phases_;
    std::array<QCPBars*, 4> bars_{}; // forward, backward, optimizer, step
    QList<QCPItemText*> valueLabels_;
    QCPItemText* empty_;
};

} // namespace opscope
