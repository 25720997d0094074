// The msprof-analyze advisor's rules over recorded host events (reference: Ascend/msprof-analyze
// msprof_analyze/advisor/analyzer/..., the collectors of dataset/timeline_op_collector/
// timeline_op_collector.py): SyncBatchNorm calls (schedule/syncbn/syncbn_checker.py, sync_batchnorm.yaml),
// recorded GC pauses (schedule/gc/gc_checker.py, gc.yaml) and slow device memory calls
// (memory/memory_checker.py, memory.yaml). Each compares as its checker does (>=), as the comments say.
#include "core/analysis/diagnosis/ascend_tasks.h"
#include "core/model/spillable_array.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/slice_name_match.h"

#include <algorithm>
#include <array>
#include <map>

namespace opscope {

namespace {

// The host operator categories torch_npu writes: their presence says the CPU activity was collected.
bool hasHostOperators(const DiagnosisContext& ctx) {
    const auto hostOpCategories =
        stringIdsWhere(ctx, [](std::string_view n) { return n == "cpu_op" || n == "python_function"; });
    if (hostOpCategories.empty()) return false;
    for (const SliceRecord& s : walkReleasing(ctx.snapshot.slices.slices))
        if (s.catId != 0 && containsId(hostOpCategories, s.catId)) return true;
    return false;
}

std::vector<const SliceRecord*> slicesWhere(const DiagnosisContext& ctx, const std::vector<std::uint32_t>& ids,
                                            bool byCategory) {
    std::vector<const SliceRecord*> out;
    for (const SliceRecord& s : walkReleasing(ctx.snapshot.slices.slices)) {
        const std::uint32_t id = byCategory ? s.catId : s.nameId;
        if ((!byCategory || id != 0) && startsInRange(ctx, s) && containsId(ids, id)) out.push_back(&s);
    }
    sortByStart(out);
    return out;
}

void addRanges(const std::vector<const SliceRecord*>& slices, const std::string& label, std::size_t limit, Finding* f) {
    for (const SliceRecord* s : slices) {
        if (f->ranges.size() >= limit) break;
        f->ranges.push_back({s->tsNs, s->endNs(), 0, label});
    }
}

double micros(TimeNs ns) { return static_cast<double>(ns) / 1000.0; }

} // namespace

// SyncBNCollector: framework events named "SyncBatchNorm" (any case, the whole name); the checker flags
// a count >= max_syncbn_num (20).
Finding ruleAscendSyncBatchNorm(DiagnosisContext& ctx, const RuleConfig& rule) {
    const auto names = stringIdsWhere(ctx, [](std::string_view n) { return lowerAsciiText(n) == "syncbatchnorm"; });
    std::vector<const SliceRecord*> calls = slicesWhere(ctx, names, false);
    if (calls.empty() && !hasHostOperators(ctx)) return missingInputFinding();
    Finding f;
    f.unit = "calls";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    f.measured = static_cast<double>(calls.size());
    f.status = f.measured >= f.threshold && !calls.empty() ? FindingStatus::Fired : FindingStatus::Passed;
    if (f.status == FindingStatus::Fired) {
        for (const SliceRecord* s : calls) f.timeAtStakeNs += s->durNs;
        addRanges(calls, "SyncBatchNorm", rule.evidenceLimit(), &f);
    }
    f.detail = std::to_string(calls.size()) + " SyncBatchNorm call(s)";
    return f;
}

// GcCollector: events of category "GC" (any case), which torch_npu records for pauses longer than its
// gc_detect_threshold; the checker flags each one of at least gc_threshold (1000 µs).
Finding ruleAscendGcEvents(DiagnosisContext& ctx, const RuleConfig& rule) {
    const auto gcCategories = stringIdsWhere(ctx, [](std::string_view n) { return lowerAsciiText(n) == "gc"; });
    std::vector<const SliceRecord*> events = slicesWhere(ctx, gcCategories, true);
    if (events.empty()) return missingInputFinding(); // not collected, or no pause above the detect threshold
    Finding f;
    f.unit = "us";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    std::vector<const SliceRecord*> slow;
    for (const SliceRecord* s : events) {
        f.measured = std::max(f.measured, micros(s->durNs));
        if (micros(s->durNs) < f.threshold) continue;
        slow.push_back(s);
        f.timeAtStakeNs += s->durNs;
    }
    std::stable_sort(slow.begin(), slow.end(), [](const SliceRecord* a, const SliceRecord* b) { return a->durNs > b->durNs; });
    addRanges(slow, "GC", rule.evidenceLimit(), &f);
    f.status = slow.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    f.detail = std::to_string(events.size()) + " GC event(s), " + std::to_string(slow.size()) +
               " at or above the threshold; the longest takes " + compactNumber(f.measured) + " us";
    return f;
}

// MemCollector: the CANN calls AscendCL@aclMallocMemInner, AscendCL@aclrtFreePhysical and AscendCL@aclrtFree
// (a DB import names them without the prefix, at level acl); the checker flags a call whose total time
// is >= max_total_duration (10000 µs).
Finding ruleAscendMemoryOperators(DiagnosisContext& ctx, const RuleConfig& rule) {
    static const std::array<std::string_view, 3> kCalls = {"aclMallocMemInner", "aclrtFreePhysical", "aclrtFree"};
    const AscendClCalls aclCalls(ctx);
    struct Call {
        std::int64_t count = 0;
        TimeNs totalNs = 0;
        std::vector<const SliceRecord*> slices;
    };
    std::map<std::string, Call> calls;
    bool aclSeen = false;
    for (const SliceRecord& s : walkReleasing(ctx.snapshot.slices.slices)) {
        if (!startsInRange(ctx, s)) continue;
        const std::string_view call = aclCalls.callName(s);
        aclSeen = aclSeen || !call.empty();
        if (std::find(kCalls.begin(), kCalls.end(), call) == kCalls.end()) continue;
        Call& c = calls[std::string(call)];
        ++c.count;
        c.totalNs += s.durNs;
        c.slices.push_back(&s);
    }
    if (!aclSeen) return missingInputFinding();
    Finding f;
    f.unit = "us";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    std::string detail;
    for (auto& [name, c] : calls) {
        f.measured = std::max(f.measured, micros(c.totalNs));
        detail += (detail.empty() ? "" : "; ") + name + ": " + std::to_string(c.count) + " call(s), " +
                  compactNumber(micros(c.totalNs)) + " us";
        if (micros(c.totalNs) < f.threshold) continue;
        f.timeAtStakeNs += c.totalNs;
        std::stable_sort(c.slices.begin(), c.slices.end(),
                         [](const SliceRecord* a, const SliceRecord* b) { return a->durNs > b->durNs; });
        EvidenceOperator op;
        op.name = "AscendCL@" + name;
        op.value = micros(c.totalNs);
        op.totalNs = c.totalNs;
        op.count = c.count;
        for (std::size_t i = 0; i < c.slices.size() && i < 3; ++i) op.sliceIds.push_back(c.slices[i]->id);
        f.operators.push_back(std::move(op));
    }
    f.status = f.operators.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    f.detail = detail.empty() ? "no device memory call (aclMallocMemInner, aclrtFreePhysical, aclrtFree)" : detail;
    return f;
}

} // namespace opscope
