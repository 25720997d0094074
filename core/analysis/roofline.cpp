#include "core/analysis/roofline.h"

#include "core/analysis/diagnosis_rules.h"
#include "core/store/args_reader.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace opscope {

DensityClass classifyDensity(double intensity, const DensityLimits& limits) {
    if (intensity < limits.memoryBoundBelow) return DensityClass::MemoryBound;
    if (intensity > limits.computeBoundAbove) return DensityClass::ComputeBound;
    return DensityClass::Balanced;
}

namespace {

struct Totals {
    double flops = 0, bytes = 0;
    TimeNs totalNs = 0;
    std::int64_t count = 0;
};

void addFromMetrics(const DiagnosisContext& ctx, const RuleConfig& rule, std::map<std::string, Totals>* out) {
    std::vector<std::string> flops = normalizedList(rule, "flops_metrics");
    std::vector<std::string> bytes = normalizedList(rule, "bytes_metrics");
    std::vector<std::string> kilobytes = normalizedList(rule, "kilobytes_metrics");
    if (!ctx.ops.hasAny(flops) || (!ctx.ops.hasAny(bytes) && !ctx.ops.hasAny(kilobytes))) return;
    for (std::size_t op = 0; op < ctx.ops.size(); ++op) {
        Totals t;
        for (const std::string& m : flops) t.flops += ctx.ops.sum(op, m);
        for (const std::string& m : bytes) t.bytes += ctx.ops.sum(op, m);
        for (const std::string& m : kilobytes) t.bytes += 1024.0 * ctx.ops.sum(op, m);
        if (t.flops <= 0 || t.bytes <= 0) continue;
        t.totalNs = ctx.ops.totalNs[op];
        t.count = ctx.ops.count[op];
        (*out)[ctx.ops.names[op]] = t;
    }
}

std::string firstOf(const std::vector<std::string>& names, const char* fallback) {
    return names.empty() ? std::string(fallback) : names.front();
}

bool addFromArgs(DiagnosisContext& ctx, const RuleConfig& rule, std::map<std::string, Totals>* out, Error* error) {
    std::vector<std::string> flopsArgs = rule.strings("flops_args"), bytesArgs = rule.strings("bytes_args");
    if (flopsArgs.empty() || bytesArgs.empty()) return true;
    std::string needle = firstOf(flopsArgs, "flops");
    std::transform(needle.begin(), needle.end(), needle.begin(), [](unsigned char c) { return std::tolower(c); });
    return readSliceArgsPairs(
        ctx.db, flopsArgs, bytesArgs, needle,
        [&](const ArgsPairRow& row) {
            if (ctx.options.range && !ctx.options.range->contains(row.tsNs)) return;
            if (row.first <= 0 || row.second <= 0) return;
            Totals& t = (*out)[std::string(ctx.snapshot.strings.at(row.nameId))];
            t.flops += row.first;
            t.bytes += row.second;
            t.totalNs += row.durNs;
            ++t.count;
        },
        error);
}

} // namespace

bool collectRoofline(DiagnosisContext& ctx, const RuleConfig& rule, RooflineData* out, Error* error) {
    std::map<std::string, Totals> totals;
    addFromMetrics(ctx, rule, &totals);
    if (!addFromArgs(ctx, rule, &totals, error)) return false;
    DensityLimits limits{rule.threshold(), rule.number("compute_bound_above", 50.0)};
    out->memoryBoundBelow = limits.memoryBoundBelow;
    out->computeBoundAbove = limits.computeBoundAbove;
    if (ctx.device) {
        out->hasProfile = true;
        out->profile = *ctx.device;
        out->peakTflops = ctx.device->defaultPeakTflops();
        out->bandwidthGBps = ctx.device->memoryBandwidthGBps;
        out->ridgeIntensity = ctx.device->ridgeIntensity();
    }
    for (const auto& [name, t] : totals) {
        RooflinePoint p;
        p.name = name;
        p.flops = t.flops;
        p.bytes = t.bytes;
        p.totalNs = t.totalNs;
        p.count = t.count;
        p.intensity = t.flops / t.bytes;
        p.achievedTflops = t.totalNs > 0 ? t.flops / static_cast<double>(t.totalNs) / 1e3 : 0; // flop/ns = 1e-3 TFLOPS
        if (out->hasProfile) p.attainableTflops = std::min(out->peakTflops, p.intensity * out->bandwidthGBps / 1e3);
        p.densityClass = classifyDensity(p.intensity, limits);
        out->points.push_back(std::move(p));
    }
    std::sort(out->points.begin(), out->points.end(), [](const RooflinePoint& a, const RooflinePoint& b) {
        return a.totalNs != b.totalNs ? a.totalNs > b.totalNs : a.name < b.name;
    });
    return true;
}

Finding ruleComputeDensity(DiagnosisContext& ctx, const RuleConfig& rule) {
    RooflineData& data = ctx.roofline;
    data = RooflineData{};
    Error error;
    if (!collectRoofline(ctx, rule, &data, &error)) {
        Finding f;
        f.status = FindingStatus::MissingInput;
        f.detail = describe(error);
        return f;
    }
    std::vector<OperatorValue> ops;
    TimeNs base = 0;
    for (const RooflinePoint& p : data.points) {
        ops.push_back({p.name, p.totalNs, p.count, {}, p.intensity});
        base += p.totalNs;
    }
    return evaluateOperatorValues(ops, rule, false, "ops/byte", base);
}

} // namespace opscope
