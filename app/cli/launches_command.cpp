// opscope-cli launches TRACE|STORE: one row per kernel launch (runtime call -> device event) with
// HTA's launch statistics and outlier flags, and a summary per kernel name.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/launch/launch_stats.h"
#include "core/report/json_stream.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli launches TRACE|STORE [--csv [--table launches|kernels] | --json]\n"
    "                            [--runtime-cutoff-ns N] [--delay-cutoff-ns N] [--top N]\n"
    "One row per device event that has a launching call (table launch_link): correlation_id, runtime_call,\n"
    "kernel, stream, cpu_duration_ns (the call), gpu_duration_ns (the device event) and launch_delay_ns =\n"
    "kernel start - call end, 0 when negative. Outliers as HTA flags them: short_kernel (GPU < CPU duration\n"
    "and CPU <= runtime cutoff, default 50000 ns), long_runtime (CPU > runtime cutoff), long_delay (delay >\n"
    "delay cutoff, default 100000 ns). Beside them, a summary per kernel name. Text output lists the\n"
    "--top N (default 20) kernels by GPU time.\n";

const std::vector<std::string> kLaunchColumns{"correlation_id",  "runtime_call",    "kernel",         "stream",
                                              "cpu_duration_ns", "gpu_duration_ns", "launch_delay_ns"};

std::string correlationText(const LaunchStatsReport& report, const LaunchRow& r) {
    return report.hasCorrelation(r) ? std::to_string(report.correlationId(r)) : "";
}

void printLaunchesCsv(const LaunchStatsReport& report) {
    std::vector<std::string> header = kLaunchColumns;
    header.insert(header.end(), {"device", "outliers"});
    writeCsvRow(stdout, header);
    for (const LaunchRow& r : report.launches)
        writeCsvRow(stdout, {correlationText(report, r), std::string(report.runtimeCall(r)), std::string(report.kernel(r)),
                             report.stream(r), std::to_string(report.cpuDurationNs(r)), std::to_string(report.gpuDurationNs(r)),
                             std::to_string(report.launchDelayNs(r)), report.device(r),
                             launchOutlierText(r.outliers)});
}

void printKernelsCsv(const LaunchStatsReport& report) {
    writeCsvRow(stdout, {"kernel", "count", "gpu_total_ns", "cpu_total_ns", "launch_delay_total_ns",
                         "launch_delay_max_ns", "short_kernel", "long_runtime", "long_delay"});
    for (const KernelLaunchSummary& k : report.kernels)
        writeCsvRow(stdout, {k.kernel, std::to_string(k.count), std::to_string(k.gpuTotalNs), std::to_string(k.cpuTotalNs),
                             std::to_string(k.delayTotalNs), std::to_string(k.delayMaxNs), std::to_string(k.shortKernels),
                             std::to_string(k.longRuntimes), std::to_string(k.longDelays)});
}

nlohmann::ordered_json rowJson(const LaunchStatsReport& report, const LaunchRow& r) {
    nlohmann::ordered_json row;
    if (report.hasCorrelation(r)) row["correlation_id"] = report.correlationId(r);
    else row["correlation_id"] = nullptr;
    row["runtime_call"] = std::string(report.runtimeCall(r));
    row["kernel"] = std::string(report.kernel(r));
    row["stream"] = report.stream(r);
    row["cpu_duration_ns"] = report.cpuDurationNs(r);
    row["gpu_duration_ns"] = report.gpuDurationNs(r);
    row["launch_delay_ns"] = report.launchDelayNs(r);
    row["device"] = report.device(r);
    row["device_slice_id"] = report.deviceSliceId(r);
    row["call_slice_id"] = report.callSliceId(r);
    nlohmann::ordered_json flags = nlohmann::ordered_json::array();
    if (r.outliers & kShortKernel) flags.push_back("short_kernel");
    if (r.outliers & kLongRuntime) flags.push_back("long_runtime");
    if (r.outliers & kLongDelay) flags.push_back("long_delay");
    row["outliers"] = std::move(flags);
    return row;
}

