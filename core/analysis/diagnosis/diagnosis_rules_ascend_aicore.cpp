// The msprof-analyze advisor's AI Core performance check for vector operators (reference: ascend-formats.md
// §6.1, ai_core_performance_checker.py and rules/*/aicore_performance.yaml): the AI_VECTOR_CORE / MIX_AIV op
// types that take a share of the task time are grouped by operator name and input + output shapes; a group
// is bound when its mean pipe ratios reach the yaml's thresholds, else it has optimization space.
#include "core/analysis/diagnosis/ascend_shape_groups.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/snapshot/metric_access.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

namespace {

struct VectorGroup {
    std::string label; // "name [input shapes - output shapes]"
    TimeNs totalNs = 0;
    double vec = 0, mte2 = 0, mte3 = 0; // sums over the tasks with all three ratios
    std::int64_t measured = 0;          // tasks with all three ratios
    std::vector<const AscendTask*> tasks;
};

// The advisor's del_vector_operator_bound: the first bound that holds, else the optimization space.
struct VectorVerdict {
    std::string bound; // empty: not bound
    double space = 0;  // max(threshold - ratio) when not bound
};

VectorVerdict judge(double vec, double mte2, double mte3, const RuleConfig& rule) {
    const double total = rule.number("total_threshold", 0.9);
    const double vecT = rule.number("vec_threshold", 0.7);
    const double mte2T = rule.number("mte2_threshold", 0.7);
    const double mte3T = rule.number("mte3_threshold", 0.7);
    if (vec + mte2 + mte3 >= total) return {"vec_mte2_mte3", 0};
    if (mte2 >= mte2T) return {"mte2", 0};
    if (mte3 >= mte3T) return {"mte3", 0};
    if (vec >= vecT) return {"vec", 0};
    return {{}, std::max({vecT - vec, mte2T - mte2, mte3T - mte3})};
}

} // namespace

// Vector op types are analysed when their total is >= min_type_share (0.01) of all tasks' time or
// >= min_type_total_us (1000000 µs). Fires when a group of them has optimization space (> threshold, 0);
// bound groups are named in the detail.
Finding ruleAscendAicoreVector(DiagnosisContext& ctx, const RuleConfig& rule) {
    Error error;
    const std::vector<std::string> ratioNames = {normalizeMetricName("aiv_vec_ratio"), normalizeMetricName("aiv_mte2_ratio"),
                                                 normalizeMetricName("aiv_mte3_ratio")};
    const AscendTasks* loaded = ascendTasks(ctx, ratioNames, &error);
    if (!loaded || !loaded->hasCoreType || loaded->ratioNames.size() != ratioNames.size()) return missingInputFinding();
    ShapeTexts shapes;
    if (!readShapeTexts(ctx.db, &shapes, &error)) return missingInputFinding();
    const SliceSet& set = ctx.snapshot.slices;
    TimeNs allNs = 0;
    std::map<std::uint32_t, TimeNs> typeTotals; // vector op type -> its total
    for (const AscendTask& t : loaded->tasks) {
        const SliceRecord& s = set.slices[t.slice];
        allNs += s.durNs;
        if (t.coreType == "AI_VECTOR_CORE" || t.coreType == "MIX_AIV") typeTotals[s.typeId] += s.durNs;
    }
    const double minShare = rule.number("min_type_share", 0.01);
    const double minTotalUs = rule.number("min_type_total_us", 1'000'000);
    std::map<std::string, VectorGroup> groups;
    for (const AscendTask& t : loaded->tasks) {
        if (t.coreType != "AI_VECTOR_CORE" && t.coreType != "MIX_AIV") continue;
        const SliceRecord& s = set.slices[t.slice];
        const TimeNs typeNs = typeTotals[s.typeId];
        if (allNs <= 0 || (static_cast<double>(typeNs) / static_cast<double>(allNs) < minShare &&
                           static_cast<double>(typeNs) / 1000.0 < minTotalUs))
            continue;
        const std::string label = shapeGroupLabel(ctx.snapshot.strings.at(s.nameId), shapes.inputOf(s.id), shapes.outputOf(s.id));
        VectorGroup& g = groups[label];
        g.label = label;
        g.totalNs += s.durNs;
        g.tasks.push_back(&t);
        if (std::isnan(t.ratios[0]) || std::isnan(t.ratios[1]) || std::isnan(t.ratios[2])) continue;
        g.vec += t.ratios[0];
        g.mte2 += t.ratios[1];
        g.mte3 += t.ratios[2];
        ++g.measured;
    }
    Finding f;
    f.unit = "ratio";
    f.threshold = rule.threshold();
    f.comparison = ">";
    std::vector<std::pair<double, const VectorGroup*>> open;
    std::int64_t bound = 0;
    for (const auto& [label, g] : groups) {
        if (g.measured == 0) continue;
        const auto n = static_cast<double>(g.measured);
        VectorVerdict v = judge(g.vec / n, g.mte2 / n, g.mte3 / n, rule);
        if (!v.bound.empty()) {
            ++bound;
            continue;
        }
        f.measured = std::max(f.measured, v.space);
        if (v.space > f.threshold) open.emplace_back(v.space, &g);
    }
    f.status = open.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    std::sort(open.begin(), open.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [space, g] : open) {
        f.timeAtStakeNs += g->totalNs;
        if (f.operators.size() >= rule.evidenceLimit()) continue;
        EvidenceOperator op = evidenceByName(ctx, g->tasks, 1).front();
        op.name = g->label;
        op.value = space;
        f.operators.push_back(std::move(op));
    }
    f.detail = std::to_string(groups.size()) + " vector operator/shape group(s) analysed: " + std::to_string(bound) +
               " bound, " + std::to_string(open.size()) + " with optimization space (measured: the largest, " +
               "threshold minus mean ratio)";
    return f;
}

} // namespace opscope
