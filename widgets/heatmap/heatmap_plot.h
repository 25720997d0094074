// The heatmap's plot: a QCPColorMap (one row per operator, one column per time bucket, no interpolation)
// with its QCPColorScale aligned by a QCPMarginGroup, row labels, hover outline and hit testing.
#pragma once
#include "core/analysis/heatmap/heatmap_bins.h"
#include "widgets/common/plot_style.h"

#include <qcustomplot.h>

#include <optional>

namespace opscope {

struct HeatmapCell {
    int row = 0;
    int bucket = 0;
};

class HeatmapPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit HeatmapPlot(QWidget* parent = nullptr);

    // Shows a result; x is the time from originNs (the trace start). valueLabel names the colour scale.
    void setResult(const HeatmapResult& result, TimeNs originNs, const QString& valueLabel);
    void setGradient(HeatGradient gradient);
    void setLogScale(bool on);
    void setEmptyText(const QString& text);
    // Outlines one row (the operator selected elsewhere); -1 clears.
    void setMarkedRow(int row);
    void applyPalette();

    std::optional<HeatmapCell> cellAt(QPointF pos) const;
    // Centre of a cell in widget pixels (for tests and keyboard use).
    QPointF cellCentre(HeatmapCell cell) const;
    QCPColorMap* colorMap() const { return map_; }
    QCPColorScale* colorScale() const { return scale_; }

signals:
    void cellHovered(int row, int bucket, QPoint globalPos);
    void cellClicked(int row, int bucket);
    void cellDoubleClicked(int row, int bucket);
    void hoverLeft();
    void resized(); // after the new layout is known (the view picks its bucket count from it)

protected:
    void changeEvent(QEvent* event) override;
    void leaveEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void fillCells(const HeatmapResult& result);
    void setRowLabels();
    void layoutNow();
    void outlineCell(QCPItemRect* item, std::optional<HeatmapCell> cell);
    void updateRange();

    QCPColorMap* map_;
    QCPColorScale* scale_;
    QCPMarginGroup* margins_;
    QSharedPointer<QCPAxisTickerText> rowTicker_;
    QCPItemRect* hover_;
    QCPItemRect* mark_;
    QCPItemText* empty_;
    QStringList labels_; // full row labels; the axis shows them elided
    std::optional<HeatmapCell> hovered_;
    int markedRow_ = -1;
    int rows_ = 0, buckets_ = 0;
    double keyLo_ = 0, keyHi_ = 1, bucketWidth_ = 1; // cell centres and width, ns from the origin
    double minValue_ = 0, maxValue_ = 1;
    bool durations_ = false; // the cells hold ns (busy time, mean duration): the scale reads them as durations
    bool logScale_ = false;
};

} // namespace opscope
