#include "widgets/graph/graph_scene.h"

#include "widgets/common/theme.h"
#include "widgets/common/time_format.h"

#include <QCoreApplication>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QString tr(const char* text) { return QCoreApplication::translate("GraphScene", text); }
QString qs(const std::string& s) { return QString::fromStdString(s); }

QPainterPath pathFrom(const std::vector<LayoutPoint>& pts, QPointF* tip, QPointF* end) {
    QPainterPath path;
    if (pts.size() < 2) return path;
    const bool hasTip = pts.size() % 3 == 2;
    const std::size_t bezierCount = hasTip ? pts.size() - 1 : pts.size();
    path.moveTo(pts[0].x, pts[0].y);
    std::size_t i = 1;
    for (; i + 2 < bezierCount; i += 3)
        path.cubicTo(pts[i].x, pts[i].y, pts[i + 1].x, pts[i + 1].y, pts[i + 2].x, pts[i + 2].y);
    for (; i < bezierCount; ++i) path.lineTo(pts[i].x, pts[i].y);
    *end = QPointF(pts[bezierCount - 1].x, pts[bezierCount - 1].y);
    *tip = hasTip ? QPointF(pts.back().x, pts.back().y) : *end;
    return path;
}

QPolygonF arrowHead(QPointF from, QPointF tip) {
    QLineF line(tip, from);
    if (line.length() < 0.01) return {};
    const double len = 9.0, half = 4.0;
    QPointF dir = (from - tip) / line.length();
    QPointF normal(-dir.y(), dir.x());
    QPointF base = tip + dir * len;
    return QPolygonF({tip, base + normal * half, base - normal * half});
}

QString shapeText(const std::string& json) {
    if (json.empty() || json == "null") return QString();
    return qs(json);
}

QString nodeTooltip(const StoredGraph& g, const ViewGraphNode& v, const GraphMeasures& m) {
    std::int64_t execs = 0;
    TimeNs total = 0;
    for (std::uint32_t i : v.members) execs += m.executions[i], total += m.totalNs[i];
    QString text;
    if (v.group) {
        text = tr("<b>%1</b><br>scope of %2 nodes (double-click to expand)").arg(qs(v.scope).toHtmlEscaped()).arg(v.members.size());
    } else {
        const StoredGraphNode& n = g.nodes[v.members[0]];
        text = QStringLiteral("<b>%1</b>").arg(qs(n.name).toHtmlEscaped());
        if (!n.type.empty()) text += QStringLiteral("<br>%1").arg(qs(n.type).toHtmlEscaped());
        if (!n.scope.empty()) text += tr("<br>scope: %1").arg(qs(n.scope).toHtmlEscaped());
        if (!shapeText(n.inputShapes).isEmpty() && n.inputShapes != "[]") text += tr("<br>inputs: %1").arg(shapeText(n.inputShapes));
        if (!shapeText(n.outputShapes).isEmpty() && n.outputShapes != "[]") text += tr("<br>outputs: %1").arg(shapeText(n.outputShapes));
    }
    if (execs == 0) return text + tr("<br><i>no execution in the trace</i>");
    return text + tr("<br>%1 executions, total %2, mean %3")
                      .arg(execs)
                      .arg(formatDuration(total))
                      .arg(formatDuration(static_cast<TimeNs>(std::llround(static_cast<double>(total) / static_cast<double>(execs)))));
}

QString edgeTooltip(const StoredGraph& g, const ViewGraph& view, const ViewGraphEdge& e) {
    QString text = QStringLiteral("%1 → %2").arg(qs(view.nodes[e.src].name).toHtmlEscaped(), qs(view.nodes[e.dst].name).toHtmlEscaped());
    if (e.members.size() > 1) return text + tr("<br>%1 edges").arg(e.members.size());
    const StoredGraphEdge& se = g.edges[e.members[0]];
    if (!se.tensor.empty()) text += tr("<br>tensor %1").arg(qs(se.tensor).toHtmlEscaped());
    if (!se.shape.empty()) text += tr("<br>shape %1").arg(qs(se.shape));
    return text + QStringLiteral("<br><i>%1</i>").arg(qs(se.kind));
}

