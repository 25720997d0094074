// A heatmap of a rank grid (rank × step for the cluster summary, source × destination rank for the
// communication matrix): a QCPColorMap without interpolation, text labels on both axes, a labelled
// colour scale, and an empty-state message. Cells without a value stay blank. With many ranks or steps
// the labels thin out to every stride-th one, and the column labels slant or stand (bar_label_layout.h).
#pragma once
#include "widgets/common/fitted_tick_labels.h"

#include <qcustomplot.h>

#include <optional>
#include <vector>

namespace opscope {

class RankGridPlot : public QCustomPlot {
    Q_OBJECT
public:
    explicit RankGridPlot(QWidget* parent = nullptr);

    // values[row][column]; nullopt: no value. Rows are drawn top to bottom.
    void setGrid(const QStringList& rowLabels, const QStringList& columnLabels,
                 const std::vector<std::vector<std::optional<double>>>& values, const QString& rowTitle,
                 const QString& columnTitle, const QString& valueTitle);
    void setEmptyText(const QString& text);
    int rows() const { return static_cast<int>(rowLabels_.size()); }
    int columns() const { return static_cast<int>(columnLabels_.size()); }
    // The widget pixel at the centre of a cell (tests click there).
    QPoint cellCentre(int row, int column) const;
    const BarLabelLayout& columnLabelLayout() const { return columnLayout_; }
    int rowLabelStride() const { return rowStride_; }

signals:
    // A left click on a cell of the grid (row, column as given to setGrid).
    void cellClicked(int row, int column);

protected:
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void updateLayout() override; // fits the labels to the cells' size before anything is drawn

private:
    void applyPalette();
    QCPColorMap* map_;
    QCPColorScale* scale_;
    QCPItemText* empty_;
    TickLabels rowLabels_, columnLabels_; // one line each
    BarLabelLayout columnLayout_;
    int rowStride_ = 1;
    bool ticksStale_ = true; // new labels since the last fit
};

} // namespace opscope
