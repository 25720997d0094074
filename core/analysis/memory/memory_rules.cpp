#include "core/analysis/memory/memory_rules.h"

#include <algorithm>
#include <cstdio>

namespace opscope {

namespace {

std::string mibText(std::int64_t bytes) {
    char text[64];
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
    return text;
}

std::string shareText(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", share * 100.0);
    return text;
}

// The largest blocks alive at the device's allocated peak: the operators holding the memory.
void addPeakEvidence(const DeviceMemorySummary& s, const RuleConfig& rule, Finding* f) {
    const MemoryPeak& p = s.peaks.device;
    f->ranges.push_back({p.peakAllocatedTsNs, p.peakAllocatedTsNs + 1, 0, s.device.name + " allocated peak"});
    std::vector<const MemoryBlock*> alive = s.alive;
    std::sort(alive.begin(), alive.end(), [](const MemoryBlock* a, const MemoryBlock* b) { return a->sizeBytes > b->sizeBytes; });
    for (const MemoryBlock* b : alive) {
        if (f->operators.size() >= rule.evidenceLimit()) break;
        EvidenceOperator e;
        e.name = b->operatorName;
        e.value = static_cast<double>(b->sizeBytes);
        e.count = 1;
        if (b->sliceId) e.sliceIds.push_back(b->sliceId);
        f->operators.push_back(std::move(e));
    }
}

// A finding whose measure is a share, firing above the rule's threshold.
Finding shareAboveThreshold(const RuleConfig& rule) {
    Finding f;
    f.unit = "share";
    f.threshold = rule.threshold();
    f.comparison = ">";
    return f;
}

const MemorySeries* peakSeries(const MemoryData& data, const DeviceMemorySummary& s) {
    for (const MemorySeries& series : data.series)
        if (series.deviceId == s.device.id && series.component == s.peaks.device.component) return &series;
    return nullptr;
}

} // namespace

std::int64_t allocatedAt(const MemorySeries& series, TimeNs t) {
    auto after = std::upper_bound(series.samples.begin(), series.samples.end(), t,
                                  [](TimeNs v, const MemorySample& s) { return v < s.tsNs; });
    while (after != series.samples.begin()) {
        --after;
        if (after->allocatedBytes != kNoBytes) return after->allocatedBytes;
    }
    return kNoBytes;
}

Finding evaluateReservedCapacity(const MemoryData&, const std::vector<DeviceMemorySummary>& devices,
                                 std::int64_t capacityBytes, const RuleConfig& rule) {
    Finding f = shareAboveThreshold(rule);
    const DeviceMemorySummary* worst = nullptr;
    for (const DeviceMemorySummary& s : devices)
        if (s.peaks.device.peakReservedBytes != kNoBytes &&
            (!worst || s.peaks.device.peakReservedBytes > worst->peaks.device.peakReservedBytes))
            worst = &s;
    if (!worst || capacityBytes <= 0) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    const MemoryPeak& p = worst->peaks.device;
    f.measured = static_cast<double>(p.peakReservedBytes) / static_cast<double>(capacityBytes);
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    f.ranges.push_back({p.peakReservedTsNs, p.peakReservedTsNs + 1, 0, worst->device.name + " reserved peak"});
    addPeakEvidence(*worst, rule, &f);
    f.detail = worst->device.name + " reserved " + mibText(p.peakReservedBytes) + " (" + p.peakReservedComponent +
               ") of " + mibText(capacityBytes) + ", " + shareText(f.measured);
    return f;
}

Finding evaluateFragmentation(const std::vector<DeviceMemorySummary>& devices, const RuleConfig& rule) {
    Finding f = shareAboveThreshold(rule);
    const DeviceMemorySummary* worst = nullptr;
    for (const DeviceMemorySummary& s : devices)
        if (s.fragmentationAtPeak && s.fragmentationAtPeak->reservedBytes > 0 &&
            (!worst || s.fragmentationAtPeak->share() > worst->fragmentationAtPeak->share()))
            worst = &s;
    if (!worst) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    const FragmentationPoint& point = *worst->fragmentationAtPeak;
    f.measured = point.share();
    f.status = f.measured > f.threshold ? FindingStatus::Fired : FindingStatus::Passed;
    addPeakEvidence(*worst, rule, &f);
    f.detail = worst->device.name + " at its allocated peak (" + worst->peaks.device.component + "): " +
               mibText(point.freeReservedBytes) + " of " + mibText(point.reservedBytes) + " reserved is not allocated, " +
               shareText(f.measured);
    return f;
}

Finding evaluateMemoryGrowth(const MemoryData& data, const std::vector<DeviceMemorySummary>& devices,
                             const std::vector<TimeNs>& stepStartsNs, const RuleConfig& rule) {
    Finding f;
    f.unit = "steps";
    f.threshold = rule.threshold();
    f.comparison = ">=";
    bool anyInput = false;
    int bestRun = 0;
    TimeNs bestFrom = 0, bestTo = 0;
    std::string bestDevice, bestDetail;
    for (const DeviceMemorySummary& s : devices) {
        const MemorySeries* series = peakSeries(data, s);
        if (!series || s.peaks.device.fromBlocks) continue;
        std::vector<std::pair<TimeNs, std::int64_t>> starts; // (step start, allocated then)
        for (TimeNs t : stepStartsNs)
            if (std::int64_t a = allocatedAt(*series, t); a != kNoBytes) starts.emplace_back(t, a);
        if (starts.size() < 2) continue;
        anyInput = true;
        int run = 0;
        for (std::size_t i = 1; i < starts.size(); ++i) {
            run = starts[i].second > starts[i - 1].second ? run + 1 : 0;
            if (run > bestRun) {
                bestRun = run;
                bestFrom = starts[i - static_cast<std::size_t>(run)].first;
                bestTo = starts[i].first;
                bestDevice = s.device.name;
                bestDetail = mibText(starts[i - static_cast<std::size_t>(run)].second) + " to " + mibText(starts[i].second);
            }
        }
    }
    if (!anyInput) {
        f.status = FindingStatus::MissingInput;
        return f;
    }
    f.measured = bestRun;
    f.status = f.measured >= f.threshold && bestRun > 0 ? FindingStatus::Fired : FindingStatus::Passed;
    if (bestRun > 0) {
        f.ranges.push_back({bestFrom, bestTo, 0, bestDevice + " growing step starts"});
        f.detail = bestDevice + ": allocated memory at step start grew " + std::to_string(bestRun) +
                   " steps in a row, from " + bestDetail;
    } else {
        f.detail = "allocated memory at step start never grew from one step to the next";
    }
    return f;
}

} // namespace opscope