// A group's value from its members: sums for totals and counts, execution-weighted means otherwise.
double groupValue(const GraphMeasures& m, int column, const std::vector<std::uint32_t>& members) {
    using K = NodeMeasureColumn::Kind;
    const K kind = m.columns[static_cast<std::size_t>(column)].kind;
    const std::vector<double>& values = m.values[static_cast<std::size_t>(column)];
    if (members.size() == 1) return values[members[0]];
    double sum = 0, weight = 0;
    std::int64_t execs = 0;
    TimeNs total = 0;
    for (std::uint32_t i : members) {
        execs += m.executions[i];
        total += m.totalNs[i];
        if (!std::isfinite(values[i])) continue;
        const double w = static_cast<double>(std::max<std::int64_t>(1, m.executions[i]));
        sum += (kind == K::TimeShare || kind == K::Executions) ? values[i] : values[i] * w;
        weight += (kind == K::TimeShare || kind == K::Executions) ? 0 : w;
    }
    if (execs == 0) return kNaN;
    if (kind == K::MeanDuration) return static_cast<double>(total) / static_cast<double>(execs);
    if (kind == K::TimeShare || kind == K::Executions) return sum;
    return weight > 0 ? sum / weight : kNaN;
}

} // namespace

QFont GraphScene::nameFont() {
    QFont f;
    f.setPixelSize(11);
    f.setBold(true);
    return f;
}

QFont GraphScene::typeFont() {
    QFont f;
    f.setPixelSize(10);
    return f;
}

GraphLayout GraphScene::layoutFromStored(const StoredGraph& graph) {
    GraphLayout layout;
    for (const StoredGraphNode& n : graph.nodes) layout.nodes.push_back(n.box);
    for (const StoredGraphEdge& e : graph.edges) layout.edges.push_back(e.points);
    layout.widthPt = graph.widthPt;
    layout.heightPt = graph.heightPt;
    return layout;
}

std::shared_ptr<GraphScene> GraphScene::build(const StoredGraph& graph, const ViewGraph& view, const GraphLayout& layout,
                                              const GraphMeasures& measures) {
    auto scene = std::make_shared<GraphScene>();
    scene->derived_ = graph.derived;
    scene->format_ = qs(graph.format);
    const QFontMetricsF nameMetrics(nameFont()), typeMetrics(typeFont());
    for (std::size_t i = 0; i < view.nodes.size() && i < layout.nodes.size(); ++i) {
        const ViewGraphNode& v = view.nodes[i];
        const LayoutBox& b = layout.nodes[i];
        GraphSceneNode n;
        n.rect = QRectF(b.x - b.width / 2, b.y - b.height / 2, b.width, b.height);
        n.name = qs(v.group ? v.scope : v.name);
        n.type = qs(v.type);
        n.group = v.group;
        n.scope = qs(v.group ? v.scope : graph.nodes[v.members[0]].scope);
        n.nameText = nameMetrics.elidedText(n.name, Qt::ElideMiddle, b.width - 12);
        n.typeText = typeMetrics.elidedText(n.type, Qt::ElideRight, b.width - 12);
        for (std::uint32_t m : v.members) {
            n.nodeIds.push_back(graph.nodes[m].id);
            n.executions += measures.executions.empty() ? graph.nodes[m].executions : measures.executions[m];
            scene->nodeOfStoreId_.emplace_back(graph.nodes[m].id, static_cast<int>(i));
        }
        n.joined = n.executions > 0;
        n.tooltip = nodeTooltip(graph, v, measures);
        scene->bounds_ = scene->bounds_.isNull() ? n.rect : scene->bounds_.united(n.rect);
        scene->members_.push_back(v.members);
        scene->nodes_.push_back(std::move(n));
    }
    std::sort(scene->nodeOfStoreId_.begin(), scene->nodeOfStoreId_.end());
    for (std::size_t i = 0; i < view.edges.size() && i < layout.edges.size(); ++i) {
        GraphSceneEdge e;
        QPointF tip, end;
        e.path = pathFrom(layout.edges[i], &tip, &end);
        if (e.path.isEmpty()) continue;
        for (const QPolygonF& poly : e.path.toSubpathPolygons())
            for (int k = 1; k < poly.size(); ++k) e.lines.push_back(QLineF(poly[k - 1], poly[k]));
        if (tip != end) e.lines.push_back(QLineF(end, tip));
        const std::vector<LayoutPoint>& pts = layout.edges[i];
        for (std::size_t k = 1; k < pts.size(); ++k)
            e.farLines.push_back(QLineF(pts[k - 1].x, pts[k - 1].y, pts[k].x, pts[k].y));
        e.arrow = arrowHead(end, tip);
        e.bounds = e.path.boundingRect().united(e.arrow.boundingRect());
        e.src = static_cast<int>(view.edges[i].src);
        e.dst = static_cast<int>(view.edges[i].dst);
        const std::string& kind = graph.edges[view.edges[i].members[0]].kind;
        e.ctrl = kind == "ctrl" || kind == "order";
        e.tooltip = edgeTooltip(graph, view, view.edges[i]);
        scene->bounds_ = scene->bounds_.united(e.bounds);
        scene->edges_.push_back(std::move(e));
    }
    scene->recolour(measures, 0);
    return scene;
}

