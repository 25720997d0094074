// The msprof-analyze advisor's computation and dispatch rules (reference: ascend-formats.md §6.1),
// over the per-task kernel_details columns: AI_CPU operators, dynamic shapes, block dim against the
// core count, operators bound by no pipe, and aclopCompile dispatch. Thresholds come from the rules
// file; each rule compares the way the advisor's checker does (>= or >), as the comments say.
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/model/spillable_array.h"
#include "core/analysis/snapshot/counter_access.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/slice_name_match.h"
#include "core/model/time_format.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

namespace {

TimeNs totalOf(const DiagnosisContext& ctx, const std::vector<const AscendTask*>& tasks) {
    TimeNs total = 0;
    for (const AscendTask* t : tasks) total += ctx.snapshot.slices.slices[t->slice].durNs;
    return total;
}

double durUs(const DiagnosisContext& ctx, const AscendTask& t) {
    return static_cast<double>(ctx.snapshot.slices.slices[t.slice].durNs) / 1000.0;
}

void fill(Finding& f, const DiagnosisContext& ctx, const RuleConfig& rule, const std::vector<const AscendTask*>& flagged) {
    f.timeAtStakeNs = f.status == FindingStatus::Fired ? totalOf(ctx, flagged) : 0;
    f.operators = evidenceByName(ctx, flagged, rule.evidenceLimit());
}

} // namespace

// aicpu_checker.py: AI_CPU tasks, reported when the longest task of the run is >= 20 µs.
Finding ruleAscendAicpuOperators(DiagnosisContext& ctx, const RuleConfig& rule) {
    Error error;
    const AscendTasks* loaded = ascendTasks(ctx, {}, &error);
    if (!loaded || !loaded->hasCoreType) return missingInputFinding();
    const AscendTasks& tasks = *loaded;
    Finding f;
    f.unit = "us";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    std::vector<const AscendTask*> aicpu;
    double longestUs = 0;
    for (const AscendTask& t : tasks.tasks) {
        if (t.coreType.empty()) continue;
        longestUs = std::max(longestUs, durUs(ctx, t));
        if (t.coreType == "AI_CPU") aicpu.push_back(&t);
    }
    f.measured = longestUs;
    f.status = !aicpu.empty() && longestUs >= f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    fill(f, ctx, rule, aicpu);
    f.detail = std::to_string(aicpu.size()) + " AI_CPU task(s); the longest task of the run takes " +
               humanDurationText(static_cast<TimeNs>(std::llround(longestUs * 1000.0)));
    return f;
}

// dynamic_shape_checker.py: the advisor calls the run dynamic-shape when no operator is static.
Finding ruleAscendDynamicShape(DiagnosisContext& ctx, const RuleConfig& rule) {
    Error error;
    const AscendTasks* loaded = ascendTasks(ctx, {}, &error);
    if (!loaded || !loaded->hasOpState) return missingInputFinding();
    const AscendTasks& tasks = *loaded;
    Finding f;
    f.unit = "static tasks";
    f.threshold = rule.threshold();
    f.comparison = "<=";
    f.measured = static_cast<double>(tasks.staticCount);
    std::vector<const AscendTask*> dynamic;
    for (const AscendTask& t : tasks.tasks)
        if (t.opState == "dynamic") dynamic.push_back(&t);
    f.status = !dynamic.empty() && f.measured <= f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    fill(f, ctx, rule, dynamic);
    f.detail = std::to_string(tasks.staticCount) + " static and " + std::to_string(tasks.dynamicCount) +
               " dynamic task(s) (OP State)";
    return f;
}

