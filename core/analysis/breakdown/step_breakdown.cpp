#include "core/analysis/breakdown/step_breakdown.h"

#include "core/analysis/breakdown/interval_set.h"

#include <algorithm>
#include <limits>

namespace opscope {

namespace {

// Ranges are sorted by start; neighbours may overlap a little (a step's range ends at its last task),
// in which case the earlier step keeps the slice, as torch_npu's first-match loop does.
int stepContaining(const std::vector<TimeRange>& ranges, TimeNs t) {
    auto after = std::upper_bound(ranges.begin(), ranges.end(), t,
                                  [](TimeNs value, const TimeRange& r) { return value < r.startNs; });
    int found = -1;
    for (auto it = after; it != ranges.begin();) {
        --it;
        if (it->contains(t)) found = static_cast<int>(it - ranges.begin());
        if (after - it >= 2) break;
    }
    return found;
}

int hostStepAt(const std::vector<BreakdownHostStep>& steps, TimeNs t) {
    auto after = std::upper_bound(steps.begin(), steps.end(), t,
                                  [](TimeNs value, const BreakdownHostStep& s) { return value < s.startNs; });
    if (after == steps.begin()) return -1;
    --after;
    return t < after->endNs ? static_cast<int>(after - steps.begin()) : -1;
}

bool isReceive(const std::vector<std::string>& names, const BreakdownSlice& s) {
    return s.deviceClass == DeviceClass::Communication && names[s.nameIndex].rfind("hcom_receive", 0) == 0;
}

bool slicesByStart(const BreakdownDeviceInput& device) {
    return std::is_sorted(device.slices.begin(), device.slices.end(),
                          [](const BreakdownSlice& a, const BreakdownSlice& b) { return a.tsNs < b.tsNs; });
}

// Adds a slice's interval to a lane: to a union growing as it goes when the slices come by start (as
// the reader gives them: a 10 GB trace's device holds millions), else to a list merged afterwards.
void addToLane(std::vector<Interval>& lane, const Interval& iv, bool byStart) {
    if (byStart) appendToUnion(lane, iv);
    else lane.push_back(iv);
}

// The lanes of one set of slices: Computing, Communication, Communication(Not Overlapped), Free.
struct Lanes {
    std::vector<Interval> compute, communication, notOverlapped, free;
};

Lanes lanesOf(const std::vector<Interval>& compute, const std::vector<Interval>& communication) {
    Lanes l{compute, communication, subtractIntervals(communication, compute), {}};
    l.free = gapsBetween(uniteIntervals(compute, communication), 1);
    return l;
}

struct StepAccumulator {
    TimeNs first = std::numeric_limits<TimeNs>::max(), last = std::numeric_limits<TimeNs>::min();
    TimeNs firstWork = std::numeric_limits<TimeNs>::max(); // first Computing/Communication start
    bool ok = true;
    void extend(const Interval& iv) {
        first = std::min(first, iv.startNs);
        last = std::max(last, iv.endNs);
    }
    void add(TimeNs* column, const Interval& iv) {
        ok = ok && addChecked(column, iv.endNs - iv.startNs);
        extend(iv);
    }
};

void finishStep(const BreakdownHostStep& host, const StepAccumulator& acc, StepBreakdown* step) {
    step->overlapNs = step->communicationNs - step->communicationNotOverlappedNs;
    TimeNs extent = acc.last > acc.first ? acc.last - acc.first : 0;
    step->stageNs = std::max<TimeNs>(extent - step->bubbleNs, 0);
    step->preparingNs = acc.firstWork == std::numeric_limits<TimeNs>::max() ? 0 : acc.firstWork - host.startNs;
}

// Ascend text export: the lanes are profile-wide; each lane interval goes whole to the step whose
// range holds its start.
bool torchNpuSteps(const BreakdownDeviceInput& device, const std::vector<std::string>& names,
                   const std::vector<TimeRange>& ranges, std::vector<StepBreakdown>* steps) {
    std::vector<Interval> compute, communication, memory;
    const bool byStart = slicesByStart(device);
    for (const BreakdownSlice& s : device.slices) {
        if (s.deviceClass == DeviceClass::Compute) addToLane(compute, {s.tsNs, s.endNs}, byStart);
        if (s.deviceClass == DeviceClass::Communication) addToLane(communication, {s.tsNs, s.endNs}, byStart);
        if (s.deviceClass == DeviceClass::Memory) memory.push_back({s.tsNs, s.endNs});
    }
    mergeIntervals(compute); // a no-op pass over a grown union
    mergeIntervals(communication);
    Lanes lanes = lanesOf(compute, communication);
    const CoverageIndex memoryIndex(std::move(memory));
    std::vector<StepAccumulator> acc(ranges.size());
    auto place = [&](const std::vector<Interval>& lane, TimeNs StepBreakdown::*column, bool work) {
        for (const Interval& iv : lane) {
            int i = stepContaining(ranges, iv.startNs);
            if (i < 0) continue;
            acc[i].add(&((*steps)[i].*column), iv);
            if (work) acc[i].firstWork = std::min(acc[i].firstWork, iv.startNs);
        }
    };
    place(lanes.compute, &StepBreakdown::computeNs, true);
    place(lanes.communication, &StepBreakdown::communicationNs, true);
    place(lanes.notOverlapped, &StepBreakdown::communicationNotOverlappedNs, false);
    place(lanes.free, &StepBreakdown::freeNs, false);
    for (const Interval& iv : lanes.free) {
        int i = stepContaining(ranges, iv.startNs);
        if (i >= 0) acc[i].ok = acc[i].ok && addChecked(&(*steps)[i].memoryNs, memoryIndex.coveredNs(iv.startNs, iv.endNs));
    }
    for (const BreakdownSlice& s : device.slices) {
        if (!isReceive(names, s)) continue;
        int i = stepContaining(ranges, s.tsNs);
        if (i >= 0) acc[i].add(&(*steps)[i].bubbleNs, {s.tsNs, s.endNs});
    }
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        if (!acc[i].ok) return false;
        finishStep(device.hostSteps[i], acc[i], &(*steps)[i]);
    }
    return true;
}

// Kineto: each slice belongs to the step that launched it; the lanes are built per step.
bool launchSteps(const BreakdownDeviceInput& device, const std::vector<std::string>& names,
                 const std::vector<TimeRange>& ranges, StepRule rule, std::vector<StepBreakdown>* steps) {
    std::vector<std::vector<Interval>> compute(ranges.size()), communication(ranges.size()), memory(ranges.size());
    std::vector<StepAccumulator> acc(ranges.size());
    const bool byStart = slicesByStart(device); // then each step's share comes by start too
    for (const BreakdownSlice& s : device.slices) {
        int i = stepOfSlice(device, ranges, rule, s);
        if (i < 0) continue;
        if (rule != StepRule::DeviceTime && s.launchTsNs == kNoLaunchNs) ++(*steps)[i].unlinkedSlices;
        if (s.deviceClass == DeviceClass::Compute) addToLane(compute[i], {s.tsNs, s.endNs}, byStart);
        if (s.deviceClass == DeviceClass::Communication) addToLane(communication[i], {s.tsNs, s.endNs}, byStart);
        if (s.deviceClass == DeviceClass::Memory) memory[i].push_back({s.tsNs, s.endNs});
        if (isReceive(names, s)) acc[i].ok = acc[i].ok && addChecked(&(*steps)[i].bubbleNs, s.endNs - s.tsNs);
    }
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        mergeIntervals(compute[i]);
        mergeIntervals(communication[i]);
        Lanes lanes = lanesOf(compute[i], communication[i]);
        StepBreakdown& st = (*steps)[i];
        for (const Interval& iv : lanes.compute) acc[i].add(&st.computeNs, iv);
        for (const Interval& iv : lanes.communication) acc[i].add(&st.communicationNs, iv);
        for (const Interval& iv : lanes.notOverlapped) acc[i].add(&st.communicationNotOverlappedNs, iv);
        for (const Interval& iv : lanes.free) acc[i].add(&st.freeNs, iv);
        const CoverageIndex memoryIndex(std::move(memory[i]));
        for (const Interval& iv : lanes.free)
            acc[i].ok = acc[i].ok && addChecked(&st.memoryNs, memoryIndex.coveredNs(iv.startNs, iv.endNs));
        if (!lanes.compute.empty()) acc[i].firstWork = lanes.compute.front().startNs;
        if (!lanes.communication.empty())
            acc[i].firstWork = std::min(acc[i].firstWork, lanes.communication.front().startNs);
        if (!acc[i].ok) return false;
        finishStep(device.hostSteps[i], acc[i], &st);
    }
    return true;
}

} // namespace

