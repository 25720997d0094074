#include "core/analysis/diagnosis/ascend_tasks.h"

#include "core/analysis/snapshot/metric_access.h"
#include "core/store/text_metric_reader.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

bool loadNumber(DiagnosisContext& ctx, const std::vector<std::string>& names, std::vector<double>* column, bool* found,
                Error* error) {
    for (const std::string& n : names)
        if (const MetricKeyInfo* key = ctx.metrics.find(n)) {
            *found = true;
            return loadMetricColumn(ctx.db, ctx.snapshot.slices, key->id, column, error);
        }
    *found = false;
    return true;
}

// Every compute task with its text columns and, beside kernel_details, its block dims; no ratios.
bool loadBaseTasks(DiagnosisContext& ctx, AscendTasks* out, Error* error) {
    std::unordered_map<std::int64_t, std::string> core, state;
    if (!readTextMetric(ctx.db, "Accelerator Core", &core, error)) return false;
    if (!readTextMetric(ctx.db, "OP State", &state, error)) return false;
    std::vector<double> block, mixBlock;
    bool hasMix = false;
    // The numeric columns are kernel_details' (op_summary's): read only where its text columns show such an
    // import. A trace of another kind may carry metrics of the same names (a generated aic_mac_ratio), and
    // reading a column over every slice is the costly part of the diagnosis.
    out->hasCoreType = !core.empty();
    out->hasOpState = !state.empty();
    if (out->hasKernelDetails() && !loadNumber(ctx, {"Block Dim", "Block Num"}, &block, &out->hasBlockDim, error))
        return false;
    if (out->hasKernelDetails() && !loadNumber(ctx, {"Mix Block Dim", "Mix Block Num"}, &mixBlock, &hasMix, error))
        return false;
    // Room for every compute slice at once (an upper bound: instants and slices outside the range are
    // left out): a task is 112 bytes, and growing by doubling pages in and copies twice the memory.
    std::size_t computeSlices = 0;
    for (std::int64_t trackId : ctx.computeTracks)
        if (const int t = ctx.snapshot.slices.indexOfTrack(trackId); t >= 0)
            computeSlices += ctx.snapshot.slices.end(static_cast<std::size_t>(t)) -
                             ctx.snapshot.slices.begin(static_cast<std::size_t>(t));
    out->tasks.reserve(computeSlices);
    forEachComputeSlice(ctx, [&](std::uint32_t i, const SliceRecord& s) {
        AscendTask task;
        task.slice = i;
        if (auto it = core.find(s.id); it != core.end()) task.coreType = it->second;
        if (auto it = state.find(s.id); it != state.end()) task.opState = it->second;
        if (out->hasBlockDim) task.blockDim = block[i];
        if (hasMix) task.mixBlockDim = mixBlock[i];
        if (task.opState == "static") ++out->staticCount;
        else if (task.opState == "dynamic") ++out->dynamicCount;
        out->tasks.push_back(std::move(task));
    });
    return true;
}

// Adds each named ratio column the store holds to every task, in the order of the names.
bool addRatios(DiagnosisContext& ctx, const std::vector<std::string>& ratioNames, AscendTasks* tasks, Error* error) {
    for (const std::string& name : ratioNames) {
        std::vector<double> column;
        bool found = false;
        if (!loadNumber(ctx, {name}, &column, &found, error)) return false;
        if (!found) continue;
        tasks->ratioNames.push_back(name);
        for (AscendTask& task : tasks->tasks) task.ratios.push_back(column[task.slice]);
    }
    return true;
}

} // namespace

const AscendTasks* ascendTasks(DiagnosisContext& ctx, const std::vector<std::string>& ratioNames, Error* error) {
    std::string key;
    for (const std::string& name : ratioNames) key += name + '\n';
    auto cached = ctx.ascendTaskCache.find(key);
    if (cached != ctx.ascendTaskCache.end()) return cached->second.get();
    std::shared_ptr<const AscendTasks> base;
    if (auto it = ctx.ascendTaskCache.find(std::string()); it != ctx.ascendTaskCache.end()) {
        base = it->second;
    } else {
        auto loaded = std::make_shared<AscendTasks>();
        if (!loadBaseTasks(ctx, loaded.get(), error)) return nullptr;
        base = ctx.ascendTaskCache.emplace(std::string(), std::move(loaded)).first->second;
    }
    // Ratios exist only beside kernel_details: without it the base is the answer (no ratio to judge).
    if (ratioNames.empty() || !base->hasKernelDetails()) return base.get();
    auto withRatios = std::make_shared<AscendTasks>(*base);
    if (!addRatios(ctx, ratioNames, withRatios.get(), error)) return nullptr;
    return ctx.ascendTaskCache.emplace(key, std::move(withRatios)).first->second.get();
}

Finding missingInputFinding() {
    Finding f;
    f.status = FindingStatus::MissingInput;
    return f;
}

Finding countFinding(const RuleConfig& rule, std::string unit, double measured) {
    Finding f;
    f.unit = std::move(unit);
    f.threshold = rule.threshold();
    f.comparison = ">";
    f.measured = measured;
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    return f;
}

std::string compactNumber(double value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", value);
    return buf;
}

std::vector<EvidenceOperator> evidenceByName(const DiagnosisContext& ctx, const std::vector<const AscendTask*>& tasks,
                                             std::size_t limit) {
    std::map<std::uint32_t, EvidenceOperator> byName;
    std::map<std::uint32_t, std::vector<std::pair<TimeNs, std::int64_t>>> longest;
    for (const AscendTask* task : tasks) {
        const SliceRecord& s = ctx.snapshot.slices.slices[task->slice];
        EvidenceOperator& op = byName[s.nameId];
        if (op.count == 0) op.name = std::string(ctx.snapshot.strings.at(s.nameId));
        ++op.count;
        op.totalNs += s.durNs;
        op.value = std::max(op.value, static_cast<double>(s.durNs) / 1000.0);
        longest[s.nameId].push_back({s.durNs, s.id});
    }
    std::vector<EvidenceOperator> out;
    for (auto& [nameId, op] : byName) {
        auto& list = longest[nameId];
        std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (std::size_t i = 0; i < list.size() && i < 3; ++i) op.sliceIds.push_back(list[i].second);
        out.push_back(std::move(op));
    }
    std::sort(out.begin(), out.end(), [](const EvidenceOperator& a, const EvidenceOperator& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    if (out.size() > limit) out.resize(limit);
    return out;
}

} // namespace opscope
