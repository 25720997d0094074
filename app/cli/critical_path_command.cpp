// opscope-cli critical-path TRACE|STORE: per ProfilerStep, the chain of host work, launches, device
// events and synchronisation waits that ends last, and what bounds the step.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/launch/critical_path.h"
#include "core/report/json_stream.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli critical-path TRACE|STORE [--step N] [--csv | --json]\n"
    "Per ProfilerStep#N (or only --step N): the critical path as HTA's critical_path_analysis builds it: a\n"
    "node at the start and end of every host operator, runtime call and device event launched in the step;\n"
    "edges for the operator nesting on each host thread, launch delays, kernel -> kernel gaps on a stream and\n"
    "synchronisations (cuda_sync events, device/stream synchronise calls, stream wait events, Ascend event\n"
    "record -> wait); the longest path by weight. Columns: step, start_ns, end_ns, host_ns, launch_ns,\n"
    "device_ns, sync_ns (time across sync edges, not in the length), bound (the largest of host, launch,\n"
    "device), length_ns (the path's weight), hta_bound (HTA's class: cpu_bound, gpu_compute_bound,\n"
    "gpu_communication_bound, gpu_kernel_kernel_overhead, gpu_kernel_launch_overhead). --json adds each\n"
    "HTA class in ns and the segments (kind, start_ns, end_ns, slice_id, edge, weight_ns).\n";

int runCriticalPath(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    std::int64_t step = -1;
    const bool csv = parser.flag("--csv"), json = parser.flag("--json");
    if (!intOption(parser, "--step", 0, 1'000'000'000'000, &step, "critical-path")) return kExitBadInput;
    if (csv && json) {
        std::fprintf(stderr, "opscope-cli critical-path: --csv and --json exclude each other\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "critical-path", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "critical-path");
    if (!session) return kExitBadInput;
    std::vector<std::int64_t> steps;
    if (step >= 0) steps.push_back(step);
    std::vector<CriticalPath> paths;
    Error error;
    if (!session->criticalPaths(steps, &paths, &error)) {
        std::fprintf(stderr, "opscope-cli critical-path: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (paths.empty()) {
        std::fprintf(stderr, "opscope-cli critical-path: no ProfilerStep#N slice%s in the trace\n", step >= 0 ? " with that N" : "");
        return kExitBadInput;
    }
    if (json) {
        // Each step's head is one small document; its segments (millions on a large trace) are printed
        // one at a time, as dump(2) of the whole would print them (core/report/json_stream.h).
        auto head = [](const CriticalPath& p) {
            nlohmann::ordered_json row{{"step", p.step}, {"start_ns", p.startNs}, {"end_ns", p.endNs}};
            for (std::size_t k = 0; k < kPathBoundCount; ++k)
                row[std::string(pathBoundName(static_cast<PathBound>(k))) + "_ns"] = p.boundNs[k];
            row["bound"] = pathBoundName(p.bound);
            row["length_ns"] = p.lengthNs;
            row["hta_bound"] = htaBoundName(p.htaBound);
            for (std::size_t k = 0; k < kHtaBoundCount; ++k)
                row[std::string(htaBoundName(static_cast<HtaBound>(k))) + "_ns"] = p.htaBoundNs[k];
            row["sync_edges"] = p.syncEdges;
            return row;
        };
        auto segment = [](const PathSegment& s) {
            return nlohmann::ordered_json{{"kind", pathBoundName(s.kind)}, {"start_ns", s.startNs}, {"end_ns", s.endNs},
                                          {"slice_id", s.sliceId}, {"edge", pathEdgeTypeName(s.edge)}, {"weight_ns", s.weightNs}};
        };
        printJsonWithLeadingArray(
            stdout, "steps", paths.size(),
            [&](std::FILE* out, std::size_t k, std::size_t indent) {
                const CriticalPath& p = paths[k];
                writeJsonObjectEndingInArray(out, head(p), "segments", p.segments.size(), indent,
                                             [&](std::FILE* o, std::size_t i, std::size_t in) { writeJsonAt(o, segment(p.segments[i]), in); });
            },
            nlohmann::ordered_json::object());
        return kExitOk;
    }
    if (csv) writeCsvRow(stdout, {"step", "start_ns", "end_ns", "host_ns", "launch_ns", "device_ns", "sync_ns", "bound",
                                  "length_ns", "hta_bound"});
    else std::printf("%-8s %14s %14s %14s %14s %14s %8s  %s\n", "step", "length (us)", "host (us)", "launch (us)", "device (us)",
                     "sync (us)", "bound", "HTA bound");
    for (const CriticalPath& p : paths) {
        if (csv) {
            writeCsvRow(stdout, {std::to_string(p.step), std::to_string(p.startNs), std::to_string(p.endNs),
                                 std::to_string(p.boundNs[0]), std::to_string(p.boundNs[1]), std::to_string(p.boundNs[2]),
                                 std::to_string(p.boundNs[3]), pathBoundName(p.bound), std::to_string(p.lengthNs),
                                 htaBoundName(p.htaBound)});
        } else {
            std::printf("%-8lld %14s %14s %14s %14s %14s %8s  %s\n", static_cast<long long>(p.step),
                        microsText(p.lengthNs).c_str(), microsText(p.boundNs[0]).c_str(),
                        microsText(p.boundNs[1]).c_str(), microsText(p.boundNs[2]).c_str(),
                        microsText(p.boundNs[3]).c_str(), pathBoundName(p.bound), htaBoundName(p.htaBound));
        }
    }
    return kExitOk;
}

const bool registered = registerCommand({"critical-path", "critical path per step and what bounds it", &runCriticalPath});

} // namespace
} // namespace opscope::cli