const char* stepRuleName(StepRule rule) {
    switch (rule) {
    case StepRule::None: return "none";
    case StepRule::TorchNpuText: return "torch_npu_text";
    case StepRule::LaunchLink: return "launch_link";
    case StepRule::Flow: return "flow";
    case StepRule::DeviceTime: return "device_time";
    }
    return "none";
}

StepRule stepRuleFor(const BreakdownDeviceInput& device, LaunchSource launchSource) {
    if (device.hostSteps.empty()) return StepRule::None;
    if (device.kind == "npu") return StepRule::TorchNpuText;
    if (launchSource == LaunchSource::LaunchLink) return StepRule::LaunchLink;
    if (launchSource == LaunchSource::Flow) return StepRule::Flow;
    return StepRule::DeviceTime;
}

std::vector<TimeRange> torchNpuStepRanges(const BreakdownDeviceInput& device) {
    std::vector<TimeRange> ranges;
    for (const BreakdownHostStep& host : device.hostSteps) ranges.push_back({std::numeric_limits<TimeNs>::max(), host.endNs});
    for (const BreakdownSlice& s : device.slices) {
        if (s.launchTsNs == kNoLaunchNs) continue;
        int i = hostStepAt(device.hostSteps, s.launchTsNs);
        if (i < 0) continue;
        ranges[i].startNs = std::min(ranges[i].startNs, s.tsNs);
        ranges[i].endNs = std::max(ranges[i].endNs, s.endNs);
    }
    for (std::size_t i = 0; i < ranges.size(); ++i) // nothing launched: the host range
        if (ranges[i].startNs == std::numeric_limits<TimeNs>::max()) ranges[i].startNs = device.hostSteps[i].startNs;
    return ranges;
}

