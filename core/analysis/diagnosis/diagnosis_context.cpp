#include "core/analysis/diagnosis/diagnosis_context.h"

#include "core/store/device_kind_reader.h"
#include "core/analysis/breakdown/device_busy.h"

#include "core/store/launch_reader.h"

#include "core/analysis/operators/operator_grouping.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/model/spillable_array.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

namespace opscope {

bool OperatorMetricTable::hasAny(const std::vector<std::string>& list) const {
    for (const std::string& n : list)
        if (hasMetric(n)) return true;
    return false;
}

double OperatorMetricTable::mean(std::size_t op, const std::string& normalized) const {
    auto it = columnOf.find(normalized);
    return it == columnOf.end() ? std::numeric_limits<double>::quiet_NaN() : sums.mean(op, it->second);
}

double OperatorMetricTable::sum(std::size_t op, const std::string& normalized) const {
    auto it = columnOf.find(normalized);
    return it == columnOf.end() ? 0.0 : sums.sum[op * sums.keyIds.size() + it->second];
}

double OperatorMetricTable::maxMean(std::size_t op, const std::vector<std::string>& list) const {
    double best = std::numeric_limits<double>::quiet_NaN();
    for (const std::string& n : list) {
        double v = mean(op, n);
        if (!std::isnan(v) && (std::isnan(best) || v > best)) best = v;
    }
    return best;
}

std::vector<std::string> normalizedList(const RuleConfig& rule, const char* name) {
    std::vector<std::string> out;
    for (const std::string& s : rule.strings(name)) out.push_back(normalizeMetricName(s));
    return out;
}

namespace {

// Metric names any rule may read: keys matching them are aggregated, the others are not read at all.
bool wantedMetric(const std::string& normalized, const std::set<std::string>& listed) {
    if (listed.count(normalized)) return true;
    return normalized.find("hit_rate") != std::string::npos || normalized.find("cache_hit") != std::string::npos ||
           normalized.find("cache_miss") != std::string::npos;
}

std::set<std::string> listedMetricNames(const RulesConfig& rules) {
    std::set<std::string> names;
    for (const RuleConfig& r : rules.rules)
        for (auto it = r.params.begin(); it != r.params.end(); ++it) {
            if (it.value().is_array())
                for (const auto& v : it.value()) {
                    if (v.is_string()) names.insert(normalizeMetricName(v.get<std::string>()));
                    if (v.is_object())
                        for (auto inner = v.begin(); inner != v.end(); ++inner)
                            for (const auto& s : inner.value())
                                if (s.is_string()) names.insert(normalizeMetricName(s.get<std::string>()));
                }
        }
    return names;
}

// The operator table over the context's compute tracks; ctx->metrics is loaded by the caller.
bool buildOperatorTable(Database& db, const StoreSnapshot& snap, const DiagnosisOptions& options,
                        const std::vector<std::int64_t>& computeTracks, const MetricCatalog& metrics,
                        OperatorMetricTable* out, Error* error) {
    GroupingOptions grouping;
    grouping.range = options.range;
    OperatorGrouping groups;
    if (!groupOperators(db, snap, grouping, &groups, error)) return false;
    // Only compute tracks count as operators here.
    for (std::size_t t = 0; t < snap.slices.trackCount(); ++t) {
        if (std::binary_search(computeTracks.begin(), computeTracks.end(), snap.slices.trackIds[t])) continue;
        for (std::uint32_t i = snap.slices.begin(t); i < snap.slices.end(t); ++i) groups.groupOfSlice[i] = kNoGroup;
    }
    OperatorMetricTable& ops = *out;
    ops = OperatorMetricTable{};
    std::size_t n = groups.labels.size();
    ops.names = groups.labels;
    ops.totalNs.assign(n, 0);
    ops.count.assign(n, 0);
    ops.sampleSliceIds.assign(n, {});
    std::vector<TimeNs> longest(n, -1);
    PageReleasingWalk<SliceRecord> walk(snap.slices.slices);
    for (std::size_t i = 0; i < snap.slices.slices.size(); ++i) {
        std::uint32_t g = groups.groupOfSlice[i];
        if (g == kNoGroup) continue;
        const SliceRecord& s = walk[i];
        ops.totalNs[g] += s.durNs;
        ++ops.count[g];
        if (s.durNs > longest[g]) {
            longest[g] = s.durNs;
            ops.sampleSliceIds[g].insert(ops.sampleSliceIds[g].begin(), s.id);
            if (ops.sampleSliceIds[g].size() > 3) ops.sampleSliceIds[g].pop_back();
        }
    }
    std::set<std::string> listed = listedMetricNames(options.rules);
    std::vector<std::int64_t> keys;
    for (const MetricKeyInfo& k : metrics.keys())
        if (wantedMetric(k.normalized, listed) && !ops.columnOf.count(k.normalized)) {
            ops.columnOf[k.normalized] = keys.size();
            keys.push_back(k.id);
        }
    if (keys.empty()) {
        ops.sums.groupCount = n;
        return true;
    }
    return aggregateMetrics(db, snap.slices, groups.groupOfSlice, n, keys, &ops.sums, error);
}

bool buildDeviceUnions(DiagnosisContext* ctx, Error* error) {
    std::vector<LaunchCallTime> calls;
    if (!readLaunchCallTimes(ctx->db, &calls, error)) return false;
    LaunchedWorkBuilder launched;
    std::map<std::int64_t, SortedRuns> perDevice; // merged in pairs, not each run into all before it
    const SliceSet& set = ctx->snapshot.slices;
    std::size_t callHint = 0;
    PageReleasingWalk<SliceRecord> walk(set.slices);
    for (std::int64_t id : ctx->busyTracks) {
        int t = set.indexOfTrack(id);
        const TrackRecord* track = ctx->snapshot.catalog.find(id);
        if (t < 0 || !track) continue;
        std::vector<Interval> run;
        for (std::uint32_t i = set.begin(static_cast<std::size_t>(t)); i < set.end(static_cast<std::size_t>(t)); ++i) {
            const SliceRecord& s = walk[i];
            if (hasDeviceClasses(ctx->snapshot) && track->deviceId > 0 && !isBusySlice(ctx->snapshot, *track, s))
                continue;
            TimeNs a = s.tsNs, b = s.endNs();
            if (!calls.empty()) {
                const LaunchCallTime* call = findLaunchCall(calls, s.id, &callHint);
                const bool linked = call != nullptr;
                if (!linked || !ctx->options.range || ctx->options.range->contains(call->callTsNs))
                    launched.add(track->deviceKey(), a, b, linked, linked ? call->callTsNs : 0);
            }
            if (ctx->options.range) {
                a = std::max(a, ctx->options.range->startNs);
                b = std::min(b, ctx->options.range->endNs);
            }
            appendToUnion(run, {a, b}); // slices come by start, and clipping keeps that order
        }
        perDevice[track->deviceKey()].add(std::move(run));
    }
    for (auto& [key, runs] : perDevice) ctx->deviceBusy.emplace(key, CoverageIndex(runs.take()));
    ctx->launched = launched.finish();
    return true;
}

} // namespace

std::shared_ptr<const StoreSnapshot> diagnosisSnapshot(Database& db, const DiagnosisOptions& options, Error* error) {
    if (options.snapshot) return options.snapshot;
    TrackSelection all;
    all.scope = TrackScope::All;
    auto loaded = std::make_shared<StoreSnapshot>();
    if (!loadSnapshot(db, all, loaded.get(), error)) return nullptr;
    return loaded;
}

bool buildDiagnosisContext(DiagnosisContext* ctx, Error* error) {
    TrackSelection compute;
    SelectedTracks selected = selectTracks(ctx->snapshot.catalog, compute);
    ctx->computeTracks = selected.logicalIds;
    ctx->busyTracks = selectBusyTracks(ctx->snapshot, compute).logicalIds;
    ctx->fellBackToAll = selected.fellBackToAll;
    BubbleOptions bubbleOptions;
    bubbleOptions.range = ctx->options.range;
    bubbleOptions.patterns = ctx->options.rules.patterns;
    bubbleOptions.causeCoverage = ctx->options.rules.causeCoverage;
    bubbleOptions.largestCount = 10;
    ctx->host.build(ctx->snapshot, ctx->busyTracks, bubbleOptions.patterns);
    ctx->bubbles = computeBubbles(ctx->snapshot, bubbleOptions, ctx->host);
    for (const BubbleSummary& s : ctx->bubbles.tracks) ctx->computeBusyNs += s.computeNs;
    for (const BubbleSummary& d : ctx->bubbles.devices) ctx->deviceTimeNs += d.spanEndNs - d.spanStartNs;
    if (!MetricCatalog::load(ctx->db, &ctx->metrics, error)) return false;
    if (!buildDeviceUnions(ctx, error) || !readDeviceKinds(ctx->db, &ctx->deviceKinds, error)) return false;
    if (ctx->options.operatorTable) return ctx->options.operatorTable(&ctx->ops, error);
    return buildOperatorTable(ctx->db, ctx->snapshot, ctx->options, ctx->computeTracks, ctx->metrics, &ctx->ops, error);
}

bool buildOperatorMetricTable(Database& db, const StoreSnapshot& snapshot,
                              const DiagnosisOptions& options, OperatorMetricTable* out, Error* error) {
    MetricCatalog metrics;
    if (!MetricCatalog::load(db, &metrics, error)) return false;
    const std::vector<std::int64_t> computeTracks = selectTracks(snapshot.catalog, TrackSelection{}).logicalIds;
    return buildOperatorTable(db, snapshot, options, computeTracks, metrics, out, error);
}

std::string percentText(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", share * 100.0);
    return buf;
}

Finding evaluateOperatorValues(const std::vector<OperatorValue>& ops, const RuleConfig& rule, bool fireAbove,
                               const std::string& unit, TimeNs shareBaseNs) {
    Finding f;
    f.unit = unit;
    f.threshold = rule.threshold();
    f.comparison = fireAbove ? ">" : "<";
    std::vector<std::size_t> flagged;
    std::size_t withValue = 0;
    double worst = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t op = 0; op < ops.size(); ++op) {
        double v = ops[op].value;
        if (std::isnan(v) || ops[op].count == 0) continue;
        ++withValue;
        if (std::isnan(worst) || (fireAbove ? v > worst : v < worst)) worst = v;
        if (fireAbove ? v > f.threshold : v < f.threshold) flagged.push_back(op);
    }
    if (withValue == 0) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    std::sort(flagged.begin(), flagged.end(), [&](std::size_t a, std::size_t b) {
        return ops[a].totalNs != ops[b].totalNs ? ops[a].totalNs > ops[b].totalNs : a < b;
    });
    double weighted = 0;
    for (std::size_t op : flagged) {
        f.timeAtStakeNs += ops[op].totalNs;
        weighted += ops[op].value * static_cast<double>(ops[op].totalNs);
    }
    f.measured = flagged.empty()         ? worst
                 : f.timeAtStakeNs > 0 ? weighted / static_cast<double>(f.timeAtStakeNs)
                                       : ops[flagged.front()].value;
    double share = shareBaseNs > 0 ? static_cast<double>(f.timeAtStakeNs) / static_cast<double>(shareBaseNs) : 0;
    const double minShare = rule.number("min_time_share", 0.0);
    bool fired = !flagged.empty() && share >= minShare;
    f.status = fired ? FindingStatus::Fired : FindingStatus::Passed;
    // Operators beyond the threshold but too little time to matter: the guard that held the rule back.
    if (!flagged.empty() && !fired)
        f.guard = "min_time_share: the " + std::to_string(flagged.size()) + " operator(s) beyond the threshold hold " +
                  percentText(share) + " of the compute time, below " + percentText(minShare);
    const std::size_t limit = rule.evidenceLimit();
    for (std::size_t i = 0; i < flagged.size() && i < limit; ++i) {
        const OperatorValue& o = ops[flagged[i]];
        f.operators.push_back({o.name, o.value, o.totalNs, o.count, o.sampleSliceIds});
    }
    f.detail = std::to_string(flagged.size()) + " of " + std::to_string(withValue) + " operators with data " +
               (fireAbove ? "above" : "below") + " the threshold (" + percentText(share) + " of the time)";
    if (!flagged.empty()) f.detail += "; measured is their time-weighted mean";
    return f;
}

Finding evaluateOperatorRule(const DiagnosisContext& ctx, const RuleConfig& rule, bool fireAbove,
                             const std::string& unit, const std::function<double(std::size_t op)>& value) {
    std::vector<OperatorValue> ops(ctx.ops.size());
    for (std::size_t op = 0; op < ctx.ops.size(); ++op) {
        ops[op].name = ctx.ops.names[op];
        ops[op].totalNs = ctx.ops.totalNs[op];
        ops[op].count = ctx.ops.count[op];
        ops[op].sampleSliceIds = ctx.ops.sampleSliceIds[op];
        ops[op].value = ctx.ops.count[op] ? value(op) : std::numeric_limits<double>::quiet_NaN();
    }
    return evaluateOperatorValues(ops, rule, fireAbove, unit, ctx.computeBusyNs);
}

} // namespace opscope
