// The phase comparison: device utilisation of each phase (forward, backward, optimizer) and step side by
// side as QCPBars coloured by kind, with the value on each bar. Clicking a bar frames it on the timeline.
// The labels fit themselves to the width each bar gets (phase_label_layout.h).
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "widgets/diagnosis/phase_label_layout.h"
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
    const PhaseLabelLayout& labelLayout() const { return labelLayout_; }

signals:
    void phaseClicked(int index);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QString barText(int index) const;
    QString tickText(int index, bool withDuration) const;
    // Measures the room per bar and lays the names and values out for it (phase_label_layout.h); true
    // when the layout changed and the plot needs another replot.
    bool fitLabelsToRoom();
    PhaseLabelRoom measureLabelRoom() const;
    void applyLabelLayout(const PhaseLabelLayout& layout);

    std::vector<PhaseRow> phases_;
    std::array<QCPBars*, 4> bars_{}; // forward, backward, optimizer, step
    QList<QCPItemText*> valueLabels_;
    QCPItemText* empty_;
    PhaseLabelLayout labelLayout_;
    PhaseLabelRoom fittedRoom_; // the room labelLayout_ was fitted to
};

} // namespace opscope
