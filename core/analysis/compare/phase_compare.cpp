#include "core/analysis/compare/phase_compare.h"

#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/model/spillable_array.h"

#include <algorithm>
#include <cctype>

namespace opscope {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

struct MarkerSlice {
    TimeNs startNs, endNs;
    std::uint32_t nameId;
    bool onStepTrack;
};

std::vector<MarkerSlice> markerSlices(const StoreSnapshot& snap, const std::vector<std::int64_t>& computeTracks,
                                      const std::optional<TimeRange>& range) {
    std::vector<MarkerSlice> out;
    const SliceSet& set = snap.slices;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::size_t t = 0; t < set.trackCount(); ++t) {
        if (std::binary_search(computeTracks.begin(), computeTracks.end(), set.trackIds[t])) continue;
        const TrackRecord* track = snap.catalog.find(set.trackIds[t]);
        bool stepTrack = track && track->kind == "step";
        for (std::uint32_t i = set.begin(t); i < set.end(t); ++i) {
            const SliceRecord& s = walk[i];
            if (s.durNs <= 0 || (range && !range->overlaps(s.tsNs, s.endNs()))) continue;
            out.push_back({s.tsNs, s.endNs(), s.nameId, stepTrack});
        }
    }
    return out;
}

void measureByLaunch(const LaunchedWork& launched, const std::vector<Interval>& intervals, PhaseRow* row) {
    row->byLaunch = true;
    // Window by window: five optimizer steps span the whole run, the work of each one does not.
    for (const Interval& window : intervals) {
        for (const auto& [device, claimed] : launched.claimedBy({window})) {
            if (claimed.empty()) continue;
            row->deviceBusyNs += totalLengthNs(claimed);
            row->deviceSpanNs += claimed.back().endNs - claimed.front().startNs;
        }
    }
    row->utilization = row->deviceSpanNs > 0 ? static_cast<double>(row->deviceBusyNs) / static_cast<double>(row->deviceSpanNs) : 0;
}

void measure(const std::map<std::int64_t, CoverageIndex>& deviceBusy, std::vector<Interval> intervals, PhaseRow* row,
             const LaunchedWork* launched) {
    mergeIntervals(intervals);
    row->instances = static_cast<std::int64_t>(intervals.size());
    if (intervals.empty()) return;
    row->startNs = intervals.front().startNs;
    row->endNs = intervals.back().endNs;
    row->durationNs = totalLengthNs(intervals);
    if (launched && !launched->empty()) {
        measureByLaunch(*launched, intervals, row);
        return;
    }
    for (const auto& [device, busy] : deviceBusy)
        for (const Interval& iv : intervals) row->deviceBusyNs += busy.coveredNs(iv.startNs, iv.endNs);
    double capacity = static_cast<double>(row->durationNs) * static_cast<double>(std::max<std::size_t>(1, deviceBusy.size()));
    row->utilization = capacity > 0 ? static_cast<double>(row->deviceBusyNs) / capacity : 0;
}

// One row per step: ProfilerStep#N slices (by pattern) and slices of step tracks, each interval once.
template <typename Matching>
void appendStepRows(const StoreSnapshot& snapshot, const std::vector<MarkerSlice>& markers,
                    const PhasePatterns& patterns, Matching& matching,
                    const std::map<std::int64_t, CoverageIndex>& deviceBusy, std::vector<PhaseRow>* rows,
                    const LaunchedWork* launched) {
    std::vector<char> stepNames(snapshot.strings.size() + 1, 0);
    for (const std::string& p : patterns.steps) {
        std::vector<char> match = matching(p);
        for (std::size_t i = 0; i < match.size(); ++i) stepNames[i] |= match[i];
    }
    std::vector<MarkerSlice> steps;
    for (const MarkerSlice& m : markers)
        if (m.onStepTrack || (m.nameId < stepNames.size() && stepNames[m.nameId])) steps.push_back(m);
    std::sort(steps.begin(), steps.end(), [](const MarkerSlice& a, const MarkerSlice& b) {
        return a.startNs != b.startNs ? a.startNs < b.startNs : a.endNs < b.endNs;
    });
    // A step marked twice (a ProfilerStep slice and a step-track slice over the same interval) counts once.
    steps.erase(std::unique(steps.begin(), steps.end(), [](const MarkerSlice& a, const MarkerSlice& b) {
                    return a.startNs == b.startNs && a.endNs == b.endNs;
                }),
                steps.end());
    for (std::size_t i = 0; i < steps.size() && static_cast<int>(i) < patterns.maxSteps; ++i) {
        PhaseRow row;
        row.name = std::string(snapshot.strings.at(steps[i].nameId));
        row.kind = "step";
        measure(deviceBusy, {{steps[i].startNs, steps[i].endNs}}, &row, launched);
        rows->push_back(std::move(row));
    }
}

} // namespace

