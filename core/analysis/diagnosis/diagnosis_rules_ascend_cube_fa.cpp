// The msprof-analyze advisor's AI Core performance check, cube and FlashAttention parts (reference:
// Ascend/msprof-analyze msprof_analyze/advisor/analyzer/computation/ai_core_performance/
// ai_core_performance_checker.py, thresholds from rules/*/aicore_performance.yaml). Tasks are grouped by
// operator name and Input Shapes - Output Shapes; a group whose shapes do not suit the cube unit (inner
// axes) is reported as such, otherwise its mean pipe ratios say which pipe bounds it or how much room
// it has. The comparisons, their order and the advisor's quirks are kept as the checker has them.
#include "core/analysis/diagnosis/ascend_shape_groups.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/slice_name_match.h"
#include "core/analysis/snapshot/metric_access.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

namespace {

struct PipeGroup {
    std::string label;
    std::string name, inputs, outputs;
    bool grad = false; // FlashAttentionScoreGrad
    TimeNs totalNs = 0;
    double megabytes = 0;
    bool memoryKnown = true;
    double first = 0, second = 0; // sums of the two ratios the verdict reads, over the tasks with both
    std::int64_t measured = 0;
    std::vector<const AscendTask*> tasks;
};

struct Verdict {
    std::string bound;    // which pipe bounds the group; empty: none
    double space = 0;     // the optimization space when no pipe does
    std::string unaffine; // why the shapes do not suit the unit; empty: they do
    bool analysed = true; // false: the shapes do not give the dimensions the check reads
};

bool multipleOf(double value, double base) { return std::fmod(value, base) == 0; }

// _check_cube_inner_axis: ND inputs (2 dims) suit the cube when the second dim of the first two inputs
// is a multiple of inner_axis (256); NZ inputs (4 dims) when dims 1 x 2 of both are; other ranks never.
Verdict cubeAffinity(const PipeGroup& g, const RuleConfig& rule) {
    Verdict v;
    const double axis = rule.number("inner_axis", 256);
    auto in = parseShapeList(g.inputs);
    if (!in || in->empty()) return {{}, 0, {}, false};
    const auto& a = (*in)[0];
    if (a.size() != 2 && a.size() != 4) {
        v.unaffine = "the first input is neither ND (2 dims) nor NZ (4 dims)";
        return v;
    }
    if (in->size() < 2 || (*in)[1].size() < (a.size() == 2 ? 2 : 3)) return {{}, 0, {}, false};
    const auto& b = (*in)[1];
    const bool fits = a.size() == 2
                          ? multipleOf(static_cast<double>(a[1]), axis) && multipleOf(static_cast<double>(b[1]), axis)
                          : multipleOf(static_cast<double>(a[1]) * static_cast<double>(a[2]), axis) &&
                                multipleOf(static_cast<double>(b[1]) * static_cast<double>(b[2]), axis);
    if (!fits) v.unaffine = "the inner axis is not a multiple of " + compactNumber(axis);
    return v;
}

// _check_fa_inner_axis: head dim D and sequence length S multiples of inner_axis (128). Variable-length ops
// read D as the first input's dim 2; the others S as the first output's dim 2 and D as the first input's
// dim 3 (BNSD), or its dim 2 / the first output's dim 1 (BSH: H / N).
Verdict faAffinity(const PipeGroup& g, const RuleConfig& rule) {
    Verdict v;
    const double axis = rule.number("inner_axis", 128);
    auto in = parseShapeList(g.inputs);
    auto out = parseShapeList(g.outputs);
    if (!in || in->empty() || (*in)[0].size() < 3) return {{}, 0, {}, false};
    const auto& q = (*in)[0];
    if (lowerAsciiText(g.name).find("varlen") != std::string::npos) {
        if (!multipleOf(static_cast<double>(q[2]), axis)) v.unaffine = "D is not a multiple of " + compactNumber(axis);
        return v;
    }
    if (!out || out->empty() || (*out)[0].size() < 3 || (q.size() == 3 && (*out)[0][1] == 0)) return {{}, 0, {}, false};
    const double seq = static_cast<double>((*out)[0][2]);
    const double head = q.size() == 3 ? static_cast<double>(q[2]) / static_cast<double>((*out)[0][1]) : static_cast<double>(q[3]);
    const bool headFits = multipleOf(head, axis), seqFits = multipleOf(seq, axis);
    const std::string base = compactNumber(axis);
    if (!headFits && !seqFits) v.unaffine = "neither D nor S is a multiple of " + base;
    else if (!headFits) v.unaffine = "D is not a multiple of " + base;
    else if (!seqFits) v.unaffine = "S is not a multiple of " + base;
    return v;
}

// del_cube_operator_bound, comparisons as written there: mac alone is compared with the mte2 threshold.
void judgeCube(double mac, double mte2, const RuleConfig& rule, Verdict* v) {
    const double macT = rule.number("mac_threshold", 0.8), mte2T = rule.number("mte2_threshold", 0.95);
    if (mac >= macT && mte2 >= mte2T) v->bound = "mac_and_mte2";
    else if (mac >= mte2T) v->bound = "mac";
    else if (mte2 >= mte2T) v->bound = "mte2";
    else v->space = std::max(macT - mac, mte2T - mte2);
}

// del_fa_operator_bound (forward: aic_mte2 and aiv_vec) and del_fa_operator_bound_grad (aic_mte2 and
// aic_fixpipe). The yaml labels the aic_mte2 bound "mac"; the names are the advisor's.
void judgeFlashAttention(bool grad, double other, double mte2, const RuleConfig& rule, Verdict* v) {
    const double mte2T = rule.number("mte2_threshold", 0.8);
    const double otherT = grad ? rule.number("fixpipe_threshold", 0.75) : rule.number("vec_threshold", 0.75);
    const std::string otherName = grad ? "fixpipe" : "vec";
    if (mte2 >= mte2T && other >= otherT) v->bound = grad ? "fixpipe_and_mac" : "mac_and_vec";
    else if (mte2 >= mte2T) v->bound = "mac";
    else if (other >= otherT) v->bound = otherName;
    else v->space = std::max(otherT - other, mte2T - mte2);
}

// The ratio columns a part reads, and whether the store has them.
struct RatioColumns {
    const AscendTasks* tasks = nullptr;
    std::map<std::string, std::size_t> index; // normalized name -> position in AscendTask::ratios
};

bool loadRatios(DiagnosisContext& ctx, const std::vector<std::string>& names, RatioColumns* out) {
    std::vector<std::string> normalized;
    for (const std::string& n : names) normalized.push_back(normalizeMetricName(n));
    Error error;
    out->tasks = ascendTasks(ctx, normalized, &error);
    if (!out->tasks || !out->tasks->hasCoreType) return false;
    for (std::size_t i = 0; i < out->tasks->ratioNames.size(); ++i) out->index[out->tasks->ratioNames[i]] = i;
    return true;
}

double ratioOf(const RatioColumns& r, const AscendTask& t, const std::string& name) {
    auto it = r.index.find(normalizeMetricName(name));
    return it == r.index.end() ? std::nan("") : t.ratios[it->second];
}

// The groups as the advisor forms them: name and shapes; tasks without both shape texts are left out.
template <typename Pick>
std::map<std::string, PipeGroup> groupTasks(const DiagnosisContext& ctx, const RatioColumns& ratios,
                                            const ShapeTexts& shapes, Pick pick) {
    std::map<std::string, PipeGroup> groups;
    const SliceSet& set = ctx.snapshot.slices;
    for (const AscendTask& t : ratios.tasks->tasks) {
        const SliceRecord& s = set.slices[t.slice];
        const std::string_view type = s.typeId ? ctx.snapshot.strings.at(s.typeId) : std::string_view();
        int kind = pick(t, type); // < 0: not this part's; 1: a grad op
        if (kind < 0) continue;
        const std::string_view in = shapes.inputOf(s.id), out = shapes.outputOf(s.id);
        if (in.empty() || out.empty()) continue;
        const std::string_view name = ctx.snapshot.strings.at(s.nameId);
        PipeGroup& g = groups[shapeGroupLabel(name, in, out) + (kind == 1 ? " grad" : "")];
        if (g.tasks.empty()) {
            g.label = shapeGroupLabel(name, in, out);
            g.name = std::string(name);
            g.inputs = std::string(in);
            g.outputs = std::string(out);
            g.grad = kind == 1;
        }
        g.totalNs += s.durNs;
        g.tasks.push_back(&t);
        if (auto mb = advisorTensorMegabytes(in, out)) g.megabytes += *mb;
        else g.memoryKnown = false;
    }
    return groups;
}

void addRatioSums(const RatioColumns& ratios, const std::string& first, const std::string& second, PipeGroup* g) {
    for (const AscendTask* t : g->tasks) {
        const double a = ratioOf(ratios, *t, first), b = ratioOf(ratios, *t, second);
        if (std::isnan(a) || std::isnan(b)) continue;
        g->first += a;
        g->second += b;
        ++g->measured;
    }
}

// One finding over judged groups: fires on a group with room above threshold (0) or with shapes that do
// not suit the unit; measured is the largest room; bound groups are counted in the detail.
Finding groupsFinding(const DiagnosisContext& ctx, const RuleConfig& rule, const char* what,
                      const std::vector<std::pair<const PipeGroup*, Verdict>>& judged) {
    Finding f;
    f.unit = "ratio";
    f.threshold = rule.threshold();
    f.comparison = ">";
    std::vector<std::pair<const PipeGroup*, const Verdict*>> flagged;
    std::int64_t bound = 0, unaffine = 0, room = 0;
    for (const auto& [g, v] : judged) {
        if (!v.unaffine.empty()) {
            ++unaffine;
            flagged.emplace_back(g, &v);
        } else if (!v.bound.empty()) {
            ++bound;
        } else {
            f.measured = std::max(f.measured, v.space);
            if (v.space > f.threshold) {
                ++room;
                flagged.emplace_back(g, &v);
            }
        }
    }
    std::sort(flagged.begin(), flagged.end(), [](const auto& a, const auto& b) {
        if (a.second->space != b.second->space) return a.second->space > b.second->space;
        return a.first->totalNs > b.first->totalNs;
    });
    for (const auto& [g, v] : flagged) {
        f.timeAtStakeNs += g->totalNs;
        if (f.operators.size() >= rule.evidenceLimit()) continue;
        EvidenceOperator op = evidenceByName(ctx, g->tasks, 1).front();
        op.name = g->label + (v->unaffine.empty() ? "" : " (" + v->unaffine + ")");
        op.value = v->space;
        f.operators.push_back(std::move(op));
    }
    f.status = flagged.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    std::string bounds;
    for (const auto& [g, v] : judged)
        if (!v.bound.empty() && v.unaffine.empty()) bounds += (bounds.empty() ? "" : ", ") + g->name + ": " + v.bound;
    f.detail = std::to_string(judged.size()) + " " + what + " operator/shape group(s) analysed: " +
               std::to_string(bound) + " bound" + (bounds.empty() ? "" : " (" + bounds.substr(0, 300) + ")") + ", " +
               std::to_string(room) + " with optimization space, " + std::to_string(unaffine) +
               " with shapes that do not suit the unit (measured: the largest space, threshold minus mean ratio)";
    return f;
}

} // namespace

