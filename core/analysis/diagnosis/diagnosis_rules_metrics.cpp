// Rules over per-operator PMU metrics: memory-bound operators (memory pipes vs compute pipes),
// a saturated scalar (control/scheduling) unit, and a low L2 hit rate (metrics or counter tracks).
#include "core/analysis/snapshot/counter_access.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace opscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Hit rates come as fractions or percentages: 87.5 and 0.875 mean the same.
double asFraction(double rate) { return rate > 1.0 ? rate / 100.0 : rate; }

} // namespace

Finding ruleMemoryBoundOperators(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<std::string> direct = normalizedList(rule, "direct_metrics");
    struct Pair {
        std::vector<std::string> memory, compute;
    };
    std::vector<Pair> pairs;
    auto it = rule.params.find("pairs");
    if (it != rule.params.end() && it->is_array())
        for (const auto& p : *it) {
            Pair pair;
            for (const auto& s : p.value("memory", nlohmann::json::array())) pair.memory.push_back(normalizeMetricName(s.get<std::string>()));
            for (const auto& s : p.value("compute", nlohmann::json::array())) pair.compute.push_back(normalizeMetricName(s.get<std::string>()));
            pairs.push_back(std::move(pair));
        }
    double threshold = rule.threshold();
    double minMemory = rule.number("min_memory_ratio", 0.0);
    std::int64_t heldBack = 0;
    Finding f = evaluateOperatorRule(ctx, rule, true, "ratio", [&](std::size_t op) {
        double d = ctx.ops.maxMean(op, direct);
        if (!std::isnan(d)) return d;
        double best = kNaN;
        for (const Pair& p : pairs) {
            double mem = ctx.ops.maxMean(op, p.memory), comp = ctx.ops.maxMean(op, p.compute);
            if (std::isnan(mem) || std::isnan(comp)) continue;
            // A compute ratio near 0 would make any traffic look dominant: floor it at 1%.
            double ratio = mem / std::max(comp, 0.01);
            // Memory pipes idle most of the time: not memory-bound, whatever the ratio says.
            if (mem < minMemory && ratio > threshold) {
                ratio = threshold;
                ++heldBack;
            }
            if (std::isnan(best) || ratio > best) best = ratio;
        }
        return best;
    });
    if (heldBack > 0)
        f.guard = "min_memory_ratio: " + std::to_string(heldBack) + " operator ratio(s) above the threshold were held at it "
                  "because their memory pipes were busy less than " + std::to_string(minMemory);
    return f;
}

Finding ruleSchedulingBound(DiagnosisContext& ctx, const RuleConfig& rule) {
    std::vector<std::string> metrics = normalizedList(rule, "metrics");
    return evaluateOperatorRule(ctx, rule, true, "ratio", [&](std::size_t op) { return ctx.ops.maxMean(op, metrics); });
}

