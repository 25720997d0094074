// opscope-cli slice TRACE|STORE ID: one slice's details (what the GUI's Details dock shows), as text or JSON.
#include "app/cli/analysis_cli_support.h"
#include "core/session/slice_details_json.h"

#include <cstdio>
#include <cstdlib>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli slice TRACE|STORE ID [--json]\n"
    "The details of the slice with store id ID: name, category, type, track, start, duration, self time,\n"
    "depth, parent, arguments, flows in and out, and metrics, as the GUI's Details dock shows them; for a\n"
    "device event, the call that launched it (operators, step, phase, launch delay); for a host slice, the\n"
    "device events launched from inside it.\n"
    "Exit code 2 when there is no such slice.\n";

void printText(const SliceDetails& d) {
    std::printf("slice %lld: %s\n", static_cast<long long>(d.id), d.name.c_str());
    std::printf("track:     %s (%lld)\n", d.trackName.c_str(), static_cast<long long>(d.trackId));
    std::printf("start:     %lld ns\nduration:  %s\nself:      %s\ndepth:     %d\n",
                static_cast<long long>(d.tsNs), humanDurationText(d.durNs).c_str(), humanDurationText(d.selfNs).c_str(), d.depth);
    if (!d.category.empty()) std::printf("category:  %s\n", d.category.c_str());
    if (!d.type.empty()) std::printf("type:      %s\n", d.type.c_str());
    for (const SliceArgRow& a : d.args)
        std::printf("  %*s%s: %s\n", a.level * 2, "", a.key.c_str(), a.value.c_str());
    for (const SliceFlowRef& f : d.flows)
        std::printf("flow %s:  %s (slice %lld)\n", f.outgoing ? "out" : "in", f.otherName.c_str(),
                    static_cast<long long>(f.otherSliceId));
    for (const SliceMetricGroup& g : d.metricGroups)
        for (const SliceMetricRow& m : g.rows)
            std::printf("metric:    %s = %s %s\n", m.name.c_str(), m.num ? numberText(*m.num, 6).c_str() : m.text.c_str(),
                        m.unit.c_str());
}

void printLaunchText(const SliceLaunchDetails& l) {
    if (l.isLaunched) {
        const LaunchedFrom& f = l.launchedFrom;
        std::printf("launched by: %s (slice %lld) on %s\n", f.call.name.c_str(), static_cast<long long>(f.call.sliceId),
                    f.call.trackName.c_str());
        if (f.topOperator.sliceId) std::printf("operator:    %s (slice %lld)\n", f.topOperator.name.c_str(),
                                               static_cast<long long>(f.topOperator.sliceId));
        if (f.innermostOperator.sliceId && f.innermostOperator.sliceId != f.topOperator.sliceId)
            std::printf("innermost:   %s (slice %lld)\n", f.innermostOperator.name.c_str(),
                        static_cast<long long>(f.innermostOperator.sliceId));
        if (f.step >= 0) std::printf("step:        %lld\n", static_cast<long long>(f.step));
        if (f.phase != LaunchPhase::Unknown) std::printf("phase:       %s\n", launchPhaseName(f.phase));
        std::printf("launch delay: %s\n", humanDurationText(f.launchDelayNs).c_str());
    }
    if (!l.launched.empty()) {
        std::printf("launched:    %zu device events, %s device time\n", l.launched.size(),
                    humanDurationText(l.launchedDeviceNs).c_str());
        for (const LaunchedStreamTotal& s : l.launchedStreams)
            std::printf("  device %s stream %s: %lld events, %s\n", s.device.c_str(), s.stream.c_str(),
                        static_cast<long long>(s.count), humanDurationText(s.durNs).c_str());
    }
}

int runSlice(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    const bool json = parser.flag("--json");
    std::vector<std::string> pos = parser.positional();
    if (pos.size() != 2 || !parser.unknownOptions().empty()) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    char* end = nullptr;
    const long long id = std::strtoll(pos[1].c_str(), &end, 10);
    if (pos[1].empty() || *end != '\0' || id <= 0) {
        std::fprintf(stderr, "opscope-cli slice: ID wants a positive slice id, not '%s'\n", pos[1].c_str());
        return kExitBadInput;
    }
    std::shared_ptr<TraceSession> session = openInputSession(pos[0], "slice");
    if (!session) return kExitBadInput;
    SliceDetails details;
    Error error;
    if (!session->sliceDetails(id, &details, &error)) {
        if (error) std::fprintf(stderr, "opscope-cli slice: %s\n", describe(error).c_str());
        else std::fprintf(stderr, "opscope-cli slice: no slice with id %lld\n", id);
        return kExitBadInput;
    }
    SliceLaunchDetails launch;
    if (!session->sliceLaunchDetails(id, &launch, &error)) {
        std::fprintf(stderr, "opscope-cli slice: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (json) {
        nlohmann::json out = sliceDetailsToJson(details);
        addSliceLaunchJson(launch, &out);
        std::printf("%s\n", out.dump(2).c_str());
    } else {
        printText(details);
        printLaunchText(launch);
    }
    return kExitOk;
}

const bool registered = registerCommand({"slice", "one slice's details: args, flows, metrics (text or JSON)", &runSlice});

} // namespace
} // namespace opscope::cli