int stepOfSlice(const BreakdownDeviceInput& device, const std::vector<TimeRange>& ranges, StepRule rule,
                const BreakdownSlice& slice) {
    if (rule == StepRule::None) return -1;
    if (rule == StepRule::TorchNpuText) return stepContaining(ranges, slice.tsNs);
    TimeNs key = rule == StepRule::DeviceTime || slice.launchTsNs == kNoLaunchNs ? slice.tsNs : slice.launchTsNs;
    return hostStepAt(device.hostSteps, key);
}

bool fillSteps(const BreakdownDeviceInput& device, const std::vector<std::string>& names, LaunchSource launchSource,
               const BreakdownOptions& options, DeviceBreakdown* out) {
    out->stepRule = stepRuleFor(device, launchSource);
    if (out->stepRule == StepRule::None) return true;
    std::vector<TimeRange> ranges;
    if (out->stepRule == StepRule::TorchNpuText) {
        ranges = torchNpuStepRanges(device);
    } else {
        for (const BreakdownHostStep& h : device.hostSteps) ranges.push_back({h.startNs, h.endNs});
    }
    std::vector<StepBreakdown> steps(ranges.size());
    for (std::size_t i = 0; i < ranges.size(); ++i) {
        steps[i].step = device.hostSteps[i].number;
        steps[i].rangeStartNs = ranges[i].startNs;
        steps[i].rangeEndNs = ranges[i].endNs;
    }
    bool ok = out->stepRule == StepRule::TorchNpuText ? torchNpuSteps(device, names, ranges, &steps)
                                                     : launchSteps(device, names, ranges, out->stepRule, &steps);
    if (!ok) return false;
    for (StepBreakdown& s : steps)
        if (!options.step || s.step == *options.step) out->steps.push_back(s);
    return true;
}

} // namespace opscope