namespace {

struct HitRateColumns {
    std::vector<std::string> rates, hits, misses;
};

HitRateColumns hitRateColumns(const DiagnosisContext& ctx, const RuleConfig& rule) {
    HitRateColumns c;
    std::vector<std::string> listed = normalizedList(rule, "rate_metrics");
    std::string hitSuffix = rule.params.value("hit_metrics_suffix", std::string("cache_hit"));
    std::string missPart = rule.params.value("miss_metrics_contain", std::string("cache_miss"));
    for (const auto& [name, column] : ctx.ops.columnOf) {
        bool listedRate = std::find(listed.begin(), listed.end(), name) != listed.end();
        if (listedRate || (name.size() >= 8 && name.compare(name.size() - 8, 8, "hit_rate") == 0)) c.rates.push_back(name);
        else if (name.size() >= hitSuffix.size() && name.compare(name.size() - hitSuffix.size(), hitSuffix.size(), hitSuffix) == 0)
            c.hits.push_back(name);
        // Instruction-cache miss *rates* (aic_icache_miss_rate) are not L2 miss counts.
        else if (name.find(missPart) != std::string::npos && name.find("icache") == std::string::npos &&
                 name.find("rate") == std::string::npos)
            c.misses.push_back(name);
    }
    if (c.hits.empty() || c.misses.empty()) c.hits.clear(), c.misses.clear();
    return c;
}

// "LLC 0 Read/Hit Rate" has a sibling "LLC 0 Read/Throughput": an idle cache slice's rate must not
// weigh as much as a busy one's. Weight 1 when there is no sibling.
double throughputWeight(DiagnosisContext& ctx, const TrackRecord& hitRate, const std::optional<TimeRange>& window) {
    std::size_t slash = hitRate.name.rfind('/');
    if (slash == std::string::npos) return 1.0;
    std::string sibling = hitRate.name.substr(0, slash + 1) + "Throughput";
    for (const TrackRecord& t : ctx.snapshot.catalog.tracks()) {
        if (t.kind != "counter" || t.processId != hitRate.processId || t.name != sibling) continue;
        CounterSeries series;
        Error ignored;
        if (!loadCounterSeries(ctx.db, t.id, &series, &ignored)) return 1.0;
        double mean = timeWeightedMean(series, window);
        return std::isnan(mean) ? 1.0 : std::max(0.0, mean);
    }
    return 1.0;
}

Finding hitRateFromCounters(DiagnosisContext& ctx, const RuleConfig& rule) {
    Finding f;
    f.unit = "hit rate";
    f.threshold = rule.threshold();
    f.comparison = "<";
    std::vector<std::string> patterns = rule.strings("counter_patterns");
    // Counters run for the whole trace: only the devices' active time is at stake.
    std::optional<TimeRange> window = ctx.options.range;
    for (const BubbleSummary& d : ctx.bubbles.devices) {
        if (d.spanEndNs <= d.spanStartNs) continue;
        TimeRange span{d.spanStartNs, d.spanEndNs};
        if (!ctx.options.range) window = window ? TimeRange{std::min(window->startNs, span.startNs), std::max(window->endNs, span.endNs)} : span;
    }
    double sum = 0, weights = 0;
    int tracks = 0;
    for (const TrackRecord& t : ctx.snapshot.catalog.tracks()) {
        if (t.kind != "counter" || t.counterCount == 0) continue;
        std::string name = normalizeMetricName(t.name);
        std::string raw = t.name;
        std::transform(raw.begin(), raw.end(), raw.begin(), [](unsigned char ch) { return std::tolower(ch); });
        bool match = std::any_of(patterns.begin(), patterns.end(), [&](const std::string& p) {
            return raw.find(p) != std::string::npos || name.find(p) != std::string::npos;
        });
        if (!match) continue;
        CounterSeries series;
        Error ignored;
        if (!loadCounterSeries(ctx.db, t.id, &series, &ignored)) continue;
        // A hit-rate counter that never leaves 0 saw no traffic (an idle LLC slice): it says nothing.
        if (std::all_of(series.values.begin(), series.values.end(), [](double v) { return v == 0.0; })) continue;
        double mean = timeWeightedMean(series, window);
        if (std::isnan(mean)) continue;
        bool percent = std::any_of(series.values.begin(), series.values.end(), [](double v) { return v > 1.0; });
        double fraction = percent ? mean / 100.0 : mean;
        double weight = throughputWeight(ctx, t, window);
        sum += fraction * weight;
        weights += weight;
        ++tracks;
        TimeNs below = timeBelow(series, percent ? f.threshold * 100.0 : f.threshold, window);
        f.timeAtStakeNs = std::max(f.timeAtStakeNs, below);
        if (!series.tsNs.empty())
            f.ranges.push_back({series.tsNs.front(), series.tsNs.back(), t.id, ctx.snapshot.catalog.label(t.id) +
                                                                                ": mean " + percentText(fraction)});
    }
    if (tracks == 0) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    f.measured = weights > 0 ? sum / weights : 0;
    f.status = f.measured < f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    f.detail = "time-weighted mean of " + std::to_string(tracks) +
               " hit-rate counter track(s), each weighted by its throughput track when there is one";
    return f;
}

} // namespace

Finding ruleLowL2HitRate(DiagnosisContext& ctx, const RuleConfig& rule) {
    HitRateColumns columns = hitRateColumns(ctx, rule);
    Finding f = evaluateOperatorRule(ctx, rule, false, "hit rate", [&](std::size_t op) {
        for (const std::string& r : columns.rates) {
            double v = ctx.ops.mean(op, r);
            if (!std::isnan(v)) return asFraction(v);
        }
        double hit = 0, miss = 0;
        for (const std::string& h : columns.hits) hit += ctx.ops.sum(op, h);
        for (const std::string& m : columns.misses) miss += ctx.ops.sum(op, m);
        return hit + miss > 0 ? hit / (hit + miss) : kNaN;
    });
    if (f.status != FindingStatus::MissingInput) return f;
    return hitRateFromCounters(ctx, rule);
}

} // namespace opscope