// The launches are printed one at a time (a 10 GB trace has millions); the rest is one small document.
void printJson(const LaunchStatsReport& report, const LaunchStatsOptions& options) {
    nlohmann::ordered_json rest;
    nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
    for (const KernelLaunchSummary& k : report.kernels)
        kernels.push_back({{"kernel", k.kernel}, {"count", k.count}, {"gpu_total_ns", k.gpuTotalNs},
                           {"cpu_total_ns", k.cpuTotalNs}, {"launch_delay_total_ns", k.delayTotalNs},
                           {"launch_delay_max_ns", k.delayMaxNs}, {"short_kernel", k.shortKernels},
                           {"long_runtime", k.longRuntimes}, {"long_delay", k.longDelays}});
    rest["kernels"] = std::move(kernels);
    rest["device_events"] = report.deviceEvents;
    rest["unlinked_device_events"] = report.unlinkedEvents;
    rest["runtime_cutoff_ns"] = options.runtimeCutoffNs;
    rest["launch_delay_cutoff_ns"] = options.launchDelayCutoffNs;
    printJsonWithLeadingArray(stdout, "launches", report.launches.size(),
                              [&](std::size_t i) { return rowJson(report, report.launches[i]); }, rest);
}

void printText(const LaunchStatsReport& report, std::int64_t top) {
    std::int64_t shortKernels = 0, longRuntimes = 0, longDelays = 0;
    for (const LaunchRow& r : report.launches) {
        shortKernels += (r.outliers & kShortKernel) ? 1 : 0;
        longRuntimes += (r.outliers & kLongRuntime) ? 1 : 0;
        longDelays += (r.outliers & kLongDelay) ? 1 : 0;
    }
    std::printf("launches: %zu of %lld device events (%lld without a launching call)\n", report.launches.size(),
                static_cast<long long>(report.deviceEvents), static_cast<long long>(report.unlinkedEvents));
    std::printf("outliers: short_kernel %lld, long_runtime %lld, long_delay %lld\n\n", static_cast<long long>(shortKernels),
                static_cast<long long>(longRuntimes), static_cast<long long>(longDelays));
    std::printf("%-50s %8s %14s %14s %14s\n", "kernel", "count", "gpu total (us)", "mean delay (us)", "max delay (us)");
    std::int64_t shown = 0;
    for (const KernelLaunchSummary& k : report.kernels) {
        if (shown++ >= top) break;
        std::string name = k.kernel.size() > 50 ? k.kernel.substr(0, 47) + "..." : k.kernel;
        std::printf("%-50s %8lld %14s %14s %14s\n", name.c_str(), static_cast<long long>(k.count),
                    microsText(k.gpuTotalNs).c_str(), microsText(k.delayTotalNs / std::max<std::int64_t>(1, k.count)).c_str(),
                    microsText(k.delayMaxNs).c_str());
    }
}

int runLaunches(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    LaunchStatsOptions options;
    std::int64_t top = 20;
    std::string table = "launches";
    const bool csv = parser.flag("--csv"), json = parser.flag("--json");
    parser.option("--table", &table);
    if (!intOption(parser, "--runtime-cutoff-ns", 0, kMaxTimeOptionNs, &options.runtimeCutoffNs, "launches") ||
        !intOption(parser, "--delay-cutoff-ns", 0, kMaxTimeOptionNs, &options.launchDelayCutoffNs, "launches") ||
        !intOption(parser, "--top", 0, 1000000, &top, "launches"))
        return kExitBadInput;
    if (table != "launches" && table != "kernels") {
        std::fprintf(stderr, "opscope-cli launches: --table wants launches or kernels\n");
        return kExitBadInput;
    }
    if (csv && json) {
        std::fprintf(stderr, "opscope-cli launches: --csv and --json exclude each other\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "launches", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "launches");
    if (!session) return kExitBadInput;
    LaunchStatsReport report;
    Error error;
    if (!session->launchStats(options, &report, &error)) {
        std::fprintf(stderr, "opscope-cli launches: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (report.overflowed) std::fprintf(stderr, "opscope-cli launches: a per-kernel total overflowed int64 ns\n");
    if (report.unlisted) std::fprintf(stderr, "opscope-cli launches: more than 2^32 - 1 device events: none listed\n");
    if (json) printJson(report, options);
    else if (csv && table == "kernels") printKernelsCsv(report);
    else if (csv) printLaunchesCsv(report);
    else printText(report, top);
    return kExitOk;
}

const bool registered = registerCommand({"launches", "kernel launches: runtime call, delay, outliers (HTA)", &runLaunches});

} // namespace
} // namespace opscope::cli
