// opscope-cli bubbles TRACE|STORE: gaps in device busy per device track and device, with causes and waits.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/bubbles/bubble_analysis.h"

#include <cstdio>
#include <sstream>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli bubbles TRACE|STORE [--min-us X] [--top N] [--tracks ID,ID...] [--per-track]\n"
    "                           [--range START_NS:END_NS | --step N] [--bins-per-decade N] [--coverage F]\n"
    "                           [--csv [--table summary|histogram|largest|all]]\n"
    "Bubbles are gaps in device busy (compute, communication and memory united; docs/device-time.md) of a\n"
    "device track, or of a device over all its tracks, inside its first-to-last device slice. A wait task\n"
    "(EVENT_WAIT, Notify Wait, Stream Wait Event) is a gap, and the gap says what it waits for: an event, a\n"
    "notify, a stream, or a collective running meanwhile on the device. Gaps shorter than --min-us\n"
    "count as idle time but not as bubbles. The largest N (default 20) device bubbles (--per-track: track\n"
    "bubbles) are listed with the operators around them, the host work overlapping them and a likely\n"
    "cause. --coverage (default 0.5) is the share of a gap the host work must cover to be its cause.\n"
    "A gap at the start of the span after the profiler's PROFILING_ENABLE marker task has the cause\n"
    "\"profiler start\", one at the end before PROFILING_DISABLE \"profiler stop\": the profiling window.\n"
    "CSV prints one table: summary (default), histogram, largest, or all (every bubble). Annotation slices\n"
    "on compute tracks (gpu_user_annotation) are left out: they span kernels and the gaps between them.\n"
    "--step N looks at ProfilerStep#N by launch: the range from the first start to the last end of the\n"
    "device events whose launching call ran in the step (where the device ran the step's work, however\n"
    "far its queue lagged), the same device events `stats --step N` counts.\n";

std::vector<std::string> summaryHeader() {
    return {"scope", "track id", "device", "span start (ns)", "span end (ns)", "busy (us)", "idle (us)", "busy (%)",
            "idle (%)", "bubbles", "bubble total (us)", "largest bubble (us)", "host-bound (us)", "sync wait (us)",
            "communication (us)", "data transfer (us)", "unknown (us)", "compute (us)", "compute (%)", "wait (us)",
            "profiler start (us)", "profiler stop (us)"};
}

std::vector<std::string> summaryRow(const BubbleReport& r, const BubbleSummary& s) {
    std::string device;
    for (const BubbleSummary& d : r.devices)
        if (d.deviceKey == s.deviceKey) device = d.label;
    std::vector<std::string> row{s.trackId ? s.label : "device " + s.label, std::to_string(s.trackId), device,
                                 std::to_string(s.spanStartNs), std::to_string(s.spanEndNs), microsText(s.busyNs),
                                 microsText(s.idleNs), numberText(s.busyShare * 100, 2), numberText(s.idleShare * 100, 2),
                                 std::to_string(s.bubbleCount), microsText(s.bubbleTotalNs), microsText(s.largestBubbleNs)};
    // The profiler-window causes came later: their columns are appended so the others keep their place.
    for (BubbleCause c : {BubbleCause::HostBoundLaunch, BubbleCause::SyncWait, BubbleCause::CommunicationWait,
                          BubbleCause::DataTransfer, BubbleCause::Unknown})
        row.push_back(microsText(s.causeNs[static_cast<std::size_t>(c)]));
    row.push_back(microsText(s.computeNs));
    row.push_back(numberText(s.computeShare * 100, 2));
    row.push_back(microsText(s.waitNs));
    row.push_back(microsText(s.causeNs[static_cast<std::size_t>(BubbleCause::ProfilerStart)]));
    row.push_back(microsText(s.causeNs[static_cast<std::size_t>(BubbleCause::ProfilerStop)]));
    return row;
}

void printHistogramCsv(const BubbleReport& r) {
    writeCsvRow(stdout, {"from (us)", "to (us)", "track bubbles", "track bubble total (us)", "device bubbles",
                         "device bubble total (us)"});
    for (std::size_t i = 0; i < r.trackHistogram.size(); ++i) {
        const HistogramBin& t = r.trackHistogram[i];
        const HistogramBin& d = r.deviceHistogram[i];
        writeCsvRow(stdout, {microsText(t.lowNs), t.highNs < 0 ? "" : microsText(t.highNs), std::to_string(t.count),
                             microsText(t.totalNs), std::to_string(d.count), microsText(d.totalNs)});
    }
}