// Cube: AI_CORE tasks whose op type contains "matmul" (any case); a name/shape group is analysed when its
// tensors add up to >= min_memory_mb (100, the advisor's memory_size: 2 bytes an element).
Finding ruleAscendAicoreCube(DiagnosisContext& ctx, const RuleConfig& rule) {
    RatioColumns ratios;
    ShapeTexts shapes;
    Error error;
    if (!loadRatios(ctx, {"aic_mac_ratio", "aic_mte2_ratio"}, &ratios) || ratios.index.size() != 2 ||
        !readShapeTexts(ctx.db, &shapes, &error) || shapes.inputs.empty())
        return missingInputFinding();
    auto groups = groupTasks(ctx, ratios, shapes, [](const AscendTask& t, std::string_view type) {
        return t.coreType == "AI_CORE" && lowerAsciiText(type).find("matmul") != std::string::npos ? 0 : -1;
    });
    const double minMb = rule.number("min_memory_mb", 100);
    std::vector<std::pair<const PipeGroup*, Verdict>> judged;
    for (auto& [key, g] : groups) {
        if (!g.memoryKnown || g.megabytes < minMb) continue;
        Verdict v = cubeAffinity(g, rule);
        if (!v.analysed) continue;
        if (v.unaffine.empty()) {
            addRatioSums(ratios, "aic_mac_ratio", "aic_mte2_ratio", &g);
            if (g.measured == 0) continue; // the advisor's safe_divide by 0: no verdict
            judgeCube(g.first / static_cast<double>(g.measured), g.second / static_cast<double>(g.measured), rule, &v);
        }
        judged.emplace_back(&g, std::move(v));
    }
    return groupsFinding(ctx, rule, "cube", judged);
}

