#include "core/analysis/launch/critical_path_graph.h"

#include "core/analysis/launch/checked_sum.h"

#include <limits>

namespace opscope {

std::uint32_t PathGraph::addNode(TimeNs tsNs, std::int64_t sliceId, bool isStart) {
    nodes_.push_back({tsNs, sliceId, isStart});
    return static_cast<std::uint32_t>(nodes_.size() - 1);
}

void PathGraph::addEdge(std::uint32_t from, std::uint32_t to, PathEdgeType type, std::int64_t attributedSlice, bool zeroWeight) {
    if (from == to) return;
    TimeNs weight = 0;
    if (!zeroWeight && type != PathEdgeType::Dependency && type != PathEdgeType::Sync) {
        weight = nodes_[to].tsNs - nodes_[from].tsNs;
        if (weight < 0) {
            ++negativeWeights_;
            weight = 0;
        }
    }
    edges_.push_back({from, to, type, weight, attributedSlice});
}

std::vector<std::uint32_t> PathGraph::longestPath(std::int64_t* cyclicNodes) const {
    const std::size_t n = nodes_.size();
    // Outgoing edges in CSR form, in-degrees for Kahn's order.
    std::vector<std::uint32_t> outBegin(n + 1, 0), inDegree(n, 0);
    for (const PathEdge& e : edges_) {
        ++outBegin[e.from + 1];
        ++inDegree[e.to];
    }
    for (std::size_t i = 0; i < n; ++i) outBegin[i + 1] += outBegin[i];
    std::vector<std::uint32_t> outEdges(edges_.size()), fill(outBegin.begin(), outBegin.end() - 1);
    for (std::uint32_t i = 0; i < edges_.size(); ++i) outEdges[fill[edges_[i].from]++] = i;

    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    std::vector<TimeNs> dist(n, 0);
    std::vector<std::uint32_t> viaEdge(n, kNone), ready;
    for (std::uint32_t i = 0; i < n; ++i)
        if (inDegree[i] == 0) ready.push_back(i);
    std::size_t visited = 0;
    while (!ready.empty()) {
        const std::uint32_t u = ready.back();
        ready.pop_back();
        ++visited;
        for (std::uint32_t k = outBegin[u]; k < outBegin[u + 1]; ++k) {
            const PathEdge& e = edges_[outEdges[k]];
            // Weights are non-negative ns (addEdge clamps them): saturate at the limit rather than wrap.
            TimeNs candidate = dist[u];
            addChecked(candidate, e.weightNs);
            if (viaEdge[e.to] == kNone || candidate > dist[e.to]) {
                dist[e.to] = candidate;
                viaEdge[e.to] = outEdges[k];
            }
            if (--inDegree[e.to] == 0) ready.push_back(e.to);
        }
    }
    if (cyclicNodes) *cyclicNodes = static_cast<std::int64_t>(n - visited);
    std::uint32_t last = kNone;
    for (std::uint32_t i = 0; i < n; ++i)
        if (viaEdge[i] != kNone && inDegree[i] == 0 && (last == kNone || dist[i] > dist[last])) last = i;
    std::vector<std::uint32_t> path;
    for (std::uint32_t v = last; v != kNone && viaEdge[v] != kNone && path.size() < edges_.size(); v = edges_[viaEdge[v]].from)
        path.push_back(viaEdge[v]);
    return {path.rbegin(), path.rend()};
}

} // namespace opscope