std::string hostWorkText(const BubbleDetail& d) {
    std::string text;
    for (const HostWorkOverlap& w : d.hostWork) {
        if (!text.empty()) text += "; ";
        text += w.name + " [" + hostWorkClassName(w.workClass) + ", " + microsText(w.overlapNs) + " us, " + w.trackLabel + "]";
    }
    return text;
}

void printLargestCsv(const BubbleReport& r) {
    writeCsvRow(stdout, {"start (ns)", "duration (us)", "track id", "device", "cause", "operator before",
                         "operator after", "sync (us)", "communication (us)", "data transfer (us)", "launch (us)",
                         "host compute (us)", "host busy (us)", "host work", "waits for", "wait task", "wait (us)"});
    for (const BubbleDetail& d : r.largest) {
        const auto& c = d.classCoveredNs;
        std::string device;
        for (const BubbleSummary& s : r.devices)
            if (s.deviceKey == d.bubble.deviceKey) device = s.label;
        writeCsvRow(stdout, {std::to_string(d.bubble.startNs), microsText(d.bubble.durNs), std::to_string(d.bubble.trackId),
                             device, bubbleCauseText(d.bubble.cause), d.opBefore, d.opAfter, microsText(c[0]),
                             microsText(c[1]), microsText(c[2]), microsText(c[3]), microsText(c[4]),
                             microsText(d.hostBusyNs), hostWorkText(d), waitForText(d.bubble.waitFor), d.waitName,
                             microsText(d.bubble.waitNs)});
    }
}

void printAllCsv(const BubbleReport& r) {
    writeCsvRow(stdout, {"scope", "start (ns)", "duration (us)", "track id", "cause", "waits for", "wait task"});
    for (const Bubble& b : r.deviceBubbles)
        writeCsvRow(stdout, {"device", std::to_string(b.startNs), microsText(b.durNs), "0", bubbleCauseText(b.cause),
                             waitForText(b.waitFor), r.waitName(b)});
    for (const Bubble& b : r.trackBubbles)
        writeCsvRow(stdout, {"track", std::to_string(b.startNs), microsText(b.durNs), std::to_string(b.trackId),
                             bubbleCauseText(b.cause), waitForText(b.waitFor), r.waitName(b)});
}

void printText(const BubbleReport& r) {
    // One meaning of busy (docs/device-time.md): compute, communication and memory united; compute apart.
    std::printf("%-44s %10s %11s %8s %9s %14s %14s %14s\n", "track / device", "busy (%)", "compute (%)", "idle (%)",
                "bubbles", "total (us)", "largest (us)", "waiting (us)");
    auto line = [](const BubbleSummary& s, const std::string& label) {
        std::string l = label.size() > 44 ? label.substr(0, 41) + "..." : label;
        std::printf("%-44s %10s %11s %8s %9lld %14s %14s %14s\n", l.c_str(), numberText(s.busyShare * 100, 2).c_str(),
                    numberText(s.computeShare * 100, 2).c_str(), numberText(s.idleShare * 100, 2).c_str(),
                    static_cast<long long>(s.bubbleCount), microsText(s.bubbleTotalNs).c_str(),
                    microsText(s.largestBubbleNs).c_str(), microsText(s.waitNs).c_str());
    };
    for (const BubbleSummary& d : r.devices) {
        line(d, "device " + d.label + " (union)");
        for (const BubbleSummary& t : r.tracks)
            if (t.deviceKey == d.deviceKey) line(t, "  " + t.label);
    }
    std::printf("busy = device busy: compute, communication and memory united; waits are gaps\n");
    std::printf("\ndevice bubbles by duration:\n");
    for (const HistogramBin& b : r.deviceHistogram)
        if (b.count) std::printf("  [%s, %s) us: %lld, %s us\n", microsText(b.lowNs).c_str(),
                                 b.highNs < 0 ? "inf" : microsText(b.highNs).c_str(), static_cast<long long>(b.count),
                                 microsText(b.totalNs).c_str());
    if (!r.hasHostTracks) std::printf("\nno host-side tracks: causes are unknown\n");
    std::printf("\nlargest bubbles:\n");
    for (const BubbleDetail& d : r.largest) {
        std::printf("  %s at %lld ns: %s\n    after %s, before %s\n", humanDurationText(d.bubble.durNs).c_str(),
                    static_cast<long long>(d.bubble.startNs), bubbleCauseText(d.bubble.cause),
                    d.opBefore.empty() ? "-" : d.opBefore.c_str(), d.opAfter.empty() ? "-" : d.opAfter.c_str());
        if (d.bubble.waitFor != WaitFor::Nothing)
            std::printf("    waits for %s: %s (%s of the gap)\n", waitForText(d.bubble.waitFor), d.waitName.c_str(),
                        humanDurationText(d.bubble.waitNs).c_str());
        for (const HostWorkOverlap& w : d.hostWork)
            std::printf("    host: %s [%s] %s on %s\n", w.name.c_str(), hostWorkClassName(w.workClass),
                        humanDurationText(w.overlapNs).c_str(), w.trackLabel.c_str());
    }
}

