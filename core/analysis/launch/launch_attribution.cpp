#include "core/analysis/launch/launch_attribution.h"

#include <algorithm>
#include <cctype>

namespace opscope {

const char* launchPhaseName(LaunchPhase phase) {
    switch (phase) {
    case LaunchPhase::Forward: return "forward";
    case LaunchPhase::Backward: return "backward";
    case LaunchPhase::Optimizer: return "optimizer";
    case LaunchPhase::Unknown: break;
    }
    return "";
}

std::int64_t profilerStepNumber(std::string_view name) {
    constexpr std::string_view prefix = "ProfilerStep#";
    if (name.size() <= prefix.size() || name.substr(0, prefix.size()) != prefix) return -1;
    std::int64_t n = 0;
    for (char c : name.substr(prefix.size())) {
        if (c < '0' || c > '9' || n > 1'000'000'000'000) return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

namespace {

// What a string id means to attribution, decided once per distinct name rather than per ancestor.
struct NameTraits {
    LaunchPhase phase = LaunchPhase::Unknown;
    std::int64_t step = -1;
    bool module = false;
};

bool containsAny(const std::string& lowered, const std::vector<std::string>& patterns) {
    return std::any_of(patterns.begin(), patterns.end(),
                       [&](const std::string& p) { return lowered.find(p) != std::string::npos; });
}

std::vector<NameTraits> nameTraits(const HostCallData& host, const AttributionPatterns& patterns) {
    std::vector<NameTraits> traits(host.strings.size());
    std::vector<char> used(host.strings.size(), 0);
    for (const HostSliceRecord& s : host.slices)
        if (s.nameId < used.size()) used[s.nameId] = 1;
    for (std::size_t id = 0; id < host.strings.size(); ++id) {
        if (!used[id]) continue;
        std::string lowered = host.strings[id];
        for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        NameTraits& t = traits[id];
        // Backward before forward: "...Backward" names often hold "forward"-free text, but "## backward ##"
        // and autograd names are the specific ones; optimizer names never match the others.
        if (containsAny(lowered, patterns.optimizer)) t.phase = LaunchPhase::Optimizer;
        else if (containsAny(lowered, patterns.backward)) t.phase = LaunchPhase::Backward;
        else if (containsAny(lowered, patterns.forward)) t.phase = LaunchPhase::Forward;
        t.step = profilerStepNumber(host.strings[id]);
        t.module = lowered.rfind("nn.module:", 0) == 0;
    }
    return traits;
}

struct StepWindow {
    TimeNs startNs, endNs;
    std::int64_t sliceId, step;
};

} // namespace

AttributionReport attributeLaunches(const LaunchData& launches, const HostCallData& host,
                                    const AttributionPatterns& patterns) {
    AttributionReport report;
    const std::vector<NameTraits> traits = nameTraits(host, patterns);
    auto traitOf = [&](std::uint32_t nameId) { return nameId < traits.size() ? traits[nameId] : NameTraits{}; };
    std::uint32_t cpuOp = 0, userAnnotation = 0;
    for (std::size_t id = 0; id < host.strings.size(); ++id) {
        if (host.strings[id] == "cpu_op") cpuOp = static_cast<std::uint32_t>(id);
        if (host.strings[id] == "user_annotation") userAnnotation = static_cast<std::uint32_t>(id);
    }
    // Steps by time, for calls on threads where no ProfilerStep encloses them (the autograd thread).
    std::vector<StepWindow> steps;
    for (const HostSliceRecord& s : host.slices) {
        const std::int64_t n = traitOf(s.nameId).step;
        if (n >= 0) steps.push_back({s.tsNs, s.tsNs + s.durNs, s.id, n});
    }
    std::sort(steps.begin(), steps.end(), [](const StepWindow& a, const StepWindow& b) { return a.startNs < b.startNs; });
    for (const StepWindow& w : steps) report.steps.push_back(w.step);
    std::sort(report.steps.begin(), report.steps.end());
    report.steps.erase(std::unique(report.steps.begin(), report.steps.end()), report.steps.end());

    report.events.reserve(launches.events.size());
    for (const DeviceLaunchEvent& e : launches.events) {
        LaunchAttribution a;
        a.deviceSliceId = e.sliceId;
        if (e.linked()) {
            a.callSliceId = e.callSliceId;
            bool backwardThread = false;
            // Walk up the call's ancestors: a loop bounded by the store's own nesting, no recursion.
            std::size_t guard = 0;
            for (const HostSliceRecord* s = host.find(e.callSliceId); s && guard < 4096; s = s->parentId ? host.find(s->parentId) : nullptr, ++guard) {
                const NameTraits t = traitOf(s->nameId);
                if (s->catId == cpuOp && cpuOp) {
                    if (!a.innermostOperatorId) a.innermostOperatorId = s->id;
                    a.topOperatorId = s->id;
                }
                if (t.step >= 0 && a.stepSliceId == 0) {
                    a.stepSliceId = s->id;
                    a.step = t.step;
                } else if (s->catId == userAnnotation && userAnnotation && !a.annotationId) {
                    a.annotationId = s->id;
                }
                if (t.module && !a.moduleId) a.moduleId = s->id;
                if (a.phase == LaunchPhase::Unknown && t.phase != LaunchPhase::Unknown) a.phase = t.phase;
                backwardThread |= s->backwardTarget;
            }
            // Autograd runs backward ops on its own thread; fwdbwd flows end on them.
            if (backwardThread && a.phase != LaunchPhase::Optimizer) a.phase = LaunchPhase::Backward;
            if (a.stepSliceId == 0 && !steps.empty()) {
                auto it = std::upper_bound(steps.begin(), steps.end(), e.callTsNs,
                                           [](TimeNs t, const StepWindow& w) { return t < w.startNs; });
                if (it != steps.begin() && e.callTsNs < std::prev(it)->endNs) {
                    a.stepSliceId = std::prev(it)->sliceId;
                    a.step = std::prev(it)->step;
                }
            }
        }
        report.events.push_back(a);
    }
    return report;
}

} // namespace opscope
