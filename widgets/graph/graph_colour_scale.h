// The sequential colour scale graph nodes are filled with (pale yellow for the least, deep red for the
// most of the chosen measure; log-spaced when values span orders of magnitude), its value labels,
// and the legend drawn over the view.
#pragma once
#include "core/analysis/graph/graph_measures.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <vector>

class QPainter;

namespace opscope {

class GraphColourScale {
public:
    // From the finite values (NaN: no value); kind and unit decide the label format.
    void fit(const std::vector<double>& values, const NodeMeasureColumn& column);
    QColor colourFor(double value) const; // NaN: the "no execution" grey
    QString label(double value) const;
    double minimum() const { return min_; }
    double maximum() const { return max_; }
    bool logarithmic() const { return log_; }
    bool empty() const { return !(max_ >= min_); }
    const QString& title() const { return title_; }

    static QColor noValueFill();
    static QColor rampColour(double t); // t in [0, 1]

private:
    double position(double value) const;
    double min_ = 1, max_ = 0;
    bool log_ = false;
    NodeMeasureColumn column_;
    QString title_;
};

// The legend box: title, gradient with min/max labels, and the grey "no execution" swatch.
QRectF paintGraphLegend(QPainter& p, const GraphColourScale& scale, QPointF topRight, bool dark);

} // namespace opscope
