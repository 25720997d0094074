// The roofline: operators by arithmetic intensity (FLOP/byte) and achieved TFLOPS on log-log axes,
// under the device profile's memory-bandwidth slope and peak-compute ceiling, coloured by density class.
#pragma once
#include "core/analysis/diagnosis/diagnosis_types.h"
#include "widgets/common/plot_style.h"

#include <qcustomplot.h>

#include <array>
#include <optional>

namespace opscope {

class RooflinePlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit RooflinePlot(QWidget* parent = nullptr);

    // emptyText is shown when no operator has FLOPs and bytes (what the trace lacks).
    void setData(const RooflineData& data, const QString& emptyText);
    const RooflineData& data() const { return data_; }
    std::optional<int> pointAt(QPointF pos) const; // index into data().points
    QPointF pointCentre(int index) const;
    void applyPalette();

signals:
    void operatorClicked(const QString& name);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void drawRoof(double xLo, double xHi);
    void placeRoofLabels();
    void labelTopPoints();
    QString pointText(int index) const;

    RooflineData data_;
    QCPGraph* roof_;
    std::array<QCPGraph*, 3> classes_{}; // memory-bound, balanced, compute-bound
    QCPItemStraightLine* ridge_;
    QCPItemText *peakLabel_, *slopeLabel_, *empty_, *profileNote_;
    QList<QCPItemText*> pointLabels_;
};

} // namespace opscope
