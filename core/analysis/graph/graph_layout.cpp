#include "core/analysis/graph/graph_layout.h"

#include <gvc.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <memory>
#include <mutex>

namespace opscope {

const char* layoutDirectionName(LayoutDirection direction) {
    return direction == LayoutDirection::TopDown ? "TB" : "LR";
}

LayoutDirection layoutDirectionFromName(std::string_view name) {
    return name == "TB" ? LayoutDirection::TopDown : LayoutDirection::LeftRight;
}

LayoutNodeSize nodeBoxFor(std::string_view name, std::string_view type) {
    std::size_t chars = std::max(name.size(), type.size());
    return {std::clamp(static_cast<double>(chars) * 6.6 + 24.0, 84.0, 240.0), 40.0};
}

std::string encodePoints(const std::vector<LayoutPoint>& points) {
    std::string out = "[";
    char buffer[64];
    for (std::size_t i = 0; i < points.size(); ++i) {
        int n = std::snprintf(buffer, sizeof buffer, "%s%.1f,%.1f", i ? "," : "", points[i].x, points[i].y);
        out.append(buffer, static_cast<std::size_t>(n));
    }
    out.push_back(']');
    return out;
}

std::vector<LayoutPoint> decodePoints(std::string_view text) {
    std::vector<double> values;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        if (*p == '-' || (*p >= '0' && *p <= '9')) {
            double v = 0;
            auto [next, ec] = std::from_chars(p, end, v);
            if (ec != std::errc()) break;
            values.push_back(v);
            p = next;
        } else {
            ++p;
        }
    }
    std::vector<LayoutPoint> points(values.size() / 2);
    for (std::size_t i = 0; i < points.size(); ++i) points[i] = {values[2 * i], values[2 * i + 1]};
    return points;
}

namespace {

std::mutex& graphvizMutex() {
    static std::mutex m;
    return m;
}

struct GvcDeleter {
    void operator()(GVC_t* gvc) const { gvFreeContext(gvc); }
};

// Budgets that keep dot near-linear on big graphs (defaults below ~500 nodes, where it is fast anyway).
void setBudgets(Agraph_t* g, std::size_t nodeCount) {
    if (nodeCount <= 500) return;
    char ns[32], mc[32];
    std::snprintf(ns, sizeof ns, "%.4f", std::max(0.01, 10.0 / static_cast<double>(nodeCount)));
    std::snprintf(mc, sizeof mc, "%.2f", nodeCount > 2000 ? 0.2 : 0.5);
    agattr(g, AGRAPH, const_cast<char*>("nslimit"), ns);
    agattr(g, AGRAPH, const_cast<char*>("nslimit1"), ns);
    agattr(g, AGRAPH, const_cast<char*>("mclimit"), mc);
}

char* cstr(const char* text) { return const_cast<char*>(text); }

void readLayout(Agraph_t* g, const std::vector<Agnode_t*>& nodes, const std::vector<Agedge_t*>& edges, GraphLayout* out) {
    const boxf bb = GD_bb(g);
    const double top = bb.UR.y;
    out->widthPt = bb.UR.x - bb.LL.x;
    out->heightPt = bb.UR.y - bb.LL.y;
    out->nodes.resize(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const pointf c = ND_coord(nodes[i]);
        out->nodes[i] = {c.x - bb.LL.x, top - c.y, ND_width(nodes[i]) * 72.0, ND_height(nodes[i]) * 72.0};
    }
    out->edges.assign(edges.size(), {});
    for (std::size_t i = 0; i < edges.size(); ++i) {
        const splines* spl = edges[i] ? ED_spl(edges[i]) : nullptr;
        if (!spl || spl->size == 0) continue;
        const bezier& b = spl->list[0];
        std::vector<LayoutPoint>& pts = out->edges[i];
        for (int k = 0; k < b.size; ++k) pts.push_back({b.list[k].x - bb.LL.x, top - b.list[k].y});
        if (b.eflag) pts.push_back({b.ep.x - bb.LL.x, top - b.ep.y});
    }
}

} // namespace

bool computeGraphLayout(const std::vector<LayoutNodeSize>& nodes, const std::vector<LayoutEdgeEnds>& edges,
                        LayoutDirection direction, GraphLayout* out, Error* error) {
    *out = GraphLayout{};
    if (nodes.empty()) return true;
    std::lock_guard<std::mutex> lock(graphvizMutex());
    agseterr(AGERR);
    std::unique_ptr<GVC_t, GvcDeleter> gvc(gvContext());
    Agraph_t* g = agopen(cstr("g"), Agdirected, nullptr);
    agattr(g, AGRAPH, cstr("rankdir"), cstr(layoutDirectionName(direction)));
    agattr(g, AGRAPH, cstr("nodesep"), cstr("0.25"));
    agattr(g, AGRAPH, cstr("ranksep"), cstr("0.45"));
    setBudgets(g, nodes.size());
    agattr(g, AGNODE, cstr("shape"), cstr("box"));
    agattr(g, AGNODE, cstr("fixedsize"), cstr("true"));
    agattr(g, AGNODE, cstr("label"), cstr(""));
    Agsym_t* width = agattr(g, AGNODE, cstr("width"), cstr("1"));
    Agsym_t* height = agattr(g, AGNODE, cstr("height"), cstr("0.5"));
    std::vector<Agnode_t*> gvNodes(nodes.size());
    char name[32], value[32];
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        std::snprintf(name, sizeof name, "n%zu", i);
        gvNodes[i] = agnode(g, name, 1);
        std::snprintf(value, sizeof value, "%.3f", nodes[i].widthPt / 72.0);
        agxset(gvNodes[i], width, value);
        std::snprintf(value, sizeof value, "%.3f", nodes[i].heightPt / 72.0);
        agxset(gvNodes[i], height, value);
    }
    std::vector<Agedge_t*> gvEdges(edges.size(), nullptr);
    for (std::size_t i = 0; i < edges.size(); ++i) {
        if (edges[i].src >= nodes.size() || edges[i].dst >= nodes.size() || edges[i].src == edges[i].dst) continue;
        std::snprintf(name, sizeof name, "e%zu", i);
        gvEdges[i] = agedge(g, gvNodes[edges[i].src], gvNodes[edges[i].dst], name, 1);
    }
    int rc = gvLayout(gvc.get(), g, "dot");
    if (rc != 0) {
        agclose(g);
        *error = Error{ErrorCode::StoreFailed, {}, -1, -1, -1, "a graph Graphviz dot can lay out",
                       "gvLayout failed (is the Graphviz dot plugin installed?)"};
        return false;
    }
    readLayout(g, gvNodes, gvEdges, out);
    gvFreeLayout(gvc.get(), g);
    agclose(g);
    return true;
}

} // namespace opscope
