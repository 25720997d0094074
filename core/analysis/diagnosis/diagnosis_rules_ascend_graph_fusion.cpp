// The advisor's graph fusion rule ("Fusion Issues"; reference: msprof-analyze advisor/analyzer/computation/
// graph_fusion/graph_fusion_checker.py with advisor/common/graph/graph_match.py): the user's fusion
// patterns (op_fusion_pass.yaml) searched in the graph stored with the trace; each matched node timed
// from the compute tasks that carry its op name (and its op type, when the task has one). Definitions
// and the differences from the advisor: docs/ascend.md, "Graph fusion".
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/fusion_match.h"
#include "core/model/time_bounds.h"
#include "core/store/graph_reader.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace opscope {

namespace {

std::string lowerText(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The executions of one graph node: compute tasks named as the node whose type agrees.
struct NodeTime {
    TimeNs totalNs = 0;
    std::int64_t count = 0;
    std::vector<std::pair<TimeNs, std::size_t>> longest; // (duration, slice index), the longest few
};

std::vector<NodeTime> timeNodes(const DiagnosisContext& ctx, const GraphStructure& graph, const std::set<std::uint32_t>& nodes) {
    std::vector<NodeTime> out(graph.names.size());
    std::unordered_map<std::string, std::vector<std::uint32_t>> byName;
    for (std::uint32_t n : nodes) byName[graph.names[n]].push_back(n);
    std::unordered_map<std::uint32_t, const std::vector<std::uint32_t>*> byNameId; // slice name id -> nodes (null: none)
    std::vector<std::string> lowerTypes(graph.types.size());
    for (std::uint32_t n : nodes) lowerTypes[n] = lowerText(graph.types[n]);
    forEachComputeSlice(ctx, [&](std::uint32_t index, const SliceRecord& s) {
        auto [it, inserted] = byNameId.try_emplace(s.nameId, nullptr);
        if (inserted) {
            auto found = byName.find(std::string(ctx.snapshot.strings.at(s.nameId)));
            if (found != byName.end()) it->second = &found->second;
        }
        if (!it->second) return;
        const std::string sliceType = s.typeId ? lowerText(ctx.snapshot.strings.at(s.typeId)) : std::string();
        for (std::uint32_t n : *it->second) {
            // A task without a type (an msprof timeline without op_summary) is taken by its name, as the
            // advisor's msprof path does; one with a type must agree with the node's.
            if (!sliceType.empty() && sliceType != lowerTypes[n]) continue;
            NodeTime& t = out[n];
            t.totalNs = saturatingAdd(t.totalNs, s.durNs);
            ++t.count;
            t.longest.emplace_back(s.durNs, index);
            std::sort(t.longest.begin(), t.longest.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
            if (t.longest.size() > 3) t.longest.pop_back();
        }
    });
    return out;
}

std::string patternText(const FusionPattern& p) {
    std::string out = p.pass + ":";
    for (std::size_t i = 0; i < p.types.size(); ++i) out += (i ? " + " : " ") + p.types[i];
    return out;
}

struct PassEvidence {
    std::size_t pattern = 0;
    std::int64_t matches = 0;
    std::set<std::uint32_t> nodes;
    TimeNs totalNs = 0;
    std::int64_t tasks = 0;
    const FusionMatch* longestMatch = nullptr;
    TimeNs longestMatchNs = -1;
};

} // namespace

Finding ruleAscendGraphFusion(DiagnosisContext& ctx, const RuleConfig& rule) {
    const std::shared_ptr<const FusionPatternSet>& patterns = ctx.options.fusionPatterns;
    GraphStructure graph;
    const bool hasGraph = readGraphStructure(ctx.db, &graph) && !graph.derived;
    if (!patterns || !hasGraph) {
        Finding f = missingInputFinding();
        f.detail = std::string(patterns ? "" : "no fusion pattern file given") + (!patterns && !hasGraph ? "; " : "") +
                   (hasGraph ? "" : graph.derived ? "the store's graph is derived from the trace, not a GE graph"
                                                  : "the store holds no graph");
        return f;
    }
    const FusionHostGraph host(graph.types, graph.edges);
    FusionSearchStats stats;
    const auto maxSteps = static_cast<std::int64_t>(rule.number("max_search_steps", 10000000));
    const std::vector<FusionMatch> matches = findFusionMatches(host, *patterns, maxSteps, &stats);

    std::set<std::uint32_t> matchedNodes;
    for (const FusionMatch& m : matches) matchedNodes.insert(m.nodes.begin(), m.nodes.end());
    const std::vector<NodeTime> times = timeNodes(ctx, graph, matchedNodes);

    std::map<std::size_t, PassEvidence> byPattern;
    for (const FusionMatch& m : matches) {
        PassEvidence& e = byPattern[m.pattern];
        e.pattern = m.pattern;
        ++e.matches;
        TimeNs matchNs = 0;
        for (std::uint32_t n : m.nodes) {
            matchNs = saturatingAdd(matchNs, times[n].totalNs);
            if (e.nodes.insert(n).second) {
                e.totalNs = saturatingAdd(e.totalNs, times[n].totalNs);
                e.tasks += times[n].count;
            }
        }
        if (matchNs > e.longestMatchNs) {
            e.longestMatchNs = matchNs;
            e.longestMatch = &m;
        }
    }
    std::vector<PassEvidence> passes;
    for (auto& [index, e] : byPattern) passes.push_back(std::move(e));
    std::stable_sort(passes.begin(), passes.end(), [](const PassEvidence& a, const PassEvidence& b) { return a.totalNs > b.totalNs; });

    Finding f = countFinding(rule, "matches", static_cast<double>(matches.size()));
    std::size_t untimed = 0;
    for (std::uint32_t n : matchedNodes) {
        f.timeAtStakeNs = saturatingAdd(f.timeAtStakeNs, times[n].totalNs);
        untimed += times[n].count == 0;
    }
    const SliceSet& set = ctx.snapshot.slices;
    for (const PassEvidence& e : passes) {
        if (f.operators.size() >= rule.evidenceLimit()) break;
        const FusionPattern& p = patterns->patterns[e.pattern];
        EvidenceOperator op;
        op.name = patternText(p);
        op.value = static_cast<double>(e.matches);
        op.count = e.tasks; // the executions summed into totalNs
        op.totalNs = e.totalNs;
        TimeNs startNs = 0, endNs = 0;
        std::int64_t track = 0;
        std::string label = p.pass + " (";
        for (std::size_t k = 0; k < e.longestMatch->nodes.size(); ++k) {
            const std::uint32_t n = e.longestMatch->nodes[k];
            label += (k ? ", " : "") + graph.names[n];
            for (const auto& [durNs, index] : times[n].longest) {
                const SliceRecord& s = set.slices[index];
                if (op.sliceIds.size() < 5) op.sliceIds.push_back(s.id);
                if (track == 0 || s.tsNs < startNs) {
                    startNs = s.tsNs;
                    track = set.trackIds[s.trackIndex];
                }
                endNs = std::max(endNs, s.endNs());
            }
        }
        f.operators.push_back(std::move(op));
        if (track != 0) f.ranges.push_back({startNs, std::max(startNs, endNs), track, label + ")"});
    }
    f.detail = std::to_string(matches.size()) + " match(es) of " + std::to_string(passes.size()) + " of " +
               std::to_string(patterns->patterns.size()) + " pattern(s) (" + std::to_string(patterns->passes) +
               " pass(es) in " + patterns->path + ") in the " + graph.format + " graph of " +
               std::to_string(graph.names.size()) + " node(s); " + std::to_string(matchedNodes.size()) +
               " matched node(s), " + std::to_string(untimed) + " without a task of their name and type";
    if (!stats.stoppedPatterns.empty()) {
        f.detail += "; search stopped at max_search_steps for";
        for (std::size_t i = 0; i < stats.stoppedPatterns.size() && i < 5; ++i)
            f.detail += (i ? ", " : " ") + patterns->patterns[stats.stoppedPatterns[i]].pass;
        if (stats.stoppedPatterns.size() > 5) f.detail += ", ...";
    }
    return f;
}

} // namespace opscope