void GraphScene::recolour(const GraphMeasures& measures, int column) {
    if (measures.columns.empty()) return;
    column_ = std::clamp(column, 0, static_cast<int>(measures.columns.size()) - 1);
    std::vector<double> values(nodes_.size(), kNaN);
    for (std::size_t i = 0; i < nodes_.size(); ++i) values[i] = groupValue(measures, column_, members_[i]);
    scale_.fit(values, measures.columns[static_cast<std::size_t>(column_)]);
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        GraphSceneNode& n = nodes_[i];
        n.value = values[i];
        n.fill = n.joined ? scale_.colourFor(values[i]) : GraphColourScale::noValueFill();
        n.text = n.joined ? textColourOn(n.fill) : QColor(0x8a, 0x90, 0x9a);
    }
}

int GraphScene::nodeAt(QPointF pos) const {
    for (int i = static_cast<int>(nodes_.size()) - 1; i >= 0; --i)
        if (nodes_[static_cast<std::size_t>(i)].rect.contains(pos)) return i;
    return -1;
}

int GraphScene::edgeAt(QPointF pos, double tolerance) const {
    int best = -1;
    double bestDist = tolerance;
    for (std::size_t i = 0; i < edges_.size(); ++i) {
        const GraphSceneEdge& e = edges_[i];
        if (!e.bounds.adjusted(-tolerance, -tolerance, tolerance, tolerance).contains(pos)) continue;
        for (const QLineF& l : e.lines) {
            const QPointF d = l.p2() - l.p1();
            const double len2 = d.x() * d.x() + d.y() * d.y();
            double t = len2 > 0 ? ((pos.x() - l.x1()) * d.x() + (pos.y() - l.y1()) * d.y()) / len2 : 0;
            t = std::clamp(t, 0.0, 1.0);
            const QPointF c = l.p1() + d * t;
            const double dist = std::hypot(pos.x() - c.x(), pos.y() - c.y());
            if (dist < bestDist) bestDist = dist, best = static_cast<int>(i);
        }
    }
    return best;
}

int GraphScene::nodeOfStoreId(std::int64_t nodeId) const {
    auto it = std::lower_bound(nodeOfStoreId_.begin(), nodeOfStoreId_.end(), std::make_pair(nodeId, -1));
    return it != nodeOfStoreId_.end() && it->first == nodeId ? it->second : -1;
}

} // namespace opscope