// block_dim_checker.py: AI_CORE / AI_VECTOR_CORE / MIX_AIC tasks whose block dim is not a multiple of
// the core count (AI Core count for AI_CORE, else the vector count when known); a MIX_AIC task whose
// mix block dim is a multiple of the vector count is fine. Skipped when no operator is static.
Finding ruleAscendBlockDim(DiagnosisContext& ctx, const RuleConfig& rule) {
    Error error;
    const auto aiCore = static_cast<long long>(rule.number("ai_core_num", 0));
    const auto aiv = static_cast<long long>(rule.number("aiv_num", 0));
    const AscendTasks* loaded = aiCore > 0 ? ascendTasks(ctx, {}, &error) : nullptr;
    if (!loaded || !loaded->hasCoreType || !loaded->hasBlockDim) return missingInputFinding();
    const AscendTasks& tasks = *loaded;
    Finding f;
    f.unit = "tasks";
    f.threshold = rule.threshold();
    f.comparison = ">";
    if (tasks.allDynamic()) {
        f.guard = "no operator has a static shape: the advisor skips the block dim check";
        return f;
    }
    std::vector<const AscendTask*> flagged;
    for (const AscendTask& t : tasks.tasks) {
        if (t.coreType != "AI_CORE" && t.coreType != "AI_VECTOR_CORE" && t.coreType != "MIX_AIC") continue;
        if (std::isnan(t.blockDim)) continue;
        long long cores = t.coreType == "AI_CORE" || aiv <= 0 ? aiCore : aiv;
        if (static_cast<long long>(t.blockDim) % cores == 0) continue;
        if (t.coreType == "MIX_AIC" && aiv > 0 && !std::isnan(t.mixBlockDim) &&
            static_cast<long long>(t.mixBlockDim) % aiv == 0)
            continue;
        if (durUs(ctx, t) <= 0) continue;
        flagged.push_back(&t);
    }
    f.measured = static_cast<double>(flagged.size());
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    fill(f, ctx, rule, flagged);
    f.detail = std::to_string(flagged.size()) + " task(s) with a block dim not a multiple of " +
               std::to_string(aiCore) + " AI Cores" + (aiv > 0 ? " / " + std::to_string(aiv) + " vector cores" : "");
    return f;
}

// operator_bound_checker.py: tasks with pipe data where no ratio exceeds operator_bound_ratio (0.8),
// reported when the longest of them is > 20 µs. Skipped when no operator is static.
Finding ruleAscendOperatorNoBound(DiagnosisContext& ctx, const RuleConfig& rule) {
    Error error;
    const AscendTasks* loaded = ascendTasks(ctx, normalizedList(rule, "ratios"), &error);
    if (!loaded || loaded->ratioNames.empty()) return missingInputFinding();
    const AscendTasks& tasks = *loaded;
    const double bound = rule.number("bound_ratio", 0.8);
    Finding f;
    f.unit = "us";
    f.threshold = rule.threshold();
    f.comparison = ">";
    if (tasks.allDynamic()) {
        f.guard = "no operator has a static shape: the advisor skips the bound check";
        return f;
    }
    std::vector<const AscendTask*> flagged;
    double longestUs = 0;
    for (const AscendTask& t : tasks.tasks) {
        bool any = false, bounded = false;
        for (double r : t.ratios) {
            if (std::isnan(r) || r == 0) continue;
            any = true;
            if (r > bound) bounded = true;
        }
        if (!any || bounded) continue;
        flagged.push_back(&t);
        longestUs = std::max(longestUs, durUs(ctx, t));
    }
    f.measured = longestUs;
    f.status = !flagged.empty() && longestUs > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    fill(f, ctx, rule, flagged);
    f.detail = std::to_string(flagged.size()) + " task(s) with no pipe ratio above " + compactNumber(bound) +
               "; the longest takes " + humanDurationText(static_cast<TimeNs>(std::llround(longestUs * 1000.0)));
    return f;
}

// op_dispatch (Constant.MAX_OP_COMPILE_NUM): at least 20 aclopCompile calls on the host.
Finding ruleAscendOpCompile(DiagnosisContext& ctx, const RuleConfig& rule) {
    const SliceSet& set = ctx.snapshot.slices;
    bool acl = false;
    std::int64_t count = 0;
    Finding f;
    const auto compileNames = stringIdsWhere(ctx, [](std::string_view n) { return n.find("aclopCompile") != std::string_view::npos; });
    const AscendClCalls aclCalls(ctx);
    for (const SliceRecord& s : walkReleasing(set.slices)) {
        if (ctx.options.range && !ctx.options.range->contains(s.tsNs)) continue;
        if (aclCalls.isCall(s)) acl = true;
        if (!std::binary_search(compileNames.begin(), compileNames.end(), s.nameId)) continue;
        ++count;
        f.timeAtStakeNs += s.durNs;
        if (f.ranges.size() < rule.evidenceLimit()) f.ranges.push_back({s.tsNs, s.endNs(), 0, "aclopCompile"});
    }
    if (!acl && count == 0) return missingInputFinding();
    f.unit = "calls";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    f.measured = static_cast<double>(count);
    f.status = static_cast<double>(count) >= f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    if (f.status != FindingStatus::Fired) {
        f.timeAtStakeNs = 0;
        f.ranges.clear();
    }
    f.detail = std::to_string(count) + " aclopCompile call(s) on the host";
    return f;
}

} // namespace opscope