bool parseTracks(ArgParser& parser, BubbleOptions* options) {
    std::string list;
    if (!parser.option("--tracks", &list)) return true;
    std::stringstream in(list);
    std::string item;
    options->tracks.scope = TrackScope::Explicit;
    while (std::getline(in, item, ',')) {
        char* end = nullptr;
        long long id = std::strtoll(item.c_str(), &end, 10);
        if (item.empty() || *end != '\0') return false;
        options->tracks.explicitTracks.push_back(id);
    }
    return !options->tracks.explicitTracks.empty();
}

int runBubbles(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    BubbleOptions options;
    double minUs = 0;
    std::int64_t top = options.largestCount, bins = options.binsPerDecade;
    std::string table = "summary";
    bool csv = parser.flag("--csv");
    parser.option("--table", &table);
    options.largestFromDevices = !parser.flag("--per-track");
    if (!doubleOption(parser, "--min-us", 0, &minUs, "bubbles") || !intOption(parser, "--top", 0, 100000, &top, "bubbles") ||
        !intOption(parser, "--bins-per-decade", 1, 20, &bins, "bubbles") ||
        !doubleOption(parser, "--coverage", 0, &options.causeCoverage, "bubbles") ||
        !rangeOption(parser, &options.range, "bubbles"))
        return kExitBadInput;
    if (!parseTracks(parser, &options)) {
        std::fprintf(stderr, "opscope-cli bubbles: --tracks wants comma-separated track ids\n");
        return kExitBadInput;
    }
    if (table != "summary" && table != "histogram" && table != "largest" && table != "all") {
        std::fprintf(stderr, "opscope-cli bubbles: --table wants summary, histogram, largest or all\n");
        return kExitBadInput;
    }
    std::int64_t step = -1;
    if (!intOption(parser, "--step", 0, 1'000'000'000'000, &step, "bubbles")) return kExitBadInput;
    if (step >= 0 && options.range) {
        std::fprintf(stderr, "opscope-cli bubbles: --step and --range exclude each other\n");
        return kExitBadInput;
    }
    options.minBubbleNs = static_cast<TimeNs>(minUs * 1000.0);
    options.largestCount = static_cast<int>(top);
    options.binsPerDecade = static_cast<int>(bins);
    std::string input;
    if (!singleInput(parser, &input, "bubbles", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "bubbles");
    if (!session) return kExitBadInput;
    BubbleReport report;
    Error error;
    if (step >= 0) {
        StepSelection selection;
        if (!session->stepSelection(step, &selection, &error)) {
            std::fprintf(stderr, "opscope-cli bubbles: %s\n", describe(error).c_str());
            return kExitBadInput;
        }
        if (selection.deviceEvents == 0) {
            std::fprintf(stderr, "opscope-cli bubbles: ProfilerStep#%lld launched no device event\n", static_cast<long long>(step));
            return kExitBadInput;
        }
        options.range = selection.deviceSpan;
    }
    if (!session->bubbles(options, &report, &error)) {
        std::fprintf(stderr, "opscope-cli bubbles: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (report.fellBackToAll)
        std::fprintf(stderr, "opscope-cli bubbles: no track is marked as device compute; using every slice track\n");
    if (!csv && report.devices.empty()) {
        std::printf("no device activity\n");
    } else if (!csv) {
        printText(report);
    } else if (table == "summary") {
        writeCsvRow(stdout, summaryHeader());
        for (const BubbleSummary& d : report.devices) writeCsvRow(stdout, summaryRow(report, d));
        for (const BubbleSummary& t : report.tracks) writeCsvRow(stdout, summaryRow(report, t));
    } else if (table == "histogram") {
        printHistogramCsv(report);
    } else if (table == "largest") {
        printLargestCsv(report);
    } else {
        printAllCsv(report);
    }
    return kExitOk;
}

const bool registered = registerCommand({"bubbles", "idle gaps of device compute tracks, with likely causes", &runBubbles});

} // namespace
} // namespace opscope::cli
