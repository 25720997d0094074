// opscope-cli idle TRACE|STORE: idle time of each device stream split by cause as HTA defines it
// (host wait, kernel wait, other).
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/launch/idle_breakdown.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli idle TRACE|STORE [--csv | --json] [--kernel-wait-ns N]\n"
    "One row per device stream: device, stream, host_wait_ns, kernel_wait_ns, other_ns, idle_ns. The gap\n"
    "before each device event (from the end of the previous event on the stream, in start order) is host\n"
    "wait when the event's launching call started after that end, else kernel wait when it is shorter than\n"
    "--kernel-wait-ns (default 30000), else other; the first event of a stream has no gap (HTA's idle time\n"
    "breakdown). idle_ns is their sum.\n";

const std::vector<std::string> kColumns{"device", "stream", "host_wait_ns", "kernel_wait_ns", "other_ns", "idle_ns"};

std::vector<std::string> rowOf(const StreamIdle& s) {
    return {s.device, s.stream, std::to_string(s.hostWaitNs), std::to_string(s.kernelWaitNs), std::to_string(s.otherNs),
            std::to_string(s.idleNs())};
}

nlohmann::ordered_json toJson(const IdleReport& report, const IdleOptions& options) {
    nlohmann::ordered_json streams = nlohmann::ordered_json::array();
    for (const StreamIdle& s : report.streams)
        streams.push_back({{"device", s.device}, {"stream", s.stream}, {"host_wait_ns", s.hostWaitNs},
                           {"kernel_wait_ns", s.kernelWaitNs}, {"other_ns", s.otherNs}, {"idle_ns", s.idleNs()},
                           {"events", s.events}, {"host_wait_gaps", s.hostWaitGaps},
                           {"kernel_wait_gaps", s.kernelWaitGaps}, {"other_gaps", s.otherGaps}});
    nlohmann::ordered_json out;
    out["streams"] = std::move(streams);
    out["kernel_wait_threshold_ns"] = options.kernelWaitThresholdNs;
    return out;
}

int runIdle(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    IdleOptions options;
    const bool csv = parser.flag("--csv"), json = parser.flag("--json");
    if (!intOption(parser, "--kernel-wait-ns", 0, kMaxTimeOptionNs, &options.kernelWaitThresholdNs, "idle"))
        return kExitBadInput;
    if (csv && json) {
        std::fprintf(stderr, "opscope-cli idle: --csv and --json exclude each other\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "idle", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "idle");
    if (!session) return kExitBadInput;
    IdleReport report;
    Error error;
    if (!session->idleBreakdown(options, &report, &error)) {
        std::fprintf(stderr, "opscope-cli idle: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (report.overflowed) std::fprintf(stderr, "opscope-cli idle: a sum overflowed int64 ns\n");
    if (json) {
        std::printf("%s\n", toJson(report, options).dump(2).c_str());
    } else if (csv) {
        writeCsvRow(stdout, kColumns);
        for (const StreamIdle& s : report.streams) writeCsvRow(stdout, rowOf(s));
    } else {
        std::printf("%-10s %-10s %16s %16s %16s %16s\n", "device", "stream", "host wait (us)", "kernel wait (us)",
                    "other (us)", "idle (us)");
        for (const StreamIdle& s : report.streams)
            std::printf("%-10s %-10s %16s %16s %16s %16s\n", s.device.c_str(), s.stream.c_str(),
                        microsText(s.hostWaitNs).c_str(), microsText(s.kernelWaitNs).c_str(),
                        microsText(s.otherNs).c_str(), microsText(s.idleNs()).c_str());
    }
    return kExitOk;
}

const bool registered = registerCommand({"idle", "idle time per device stream: host wait, kernel wait, other (HTA)", &runIdle});

} // namespace
} // namespace opscope::cli
