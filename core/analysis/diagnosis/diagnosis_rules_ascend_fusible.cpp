// The msprof-analyze advisor's fusible operator sequences (reference: Ascend/msprof-analyze
// msprof_analyze/advisor/analyzer/schedule/fusible_ops/fusible_operator_checker.py, thresholds of
// rules/*/fusible_operator.yaml): per device, the kernel_details tasks in start order are read as sliding
// sequences; a sequence is host bound when its tasks run for less than host_threshold of its wall time,
// MTE bound when data movement takes more than mte_threshold of its AI Core time. Sequences that recur
// more than threshold times and weigh enough are reported. The walk, its breaks and its bookkeeping
// (an insertion-ordered table, the prefix merge of post_processing) are the checker's.
#include "core/analysis/diagnosis/ascend_shape_groups.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/diagnosis/slice_name_match.h"
#include "core/analysis/snapshot/metric_access.h"
#include "core/store/text_metric_reader.h"
#include "core/model/spillable_array.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

namespace opscope {

namespace {

struct SequenceTask {
    const SliceRecord* slice = nullptr;
    std::string key;      // name-inputs-outputs, as generate_key joins them
    bool breaks = false;  // a communication or AI_CPU task ends every sequence
    double startUs = 0, durUs = 0, mteUs = 0, aicoreUs = 0;
};

struct Sequence {
    double totalUs = 0, npuUs = 0, mteUs = 0;
    std::int64_t count = 0;
    bool mteBound = false, hostBound = false; // as the last occurrence left them (the checker's tuple)
    std::vector<std::string> names;
    std::int64_t firstSliceId = 0;
};

// The checker's table: keys in the order first seen.
struct SequenceTable {
    std::vector<std::string> order;
    std::unordered_map<std::string, Sequence> byKey;
};

bool breaksSequences(std::string_view core, std::string_view name) {
    const std::string lowerName = lowerAsciiText(name);
    return core == "COMMUNICATION" || core == "HCCL" || core == "AI_CPU" || lowerName.rfind("hcom", 0) == 0 ||
           lowerName.rfind("lccl", 0) == 0 || lowerName.rfind("lcoc", 0) == 0;
}

double valueOr0(const std::vector<double>& column, std::size_t i) {
    return column.empty() || std::isnan(column[i]) ? 0 : column[i];
}

struct Thresholds {
    int minLength, maxLength;
    double host, mte, share, count;
};

// check_fusible_operator over one device's tasks.
void slide(const std::vector<SequenceTask>& tasks, const Thresholds& t, SequenceTable* table) {
    for (std::size_t index = 0; index < tasks.size(); ++index) {
        const SequenceTask& first = tasks[index];
        if (first.breaks) continue;
        std::string key = first.key;
        double duration = first.durUs, mte = first.mteUs, aicore = first.aicoreUs;
        std::vector<std::string> names{std::string(first.key.substr(0, first.key.find('\x1f')))};
        for (int i = 1; i < t.maxLength; ++i) {
            if (index + static_cast<std::size_t>(i) >= tasks.size()) break;
            const SequenceTask& next = tasks[index + static_cast<std::size_t>(i)];
            if (next.breaks) break;
            key += '-' + next.key;
            names.push_back(next.key.substr(0, next.key.find('\x1f')));
            duration += next.durUs;
            mte += next.mteUs;
            aicore += next.aicoreUs;
            const double total = next.startUs + next.durUs - first.startUs;
            const bool host = total != 0 && duration / total < t.host;
            const bool mteFlag = aicore != 0 && mte / aicore > t.mte;
            // As the checker writes it: (not mte and not host) or i < min_length.
            if ((!mteFlag && !host) || i < t.minLength) continue;
            auto [it, inserted] = table->byKey.try_emplace(key);
            if (inserted) {
                table->order.push_back(key);
                it->second.names = names;
                it->second.firstSliceId = first.slice->id;
            }
            Sequence& s = it->second;
            s.totalUs += total;
            s.npuUs += duration;
            s.mteUs += mte;
            ++s.count;
            s.mteBound = mteFlag;
            s.hostBound = host;
        }
    }
}

// post_processing: among qualifying keys in table order, a key extending the previous one replaces it
// when its total is larger; the last key is kept when it qualifies.
std::vector<const Sequence*> reported(const SequenceTable& table, const Thresholds& t, double stepUs) {
    auto numberOk = [&](const Sequence& s) { return static_cast<double>(s.count) > t.count; };
    auto shareOk = [&](const Sequence& s) { return stepUs != 0 && s.totalUs / stepUs > t.share; };
    std::vector<std::string> kept;
    const std::string* base = nullptr;
    const std::string* record = nullptr;
    for (const std::string& key : table.order) {
        const Sequence& s = table.byKey.at(key);
        if (!numberOk(s) || !(shareOk(s) || s.mteBound)) continue;
        if (!base) record = &key;
        else if (key.rfind(*base, 0) == 0 && s.totalUs > table.byKey.at(*record).totalUs) record = &key;
        else {
            kept.push_back(*record);
            record = &key;
        }
        base = &key;
    }
    if (!table.order.empty()) {
        const std::string& last = table.order.back();
        const Sequence& s = table.byKey.at(last);
        if (std::find(kept.begin(), kept.end(), last) == kept.end() && numberOk(s) && (shareOk(s) || s.mteBound))
            kept.push_back(last);
    }
    std::vector<const Sequence*> out;
    for (const std::string& key : kept) out.push_back(&table.byKey.at(key));
    std::stable_sort(out.begin(), out.end(), [](const Sequence* a, const Sequence* b) { return a->totalUs > b->totalUs; });
    return out;
}

std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "" : " > ") + n;
    return out;
}

} // namespace

