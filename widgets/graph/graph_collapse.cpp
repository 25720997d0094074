#include "widgets/graph/graph_collapse.h"

#include <map>

namespace opscope {

namespace {

std::vector<std::string> prefixesOf(const std::string& path) {
    std::vector<std::string> out;
    for (std::size_t slash = path.find('/'); slash != std::string::npos; slash = path.find('/', slash + 1))
        if (slash > 0) out.push_back(path.substr(0, slash));
    return out;
}

} // namespace

std::string nodePath(const StoredGraphNode& node) {
    if (node.scope.empty() || node.name.rfind(node.scope + "/", 0) == 0) return node.name;
    return node.scope + "/" + node.name;
}

ViewGraph collapseScopes(const StoredGraph& graph, const std::set<std::string>& collapsed) {
    ViewGraph view;
    view.viewNodeOf.resize(graph.nodes.size());
    std::map<std::string, std::uint32_t> groups;
    for (std::uint32_t i = 0; i < graph.nodes.size(); ++i) {
        const StoredGraphNode& n = graph.nodes[i];
        const std::string path = nodePath(n);
        std::string group;
        for (const std::string& prefix : prefixesOf(path))
            if (collapsed.count(prefix)) {
                group = prefix;
                break;
            }
        if (group.empty() && collapsed.count(path)) group = path; // an ET op whose children are collapsed
        if (group.empty()) {
            view.viewNodeOf[i] = static_cast<std::uint32_t>(view.nodes.size());
            view.nodes.push_back({{i}, n.name, n.type, {}, false});
            continue;
        }
        auto [it, inserted] = groups.emplace(group, static_cast<std::uint32_t>(view.nodes.size()));
        if (inserted) view.nodes.push_back({{}, group, {}, group, true});
        view.nodes[it->second].members.push_back(i);
        view.viewNodeOf[i] = it->second;
    }
    for (ViewGraphNode& v : view.nodes)
        if (v.group) v.type = std::to_string(v.members.size()) + (v.members.size() == 1 ? " node" : " nodes");
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> edgeOf;
    if (collapsed.empty()) { // one view edge per stored edge, in order: the cached routes line up
        for (std::uint32_t e = 0; e < graph.edges.size(); ++e)
            view.edges.push_back({graph.edges[e].src, graph.edges[e].dst, {e}});
        return view;
    }
    for (std::uint32_t e = 0; e < graph.edges.size(); ++e) {
        const std::uint32_t a = view.viewNodeOf[graph.edges[e].src], b = view.viewNodeOf[graph.edges[e].dst];
        if (a == b) continue;
        auto [it, inserted] = edgeOf.emplace(std::make_pair(a, b), static_cast<std::uint32_t>(view.edges.size()));
        if (inserted) view.edges.push_back({a, b, {}});
        view.edges[it->second].members.push_back(e);
    }
    return view;
}

std::set<std::string> scopesAtDepth(const StoredGraph& graph, int depth) {
    std::map<std::string, int> count;
    for (const StoredGraphNode& n : graph.nodes) {
        std::vector<std::string> prefixes = prefixesOf(nodePath(n));
        if (static_cast<int>(prefixes.size()) >= depth && depth > 0) ++count[prefixes[static_cast<std::size_t>(depth - 1)]];
    }
    std::set<std::string> out;
    for (const auto& [scope, c] : count)
        if (c >= 2) out.insert(scope);
    return out;
}

int scopeDepth(const StoredGraph& graph) {
    int depth = 0;
    for (const StoredGraphNode& n : graph.nodes) depth = std::max(depth, static_cast<int>(prefixesOf(nodePath(n)).size()));
    return depth;
}

bool layoutViewGraph(const ViewGraph& view, LayoutDirection direction, GraphLayout* out, Error* error) {
    std::vector<LayoutNodeSize> sizes;
    sizes.reserve(view.nodes.size());
    for (const ViewGraphNode& n : view.nodes) {
        LayoutNodeSize s = nodeBoxFor(n.name, n.type);
        if (n.group) s.heightPt += 8; // room for the stacked look of a group
        sizes.push_back(s);
    }
    std::vector<LayoutEdgeEnds> ends;
    ends.reserve(view.edges.size());
    for (const ViewGraphEdge& e : view.edges) ends.push_back({e.src, e.dst});
    return computeGraphLayout(sizes, ends, direction, out, error);
}

} // namespace opscope
