// The search: pattern nodes in breadth-first order, so that every node after the first has a placed
// neighbour whose graph neighbours are its only candidates; a candidate must agree with every placed
// node on both edge directions (present in the pattern = present in the graph: induced). The stack of
// candidate lists replaces recursion.
#include "core/analysis/diagnosis/fusion_match.h"


#include <algorithm>
#include <set>
#include <unordered_map>

namespace opscope {

namespace {

std::string lower(const std::string& s) {
    std::string out = s;
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

} // namespace

FusionHostGraph::FusionHostGraph(const std::vector<std::string>& types,
                                 const std::vector<std::pair<std::uint32_t, std::uint32_t>>& edges)
    : typeIds_(types.size()), out_(types.size()), in_(types.size()), selfLoop_(types.size(), false) {
    std::unordered_map<std::string, std::int32_t> ids;
    for (std::size_t i = 0; i < types.size(); ++i) {
        auto [it, inserted] = ids.emplace(lower(types[i]), static_cast<std::int32_t>(typeNames_.size()));
        if (inserted) {
            typeNames_.push_back(it->first);
            byType_.emplace_back();
        }
        typeIds_[i] = it->second;
        byType_[static_cast<std::size_t>(it->second)].push_back(static_cast<std::uint32_t>(i));
    }
    for (const auto& [a, b] : edges) {
        if (a >= types.size() || b >= types.size()) continue;
        if (a == b) {
            selfLoop_[a] = true;
            continue;
        }
        out_[a].push_back(b);
        in_[b].push_back(a);
    }
    for (auto* lists : {&out_, &in_})
        for (auto& l : *lists) {
            std::sort(l.begin(), l.end());
            l.erase(std::unique(l.begin(), l.end()), l.end());
        }
}

bool FusionHostGraph::hasEdge(std::uint32_t from, std::uint32_t to) const {
    if (from == to) return selfLoop_[from];
    return std::binary_search(out_[from].begin(), out_[from].end(), to);
}

std::int32_t FusionHostGraph::typeId(const std::string& lowerType) const {
    auto it = std::find(typeNames_.begin(), typeNames_.end(), lowerType);
    return it == typeNames_.end() ? -1 : static_cast<std::int32_t>(it - typeNames_.begin());
}

class FusionSearch {
public:
    FusionSearch(const FusionHostGraph& g, const FusionPattern& p, std::int64_t maxSteps) : g_(g), p_(p), maxSteps_(maxSteps) {}

    // Appends the pattern's matches; false when the work bound stopped the search.
    bool run(std::size_t patternIndex, std::vector<FusionMatch>* out, std::int64_t* steps) {
        const std::size_t n = p_.types.size();
        std::vector<std::int32_t> types(n);
        for (std::size_t i = 0; i < n; ++i)
            if ((types[i] = g_.typeId(lower(p_.types[i]))) < 0) return true; // a type the graph lacks: no match
        // Pattern adjacency and degrees.
        std::vector<std::vector<bool>> edge(n, std::vector<bool>(n, false));
        std::vector<std::size_t> degree(n, 0);
        for (const auto& [a, b] : p_.edges) {
            if (a >= n || b >= n || a == b || edge[a][b]) continue;
            edge[a][b] = true;
            ++degree[a];
            ++degree[b];
        }
        // Breadth-first order from node 0 (the loader keeps only connected patterns), each node's anchor:
        // the first placed neighbour, and whether the anchor's edge goes to it (else comes from it).
        std::vector<std::size_t> order{0}, anchor(n, 0);
        std::vector<bool> anchorOut(n, false), placed(n, false);
        placed[0] = true;
        for (std::size_t k = 0; k < order.size(); ++k)
            for (std::size_t v = 0; v < n; ++v)
                if (!placed[v] && (edge[order[k]][v] || edge[v][order[k]])) {
                    placed[v] = true;
                    anchor[order.size()] = k;
                    anchorOut[order.size()] = edge[order[k]][v];
                    order.push_back(v);
                }
        if (order.size() != n) return true;

        std::set<std::vector<std::uint32_t>> seen;
        std::vector<std::uint32_t> mapped(n);
        std::vector<const std::vector<std::uint32_t>*> lists(n);
        std::vector<std::size_t> next(n, 0);
        lists[0] = &g_.byType_[static_cast<std::size_t>(types[order[0]])];
        std::int64_t localSteps = 0;
        std::size_t level = 0;
        for (;;) {
            if (next[level] >= lists[level]->size()) {
                if (level == 0) break;
                --level;
                continue;
            }
            const std::uint32_t h = (*lists[level])[next[level]++];
            if (++localSteps > maxSteps_) {
                *steps += localSteps - 1;
                return false;
            }
            const std::size_t q = order[level];
            if (!fits(h, q, level, types, degree, edge, order, mapped)) continue;
            mapped[level] = h;
            if (level + 1 == n) {
                std::vector<std::uint32_t> byPattern(n), key(mapped.begin(), mapped.end());
                for (std::size_t k = 0; k < n; ++k) byPattern[order[k]] = mapped[k];
                std::sort(key.begin(), key.end());
                if (seen.insert(std::move(key)).second) out->push_back({patternIndex, std::move(byPattern)});
                continue;
            }
            ++level;
            const std::uint32_t a = mapped[anchor[level]];
            lists[level] = anchorOut[level] ? &g_.out_[a] : &g_.in_[a];
            next[level] = 0;
        }
        *steps += localSteps;
        return true;
    }

private:
    bool fits(std::uint32_t h, std::size_t q, std::size_t level, const std::vector<std::int32_t>& types,
              const std::vector<std::size_t>& degree, const std::vector<std::vector<bool>>& edge,
              const std::vector<std::size_t>& order, const std::vector<std::uint32_t>& mapped) const {
        if (g_.typeIds_[h] != types[q] || g_.selfLoop_[h]) return false;
        if (g_.out_[h].size() + g_.in_[h].size() < degree[q]) return false;
        for (std::size_t j = 0; j < level; ++j) {
            const std::uint32_t m = mapped[j];
            if (m == h) return false;
            if (g_.hasEdge(m, h) != edge[order[j]][q] || g_.hasEdge(h, m) != edge[q][order[j]]) return false;
        }
        return true;
    }

    const FusionHostGraph& g_;
    const FusionPattern& p_;
    std::int64_t maxSteps_;
};

std::vector<FusionMatch> findFusionMatches(const FusionHostGraph& graph, const FusionPatternSet& patterns,
                                           std::int64_t maxStepsPerPattern, FusionSearchStats* stats) {
    std::vector<FusionMatch> out;
    FusionSearchStats local;
    FusionSearchStats& s = stats ? *stats : local;
    for (std::size_t i = 0; i < patterns.patterns.size(); ++i) {
        const FusionPattern& p = patterns.patterns[i];
        if (p.types.empty() || p.types.size() > kMaxFusionPatternNodes) continue;
        if (!FusionSearch(graph, p, maxStepsPerPattern).run(i, &out, &s.steps)) s.stoppedPatterns.push_back(i);
    }
    return out;
}

} // namespace opscope
