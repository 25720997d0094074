#include "core/analysis/roofline/roofline.h"

#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/roofline/tensor_bytes.h"
#include "core/store/args_reader.h"
#include "core/store/text_metric_reader.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <unordered_map>

namespace opscope {

void setRooflineProfile(const DeviceProfile& profile, RooflineData* out) {
    out->hasProfile = true;
    out->profile = profile;
    out->peakTflops = profile.defaultPeakTflops();
    out->bandwidthGBps = profile.memoryBandwidthGBps;
    out->ridgeIntensity = profile.ridgeIntensity();
    out->profileMissing = profile.missingForRoofline();
}

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

bool hasBytesMetrics(const DiagnosisContext& ctx, const RuleConfig& rule) {
    return ctx.ops.hasAny(normalizedList(rule, "bytes_metrics")) || ctx.ops.hasAny(normalizedList(rule, "kilobytes_metrics"));
}

void addFromMetrics(const DiagnosisContext& ctx, const RuleConfig& rule, std::map<std::string, Totals>* out) {
    std::vector<std::string> flops = normalizedList(rule, "flops_metrics");
    std::vector<std::string> bytes = normalizedList(rule, "bytes_metrics");
    std::vector<std::string> kilobytes = normalizedList(rule, "kilobytes_metrics");
    if (!ctx.ops.hasAny(flops) || !hasBytesMetrics(ctx, rule)) return;
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

// FLOPs from the PMU (ArithmeticUtilization's fops) with bytes from the tensor shapes, per task: one run
// collects one aic_metrics group, so FLOPs and memory counters never come together.
bool addFromShapes(DiagnosisContext& ctx, const RuleConfig& rule, std::map<std::string, Totals>* out, Error* error) {
    std::vector<std::string> flopsNames = normalizedList(rule, "flops_metrics");
    if (!ctx.ops.hasAny(flopsNames) || hasBytesMetrics(ctx, rule)) return true;
    std::unordered_map<std::int64_t, std::string> inShapes, inTypes, outShapes, outTypes;
    if (!readTextMetric(ctx.db, "Input Shapes", &inShapes, error) || !readTextMetric(ctx.db, "Input Data Types", &inTypes, error) ||
        !readTextMetric(ctx.db, "Output Shapes", &outShapes, error) ||
        !readTextMetric(ctx.db, "Output Data Types", &outTypes, error))
        return false;
    if (inShapes.empty() && outShapes.empty()) return true;
    std::vector<std::vector<double>> flopsColumns;
    for (const std::string& name : flopsNames)
        if (const MetricKeyInfo* key = ctx.metrics.find(name)) {
            flopsColumns.emplace_back();
            if (!loadMetricColumn(ctx.db, ctx.snapshot.slices, key->id, &flopsColumns.back(), error)) return false;
        }
    auto text = [](const std::unordered_map<std::int64_t, std::string>& m, std::int64_t id) -> std::string_view {
        auto it = m.find(id);
        return it == m.end() ? std::string_view() : std::string_view(it->second);
    };
    forEachComputeSlice(ctx, [&](std::uint32_t i, const SliceRecord& s) {
        double flops = 0;
        for (const std::vector<double>& column : flopsColumns)
            if (!std::isnan(column[i])) flops += column[i];
        if (flops <= 0) return;
        std::optional<double> in = tensorBytes(text(inShapes, s.id), text(inTypes, s.id));
        std::optional<double> outBytes = tensorBytes(text(outShapes, s.id), text(outTypes, s.id));
        if (!in || !outBytes || *in + *outBytes <= 0) return;
        Totals& total = (*out)[std::string(ctx.snapshot.strings.at(s.nameId))];
        total.flops += flops;
        total.bytes += *in + *outBytes;
        total.totalNs += s.durNs;
        ++total.count;
    });
    return true;
}

// What Ascend PMU data lacks for a roofline, as the profiler settings that collect it.
std::vector<RooflineNeed> ascendNeeds(const DiagnosisContext& ctx, const RuleConfig& rule, bool hasShapes) {
    bool ascendPmu = false;
    for (const MetricKeyInfo& key : ctx.metrics.keys())
        if (key.name.rfind("aic_", 0) == 0 || key.name.rfind("aiv_", 0) == 0) ascendPmu = true;
    if (!ascendPmu) return {};
    std::vector<RooflineNeed> needs;
    if (!ctx.ops.hasAny(normalizedList(rule, "flops_metrics")))
        needs.push_back({"flops", "aic_metrics=ArithmeticUtilization"});
    if (!hasBytesMetrics(ctx, rule) && !hasShapes)
        needs.push_back({"bytes", "record_shapes=True (tensor sizes), or aic_metrics=MemoryAccess"});
    return needs;
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
    if (!totals.empty()) out->bytesSource = "metrics";
    if (totals.empty()) {
        if (!addFromShapes(ctx, rule, &totals, error)) return false;
        if (!totals.empty()) out->bytesSource = "tensor shapes";
    }
    const std::size_t beforeArgs = totals.size();
    if (!addFromArgs(ctx, rule, &totals, error)) return false;
    if (out->bytesSource.empty() && totals.size() > beforeArgs) out->bytesSource = "args";
    out->needs = ascendNeeds(ctx, rule, ctx.metrics.find("Input Shapes") != nullptr);
    DensityLimits limits{rule.threshold(), rule.number("compute_bound_above", 50.0)};
    out->memoryBoundBelow = limits.memoryBoundBelow;
    out->computeBoundAbove = limits.computeBoundAbove;
    if (ctx.device) setRooflineProfile(*ctx.device, out);
    for (const auto& [name, t] : totals) {
        RooflinePoint p;
        p.name = name;
        p.flops = t.flops;
        p.bytes = t.bytes;
        p.totalNs = t.totalNs;
        p.count = t.count;
        p.intensity = t.flops / t.bytes;
        p.achievedTflops = t.totalNs > 0 ? t.flops / static_cast<double>(t.totalNs) / 1e3 : 0; // flop/ns = 1e-3 TFLOPS
        if (out->hasProfile && out->profileMissing.empty())
            p.attainableTflops = std::min(out->peakTflops, p.intensity * out->bandwidthGBps / 1e3);
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
    Finding f = evaluateOperatorValues(ops, rule, false, "ops/byte", base);
    // Ascend PMU data without FLOPs or bytes: name the setting to collect, since the rule's needs text
    // cannot know which group this run used.
    if (f.status == FindingStatus::MissingInput)
        for (const RooflineNeed& need : data.needs)
            f.detail += (f.detail.empty() ? "" : "; ") + need.what + ": collect " + need.collect;
    return f;
}

} // namespace opscope
