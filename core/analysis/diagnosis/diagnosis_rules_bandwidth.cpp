// Memory bandwidth utilisation against the device profile's peak: from bandwidth counter tracks
// (summed per device as step functions) or, without them, from per-operator bandwidth metrics.
#include "core/analysis/snapshot/counter_access.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace opscope {

namespace {

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

bool containsAny(const std::string& text, const std::vector<std::string>& patterns) {
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const std::string& p) { return text.find(lower(p)) != std::string::npos; });
}

struct Sample {
    TimeNs tsNs;
    std::size_t track;
    double gbps;
};

struct Utilisation {
    double weightedSum = 0;
    TimeNs lengthNs = 0;
    TimeNs aboveNs = 0;
    std::vector<EvidenceRange> above;
};

// Sum of several step functions, swept in time order; each piece is compared with the threshold.
void sweepDevice(std::vector<Sample>& samples, std::size_t trackCount, double peakGBps, double threshold,
                 const std::optional<TimeRange>& range, const std::string& label, Utilisation* u) {
    std::sort(samples.begin(), samples.end(), [](const Sample& a, const Sample& b) { return a.tsNs < b.tsNs; });
    std::vector<double> current(trackCount, 0.0);
    double total = 0;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        total += samples[i].gbps - current[samples[i].track];
        current[samples[i].track] = samples[i].gbps;
        if (i + 1 == samples.size()) break;
        TimeNs a = samples[i].tsNs, b = samples[i + 1].tsNs;
        if (range) {
            a = std::max(a, range->startNs);
            b = std::min(b, range->endNs);
        }
        if (b <= a) continue;
        double util = total / peakGBps;
        u->weightedSum += util * static_cast<double>(b - a);
        u->lengthNs += b - a;
        if (util <= threshold) continue;
        u->aboveNs += b - a;
        if (!u->above.empty() && u->above.back().endNs == a) u->above.back().endNs = b;
        else u->above.push_back({a, b, 0, label + ": bandwidth above threshold"});
    }
}

Finding fromCounters(DiagnosisContext& ctx, const RuleConfig& rule, double peakGBps, bool* found) {
    Finding f;
    f.unit = "share";
    f.threshold = rule.threshold();
    f.comparison = ">";
    std::vector<std::string> patterns = rule.strings("counter_patterns"), excludes = rule.strings("counter_excludes");
    std::map<std::int64_t, std::vector<Sample>> perDevice;
    std::map<std::int64_t, std::size_t> tracksPerDevice;
    for (const TrackRecord& t : ctx.snapshot.catalog.tracks()) {
        if (t.kind != "counter" || t.counterCount == 0) continue;
        std::string name = lower(t.processName + "/" + t.name);
        double factor = bandwidthToGBps(t.unit + " " + t.name);
        if (factor <= 0 || !containsAny(name, patterns) || containsAny(lower(t.name), excludes)) continue;
        CounterSeries series;
        Error ignored;
        if (!loadCounterSeries(ctx.db, t.id, &series, &ignored)) continue;
        std::size_t index = tracksPerDevice[t.deviceKey()]++;
        for (std::size_t i = 0; i < series.tsNs.size(); ++i)
            perDevice[t.deviceKey()].push_back({series.tsNs[i], index, series.values[i] * factor});
    }
    *found = !perDevice.empty();
    double worst = -1;
    for (auto& [device, samples] : perDevice) {
        Utilisation u;
        std::string label = ctx.snapshot.catalog.deviceLabel(device);
        sweepDevice(samples, tracksPerDevice[device], peakGBps, f.threshold, ctx.options.range, label, &u);
        double mean = u.lengthNs > 0 ? u.weightedSum / static_cast<double>(u.lengthNs) : 0;
        f.timeAtStakeNs += u.aboveNs;
        f.ranges.insert(f.ranges.end(), u.above.begin(), u.above.end());
        if (mean > worst) {
            worst = mean;
            f.detail = label + ": mean memory bandwidth " + std::to_string(static_cast<long long>(mean * peakGBps)) +
                       " GB/s of a nominal " + std::to_string(static_cast<long long>(peakGBps)) + " GB/s";
        }
    }
    f.measured = std::max(0.0, worst);
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    std::sort(f.ranges.begin(), f.ranges.end(), [](const EvidenceRange& a, const EvidenceRange& b) {
        return a.endNs - a.startNs > b.endNs - b.startNs;
    });
    const std::size_t limit = rule.evidenceLimit();
    if (f.ranges.size() > limit) f.ranges.resize(limit);
    return f;
}

} // namespace

Finding ruleMemoryBandwidth(DiagnosisContext& ctx, const RuleConfig& rule) {
    Finding missing;
    missing.status = FindingStatus::MissingInput;
    missing.unit = "share";
    missing.threshold = rule.threshold();
    missing.comparison = ">";
    if (!ctx.device || ctx.device->memoryBandwidthGBps <= 0) {
        missing.detail = "no device profile with a peak bandwidth (use --device)";
        return missing;
    }
    double peak = ctx.device->memoryBandwidthGBps;
    bool found = false;
    Finding f = fromCounters(ctx, rule, peak, &found);
    if (found) return f;
    std::vector<std::string> reads = normalizedList(rule, "operator_read_metrics");
    std::vector<std::string> writes = normalizedList(rule, "operator_write_metrics");
    f = evaluateOperatorRule(ctx, rule, true, "share", [&](std::size_t op) {
        double r = ctx.ops.maxMean(op, reads), w = ctx.ops.maxMean(op, writes);
        if (std::isnan(r) && std::isnan(w)) return r;
        return ((std::isnan(r) ? 0.0 : r) + (std::isnan(w) ? 0.0 : w)) / peak;
    });
    return f;
}

} // namespace opscope