Finding ruleAscendFusibleOperators(DiagnosisContext& ctx, const RuleConfig& rule) {
    Error error;
    std::unordered_map<std::int64_t, std::string> cores;
    ShapeTexts shapes;
    if (!readTextMetric(ctx.db, "Accelerator Core", &cores, &error) || cores.empty() ||
        !readShapeTexts(ctx.db, &shapes, &error))
        return missingInputFinding();
    // The checker skips the analysis unless the four transfer-time columns exist (PipeUtilization).
    const char* const kColumns[] = {"aic_mte2_time", "aiv_mte2_time", "aic_fixpipe_time", "aiv_mte3_time", "aicore_time"};
    std::vector<std::vector<double>> columns(5);
    bool transfers = false;
    for (int c = 0; c < 5; ++c)
        if (const MetricKeyInfo* key = ctx.metrics.find(normalizeMetricName(kColumns[c]))) {
            if (!loadMetricColumn(ctx.db, ctx.snapshot.slices, key->id, &columns[c], &error)) return missingInputFinding();
            transfers = transfers || c < 4;
        }
    if (!transfers) return missingInputFinding();
    const SliceSet& set = ctx.snapshot.slices;
    std::map<std::int64_t, std::vector<SequenceTask>> byDevice;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::size_t i = 0; i < set.slices.size(); ++i) {
        const SliceRecord& s = walk[i];
        auto core = cores.find(s.id);
        if (core == cores.end() || !startsInRange(ctx, s)) continue;
        const TrackRecord* track = ctx.snapshot.catalog.find(set.trackIds[s.trackIndex]);
        SequenceTask t;
        t.slice = &s;
        const std::string_view name = ctx.snapshot.strings.at(s.nameId);
        // The unit separator keeps the name apart for display; the checker's key joins with '-'.
        t.key = std::string(name) + '\x1f' + '-' + std::string(shapes.inputOf(s.id)) + '-' + std::string(shapes.outputOf(s.id));
        t.breaks = breaksSequences(core->second, name);
        t.startUs = static_cast<double>(s.tsNs) / 1000.0;
        t.durUs = static_cast<double>(s.durNs) / 1000.0;
        t.mteUs = std::max(valueOr0(columns[0], i), valueOr0(columns[1], i)) +
                  std::max(valueOr0(columns[2], i), valueOr0(columns[3], i));
        t.aicoreUs = valueOr0(columns[4], i);
        byDevice[track ? track->deviceId : 0].push_back(std::move(t));
    }
    const Thresholds t{static_cast<int>(rule.number("min_length", 2)), static_cast<int>(rule.number("max_length", 10)),
                       rule.number("host_threshold", 0.4), rule.number("mte_threshold", 0.8),
                       rule.number("sequence_duration_threshold", 0.01), rule.threshold()};
    Finding f;
    f.unit = "occurrences";
    f.threshold = t.count;
    f.comparison = ">";
    std::vector<std::pair<const Sequence*, double>> found; // with the device's step time
    std::vector<SequenceTable> tables(byDevice.size());
    std::size_t d = 0;
    for (auto& [device, tasks] : byDevice) {
        std::stable_sort(tasks.begin(), tasks.end(),
                         [](const SequenceTask& a, const SequenceTask& b) { return a.slice->tsNs < b.slice->tsNs; });
        if (tasks.empty()) continue;
        const double stepUs = tasks.back().startUs + tasks.back().durUs - tasks.front().startUs;
        if (stepUs == 0) continue; // the checker's "Total duration is zero": no analysis
        slide(tasks, t, &tables[d]);
        for (const Sequence* s : reported(tables[d], t, stepUs)) found.emplace_back(s, stepUs);
        for (const auto& [key, s] : tables[d].byKey) f.measured = std::max(f.measured, static_cast<double>(s.count));
        ++d;
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first->totalUs > b.first->totalUs; });
    std::int64_t host = 0, mte = 0;
    for (const auto& [s, stepUs] : found) {
        host += s->hostBound;
        mte += s->mteBound;
        f.timeAtStakeNs += static_cast<TimeNs>(std::llround(s->totalUs * 1000.0));
        if (f.operators.size() >= rule.evidenceLimit()) continue;
        EvidenceOperator op;
        op.name = joinNames(s->names) + (s->mteBound ? " (MTE bound)" : "") + (s->hostBound ? " (host bound)" : "");
        op.value = static_cast<double>(s->count);
        op.count = s->count;
        op.totalNs = static_cast<TimeNs>(std::llround(s->totalUs * 1000.0));
        op.sliceIds.push_back(s->firstSliceId);
        f.operators.push_back(std::move(op));
    }
    f.status = found.empty() ? FindingStatus::Passed : FindingStatus::Fired;
    f.detail = std::to_string(found.size()) + " operator sequence(s) worth fusing (" + std::to_string(host) +
               " host bound, " + std::to_string(mte) + " MTE bound; measured: the most occurrences of a sequence " +
               "that is host or MTE bound)";
    return f;
}

} // namespace opscope