std::vector<PhaseRow> comparePhases(const StoreSnapshot& snapshot, const std::vector<std::int64_t>& computeTracks,
                                    const std::map<std::int64_t, CoverageIndex>& deviceBusy,
                                    const PhasePatterns& patterns, const std::optional<TimeRange>& range,
                                    const LaunchedWork* launched) {
    std::vector<MarkerSlice> markers = markerSlices(snapshot, computeTracks, range);
    // Patterns are matched once per distinct name, not once per slice.
    std::vector<std::uint32_t> names;
    for (const MarkerSlice& m : markers) names.push_back(m.nameId);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    std::vector<std::string> lowered;
    for (std::uint32_t id : names) lowered.push_back(lower(snapshot.strings.at(id)));
    auto matching = [&](const std::string& pattern) {
        std::vector<char> match(snapshot.strings.size() + 1, 0);
        std::string p = lower(pattern);
        for (std::size_t i = 0; i < names.size(); ++i)
            if (lowered[i].find(p) != std::string::npos && names[i] < match.size()) match[names[i]] = 1;
        return match;
    };
    std::vector<PhaseRow> rows;
    const std::pair<const char*, const std::vector<std::string>*> kinds[] = {
        {"forward", &patterns.forward}, {"backward", &patterns.backward}, {"optimizer", &patterns.optimizer}};
    for (const auto& [kind, list] : kinds) {
        for (const std::string& pattern : *list) {
            std::vector<char> match = matching(pattern);
            std::vector<Interval> intervals;
            for (const MarkerSlice& m : markers)
                if (m.nameId < match.size() && match[m.nameId]) intervals.push_back({m.startNs, m.endNs});
            if (intervals.empty()) continue;
            PhaseRow row;
            row.name = kind;
            row.kind = kind;
            measure(deviceBusy, std::move(intervals), &row, launched);
            rows.push_back(std::move(row));
            break;
        }
    }
    appendStepRows(snapshot, markers, patterns, matching, deviceBusy, &rows, launched);
    return rows;
}

Finding rulePhaseComparison(DiagnosisContext& ctx, const RuleConfig& rule) {
    PhasePatterns patterns;
    auto listOr = [&](const char* key, std::vector<std::string>& target) {
        std::vector<std::string> v = rule.strings(key);
        if (!v.empty()) target = v;
    };
    listOr("forward_patterns", patterns.forward);
    listOr("backward_patterns", patterns.backward);
    listOr("optimizer_patterns", patterns.optimizer);
    listOr("step_patterns", patterns.steps);
    patterns.maxSteps = static_cast<int>(rule.number("max_phases", 64));
    ctx.phases = comparePhases(ctx.snapshot, ctx.computeTracks, ctx.deviceBusy, patterns, ctx.options.range, &ctx.launched);
    Finding f;
    f.unit = "points";
    f.threshold = rule.threshold();
    f.comparison = ">";
    // Compare phase kinds when the trace marks at least two, else steps with each other.
    std::vector<const PhaseRow*> compared;
    for (const PhaseRow& r : ctx.phases)
        if (r.kind != "step") compared.push_back(&r);
    if (compared.size() < 2) {
        compared.clear();
        for (const PhaseRow& r : ctx.phases)
            if (r.kind == "step") compared.push_back(&r);
    }
    if (compared.size() < 2) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    auto [lo, hi] = std::minmax_element(compared.begin(), compared.end(), [](const PhaseRow* a, const PhaseRow* b) {
        return a->utilization < b->utilization;
    });
    f.measured = 100.0 * ((*hi)->utilization - (*lo)->utilization);
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    for (const PhaseRow* r : compared)
        f.timeAtStakeNs += static_cast<TimeNs>(((*hi)->utilization - r->utilization) * static_cast<double>(r->durationNs));
    f.ranges.push_back({(*lo)->startNs, (*lo)->endNs, 0, (*lo)->name + " (least utilised)"});
    f.ranges.push_back({(*hi)->startNs, (*hi)->endNs, 0, (*hi)->name + " (most utilised)"});
    f.detail = (*hi)->name + " " + percentText((*hi)->utilization) + " vs " + (*lo)->name + " " +
               percentText((*lo)->utilization) + " device utilisation";
    return f;
}

} // namespace opscope
