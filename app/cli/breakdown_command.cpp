// opscope-cli breakdown TRACE|FOLDER|STORE: device time per device and per step (compute,
// communication, overlap, memory, wait, idle, free, preparing, stage), as text, JSON or CSV.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/analysis/breakdown/breakdown_json.h"

#include <cstdio>
#include <limits>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli breakdown TRACE|FOLDER|STORE [--json|--csv] [--step N] [--device D]\n"
    "Where each device's time goes (docs/device-time.md). Per device: span (first start to last end of its\n"
    "work), compute, communication, their overlap, communication not overlapped, memory, wait (only waiting),\n"
    "idle (HTA: span minus the union of every device slice), device busy (compute, communication and memory\n"
    "united), the comm-compute overlap share and the kernel-type breakdown. Per ProfilerStep, torch_npu's\n"
    "step_trace_time columns: stage, compute, communication, overlap, not overlapped, free, preparing, bubble.\n"
    "Times are unions of intervals in exact ns (HTA rounds to us and drops the last step; opscope does neither).\n"
    "--step N keeps ProfilerStep#N (the device figures then cover that step's work); --device D keeps the\n"
    "device named D (\"NPU 0\") or with id D. A trace without device work prints \"no device activity\".\n";

void printText(const BreakdownReport& report) {
    if (report.devices.empty()) {
        std::printf("%s\n", report.classified ? "no device activity" : "store made before device classes: re-import it");
        return;
    }
    for (const DeviceBreakdown& d : report.devices) {
        std::printf("%s (%s)\n", d.name.c_str(), d.kind.c_str());
        auto line = [&](const char* label, TimeNs ns) {
            double share = d.spanNs > 0 ? 100.0 * static_cast<double>(ns) / static_cast<double>(d.spanNs) : 0.0;
            std::printf("  %-34s %16s us %7.2f %%\n", label, microsText(ns).c_str(), share);
        };
        line("span", d.spanNs);
        line("device busy (compute|comm|memory)", d.busyNs);
        line("compute", d.computeNs);
        line("communication", d.communicationNs);
        line("overlap (compute & comm)", d.overlapNs);
        line("communication not overlapped", d.communicationNotOverlappedNs);
        line("memory", d.memoryNs);
        line("wait (only waiting)", d.waitNs);
        line("idle (HTA)", d.idleNs);
        std::printf("  %-34s %19.2f %%\n", "comm-compute overlap", d.commComputeOverlapPct);
        for (const KernelTypeTime& k : d.kernelTypes) {
            std::printf("  %s: %s us (union)\n", deviceClassName(k.deviceClass), microsText(k.timeNs).c_str());
            for (const KernelNameTime& n : k.names)
                std::printf("    %14s us  %6lld x  %s\n", microsText(n.timeNs).c_str(), static_cast<long long>(n.count),
                            n.name.size() > 90 ? (n.name.substr(0, 87) + "...").c_str() : n.name.c_str());
        }
        if (d.steps.empty()) continue;
        std::printf("  steps (%s):\n  %8s %14s %14s %14s %14s %14s %14s %14s\n", stepRuleName(d.stepRule), "step",
                    "stage (us)", "compute (us)", "comm (us)", "not ovl (us)", "overlap (us)", "free (us)", "prep (us)");
        for (const StepBreakdown& s : d.steps)
            std::printf("  %8lld %14s %14s %14s %14s %14s %14s %14s\n", static_cast<long long>(s.step),
                        microsText(s.stageNs).c_str(), microsText(s.computeNs).c_str(), microsText(s.communicationNs).c_str(),
                        microsText(s.communicationNotOverlappedNs).c_str(), microsText(s.overlapNs).c_str(),
                        microsText(s.freeNs).c_str(), microsText(s.preparingNs).c_str());
    }
}

// One row per device (step empty) and one per step, in ns.
void printCsv(const BreakdownReport& report) {
    writeCsvRow(stdout, {"device", "step", "span_ns", "stage_ns", "compute_ns", "communication_ns", "overlap_ns",
                         "communication_not_overlapped_ns", "memory_ns", "wait_ns", "idle_ns", "free_ns", "preparing_ns",
                         "bubble_ns", "busy_ns", "comm_compute_overlap_pct", "memory_not_overlapped_ns"});
    auto n = [](TimeNs v) { return std::to_string(v); };
    for (const DeviceBreakdown& d : report.devices) {
        writeCsvRow(stdout, {d.name, "", n(d.spanNs), "", n(d.computeNs), n(d.communicationNs), n(d.overlapNs),
                             n(d.communicationNotOverlappedNs), n(d.memoryNs), n(d.waitNs), n(d.idleNs), "", "", "",
                             n(d.busyNs), numberText(d.commComputeOverlapPct, 4), ""});
        for (const StepBreakdown& s : d.steps)
            writeCsvRow(stdout, {d.name, n(s.step), "", n(s.stageNs), n(s.computeNs), n(s.communicationNs), n(s.overlapNs),
                                 n(s.communicationNotOverlappedNs), "", "", "", n(s.freeNs), n(s.preparingNs),
                                 n(s.bubbleNs), "", "", n(s.memoryNs)});
    }
}

int runBreakdown(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    BreakdownOptions options;
    bool json = parser.flag("--json"), csv = parser.flag("--csv");
    std::int64_t step = -1; // stays -1 without --step (the option's minimum is 0)
    if (!intOption(parser, "--step", 0, std::numeric_limits<std::int64_t>::max(), &step, "breakdown")) return kExitBadInput;
    if (step >= 0) options.step = step;
    parser.option("--device", &options.device);
    if (json && csv) {
        std::fprintf(stderr, "opscope-cli breakdown: choose one of --json and --csv\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "breakdown", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "breakdown");
    if (!session) return kExitBadInput;
    BreakdownReport report;
    Error error;
    if (!session->breakdown(options, &report, &error)) {
        std::fprintf(stderr, "opscope-cli breakdown: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (!options.device.empty() && report.devices.empty() && report.classified)
        std::fprintf(stderr, "opscope-cli breakdown: no device named %s with device activity\n", options.device.c_str());
    if (json) std::printf("%s\n", breakdownJson(report).dump(2).c_str());
    else if (csv) printCsv(report);
    else printText(report);
    return kExitOk;
}

const bool registered = registerCommand({"breakdown", "device time per device and step: compute, communication, overlap, free", &runBreakdown});

} // namespace
} // namespace opscope::cli
