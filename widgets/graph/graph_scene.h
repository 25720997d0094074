// What the graph view paints, prepared once per graph (or collapse) so that painting neither
// allocates nor queries: node boxes with elided labels and fill colours, edge paths, flattened
// polylines for the far level of detail, arrow heads, tooltips, and the colour scale.
#pragma once
#include "core/analysis/graph/graph_layout.h"
#include "core/analysis/graph/graph_measures.h"
#include "widgets/graph/graph_collapse.h"
#include "widgets/graph/graph_colour_scale.h"

#include <QColor>
#include <QFont>
#include <QLineF>
#include <QPainterPath>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QVector>

#include <cstdint>
#include <memory>
#include <vector>

namespace opscope {

struct GraphSceneNode {
    QRectF rect;
    QString name, type, nameText, typeText; // *Text: elided to the box
    QString tooltip;
    std::vector<std::int64_t> nodeIds;      // store ids (several for a group)
    QString scope;                          // group: the collapsed scope; else the node's own scope
    bool group = false;
    bool joined = false;                    // has at least one execution
    std::int64_t executions = 0;
    double value = 0;                       // the colouring measure (NaN: none)
    QColor fill, text;
};

struct GraphSceneEdge {
    QPainterPath path;
    QVector<QLineF> lines;    // the path flattened, for hit tests
    QVector<QLineF> farLines; // the Bezier control polygon: a few segments, for the far level of detail
    QPolygonF arrow;
    QRectF bounds;
    QString tooltip;
    int src = 0, dst = 0;
    bool ctrl = false;     // control / order edges are drawn dashed
};

class GraphScene {
public:
    // view: the (possibly collapsed) graph; layout: its boxes and routes (for an uncollapsed view
    // pass the stored graph's cached layout through layoutFromStored()).
    static std::shared_ptr<GraphScene> build(const StoredGraph& graph, const ViewGraph& view, const GraphLayout& layout,
                                             const GraphMeasures& measures);
    static GraphLayout layoutFromStored(const StoredGraph& graph);

    // Recomputes values, fills and the scale for a measure column (index into GraphMeasures::columns).
    void recolour(const GraphMeasures& measures, int column);
    int colourColumn() const { return column_; }

    const std::vector<GraphSceneNode>& nodes() const { return nodes_; }
    const std::vector<GraphSceneEdge>& edges() const { return edges_; }
    QRectF bounds() const { return bounds_; }
    const GraphColourScale& scale() const { return scale_; }
    bool derived() const { return derived_; }
    const QString& format() const { return format_; }

    int nodeAt(QPointF scenePos) const;                  // -1: none
    int edgeAt(QPointF scenePos, double tolerance) const; // -1: none
    int nodeOfStoreId(std::int64_t nodeId) const;        // the view node holding a store node

    static QFont nameFont();
    static QFont typeFont();

private:
    std::vector<GraphSceneNode> nodes_;
    std::vector<GraphSceneEdge> edges_;
    std::vector<std::pair<std::int64_t, int>> nodeOfStoreId_; // sorted by store id
    std::vector<std::vector<std::uint32_t>> members_;        // per view node: stored node indices
    QRectF bounds_;
    GraphColourScale scale_;
    int column_ = 0;
    bool derived_ = false;
    QString format_;
};

} // namespace opscope