namespace opscope {

namespace {

// The AI Core Freq counter tracks (text: "AI Core Freq MHz" series; DB: "AI Core Freq"), by device id.
std::vector<const TrackRecord*> frequencyTracks(const DiagnosisContext& ctx) {
    std::vector<const TrackRecord*> out;
    for (const TrackRecord& t : ctx.snapshot.catalog.tracks())
        if (t.kind == "counter" && (t.name.rfind("AI Core Freq", 0) == 0 || t.processName.rfind("AI Core Freq", 0) == 0))
            out.push_back(&t);
    return out;
}

// The samples an execution [a, b) ran under: the one in effect at a, then those inside it.
void samplesDuring(const CounterSeries& series, TimeNs a, TimeNs b, std::vector<double>* out) {
    auto first = std::upper_bound(series.tsNs.begin(), series.tsNs.end(), a);
    if (first != series.tsNs.begin()) out->push_back(series.values[static_cast<std::size_t>(first - series.tsNs.begin()) - 1]);
    for (auto it = first; it != series.tsNs.end() && *it < b; ++it)
        out->push_back(series.values[static_cast<std::size_t>(it - series.tsNs.begin())]);
}

} // namespace

// ai_core_freq_checker.py: per operator, decrease ratio = sum(max - f) / (max * n) over the frequency
// samples its executions ran under; flagged at >= frequency_threshold (0.05). max is info.json's
// aic_frequency: the rules file's max_frequency_mhz, else the highest sample of the device's track.
Finding ruleAscendAicoreFrequency(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<const TrackRecord*> tracks = frequencyTracks(ctx);
    if (tracks.empty()) return missingInputFinding();
    struct DeviceFrequency {
        CounterSeries series;
        double highestMhz = 0; // the highest sample: the maximum when the rules file gives none
    };
    std::map<std::int64_t, DeviceFrequency> byDevice; // device id (0: unknown) -> its frequency samples
    for (const TrackRecord* t : tracks) {
        CounterSeries series;
        Error error;
        if (!loadCounterSeries(ctx.db, t->id, &series, &error) || series.tsNs.empty()) continue;
        const double highest = *std::max_element(series.values.begin(), series.values.end());
        byDevice.emplace(t->deviceId, DeviceFrequency{std::move(series), highest});
    }
    if (byDevice.empty()) return missingInputFinding();
    const double configuredMax = rule.number("max_frequency_mhz", 0);
    struct OpFreq {
        double decrease = 0; // sum of (max - f)
        double maxSum = 0;   // sum of max over the samples
        std::vector<const AscendTask*> tasks;
    };
    std::map<std::uint32_t, OpFreq> byName;
    Error error;
    const AscendTasks* loaded = ascendTasks(ctx, {}, &error);
    if (!loaded) return missingInputFinding();
    const AscendTasks& tasks = *loaded;
    std::vector<double> samples;
    for (const AscendTask& task : tasks.tasks) {
        const SliceRecord& s = ctx.snapshot.slices.slices[task.slice];
        const TrackRecord* track = ctx.snapshot.catalog.find(ctx.snapshot.slices.trackIds[s.trackIndex]);
        auto it = track ? byDevice.find(track->deviceId) : byDevice.end();
        if (it == byDevice.end() && byDevice.size() == 1) it = byDevice.begin();
        if (it == byDevice.end()) continue;
        const CounterSeries& series = it->second.series;
        const double maxFreq = configuredMax > 0 ? configuredMax : it->second.highestMhz;
        if (maxFreq <= 0) continue;
        samples.clear();
        samplesDuring(series, s.tsNs, s.endNs(), &samples);
        if (samples.empty()) continue;
        OpFreq& op = byName[s.nameId];
        for (double f : samples) {
            op.decrease += maxFreq - f;
            op.maxSum += maxFreq;
        }
        op.tasks.push_back(&task);
    }
    Finding f;
    f.unit = "ratio";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    std::vector<const AscendTask*> flagged;
    double worst = 0;
    std::size_t flaggedOps = 0;
    for (const auto& [nameId, op] : byName) {
        double ratio = op.maxSum > 0 ? op.decrease / op.maxSum : 0;
        worst = std::max(worst, ratio);
        if (ratio < f.threshold) continue;
        ++flaggedOps;
        flagged.insert(flagged.end(), op.tasks.begin(), op.tasks.end());
    }
    f.measured = worst;
    f.status = flagged.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    fill(f, ctx, rule, flagged);
    f.detail = std::to_string(flaggedOps) + " of " + std::to_string(byName.size()) +
               " operators ran with the AI Core frequency lowered by the threshold or more; measured is the largest decrease";
    return f;
}

} // namespace opscope
