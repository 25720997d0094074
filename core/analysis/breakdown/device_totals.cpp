#include "core/analysis/breakdown/device_totals.h"

#include "core/analysis/breakdown/interval_set.h"
#include "core/analysis/breakdown/device_busy.h"
#include "core/analysis/breakdown/kernel_names.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

namespace opscope {

namespace {

std::vector<Interval>& classIntervals(ClassUnions& u, DeviceClass c) { return u.byClass[static_cast<int>(c)]; }

} // namespace

ClassUnions classUnions(const std::vector<const BreakdownSlice*>& slices) {
    ClassUnions u;
    const bool byStart = std::is_sorted(slices.begin(), slices.end(),
                                        [](const BreakdownSlice* a, const BreakdownSlice* b) { return a->tsNs < b->tsNs; });
    if (byStart) { // as the reader gives them: each union grows as the slices come
        UnionLength all;
        for (const BreakdownSlice* s : slices) {
            appendToUnion(classIntervals(u, s->deviceClass), {s->tsNs, s->endNs});
            all.add({s->tsNs, s->endNs});
        }
        u.allFits = all.total(&u.allNs);
        return u;
    }
    std::vector<Interval> all;
    for (const BreakdownSlice* s : slices) {
        classIntervals(u, s->deviceClass).push_back({s->tsNs, s->endNs});
        all.push_back({s->tsNs, s->endNs});
    }
    for (auto& list : u.byClass) mergeIntervals(list);
    mergeIntervals(all);
    u.allFits = checkedLengthNs(all, &u.allNs);
    return u;
}

bool fillDeviceTotals(const std::vector<const BreakdownSlice*>& slices, const std::vector<std::string>& names,
                      const BreakdownOptions& options, DeviceBreakdown* out) {
    if (slices.empty()) return true;
    ClassUnions u = classUnions(slices);
    const auto& compute = classIntervals(u, DeviceClass::Compute);
    const auto& communication = classIntervals(u, DeviceClass::Communication);
    const auto& memory = classIntervals(u, DeviceClass::Memory);
    std::vector<Interval> busy = deviceBusyUnion(u.byClass);
    std::vector<Interval> waitOnly = subtractIntervals(classIntervals(u, DeviceClass::Wait), busy);
    std::vector<Interval> otherOnly =
        subtractIntervals(classIntervals(u, DeviceClass::Other), uniteIntervals(busy, classIntervals(u, DeviceClass::Wait)));
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    for (const BreakdownSlice* s : slices) {
        first = std::min(first, s->tsNs);
        last = std::max(last, s->endNs);
        ++out->sliceCounts[static_cast<int>(s->deviceClass)];
    }
    out->firstStartNs = first;
    out->lastEndNs = last;
    const TimeNs allNs = u.allNs;
    if (__builtin_sub_overflow(last, first, &out->spanNs) || !checkedLengthNs(compute, &out->computeNs) ||
        !checkedLengthNs(communication, &out->communicationNs) ||
        !checkedLengthNs(intersectIntervals(compute, communication), &out->overlapNs) ||
        !checkedLengthNs(memory, &out->memoryNs) || !checkedLengthNs(waitOnly, &out->waitNs) ||
        !checkedLengthNs(busy, &out->busyNs) || !checkedLengthNs(otherOnly, &out->otherNs) || !u.allFits)
        return false;
    out->communicationNotOverlappedNs = out->communicationNs - out->overlapNs;
    out->idleNs = out->spanNs - allNs;
    out->commComputeOverlapPct =
        out->communicationNs > 0 ? 100.0 * static_cast<double>(out->overlapNs) / static_cast<double>(out->communicationNs) : 0.0;

    // Kernel-type breakdown: per class the union, per name the summed durations.
    std::array<std::unordered_map<std::uint32_t, KernelNameTime>, kDeviceClassCount> byName;
    for (const BreakdownSlice* s : slices) {
        KernelNameTime& k = byName[static_cast<int>(s->deviceClass)][s->nameIndex];
        if (k.count == 0) k.name = names[s->nameIndex];
        if (!addChecked(&k.timeNs, s->endNs - s->tsNs)) return false;
        ++k.count;
    }
    for (int c = 0; c < kDeviceClassCount; ++c) {
        if (byName[c].empty()) continue;
        KernelTypeTime type;
        type.deviceClass = static_cast<DeviceClass>(c);
        if (!checkedLengthNs(u.byClass[c], &type.timeNs)) return false;
        std::vector<KernelNameTime> list;
        list.reserve(byName[c].size());
        for (auto& [index, k] : byName[c]) list.push_back(std::move(k));
        type.names = aggregateKernelNames(std::move(list), options.topNames, options.durationRatio);
        out->kernelTypes.push_back(std::move(type));
    }
    return true;
}

} // namespace opscope