// FlashAttention: every FlashAttentionScore and FlashAttentionScoreGrad task (op type, exact), whatever its
// core; forward groups are judged on aic_mte2 and aiv_vec, backward ones on aic_mte2 and aic_fixpipe.
Finding ruleAscendAicoreFlashAttention(DiagnosisContext& ctx, const RuleConfig& rule) {
    RatioColumns ratios;
    ShapeTexts shapes;
    Error error;
    if (!loadRatios(ctx, {"aic_mte2_ratio", "aiv_vec_ratio", "aic_fixpipe_ratio"}, &ratios) ||
        !ratios.index.count(normalizeMetricName("aic_mte2_ratio")) || !readShapeTexts(ctx.db, &shapes, &error) ||
        shapes.inputs.empty())
        return missingInputFinding();
    auto groups = groupTasks(ctx, ratios, shapes, [](const AscendTask&, std::string_view type) {
        return type == "FlashAttentionScore" ? 0 : type == "FlashAttentionScoreGrad" ? 1 : -1;
    });
    std::vector<std::pair<const PipeGroup*, Verdict>> judged;
    for (auto& [key, g] : groups) {
        Verdict v = faAffinity(g, rule);
        if (!v.analysed) continue;
        if (v.unaffine.empty()) {
            addRatioSums(ratios, g.grad ? "aic_fixpipe_ratio" : "aiv_vec_ratio", "aic_mte2_ratio", &g);
            if (g.measured == 0) continue;
            judgeFlashAttention(g.grad, g.first / static_cast<double>(g.measured),
                                g.second / static_cast<double>(g.measured), rule, &v);
        }
        judged.emplace_back(&g, std::move(v));
    }
    return groupsFinding(ctx, rule, "FlashAttention", judged);
}

} // namespace opscope
