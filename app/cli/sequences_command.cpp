// opscope-cli sequences TRACE|STORE: the kernel sequences each host operator launches, counted, with
// their launch delays; the frequent ones listed as fusion candidates (HTA's frequent CUDA kernel sequences).
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/launch/kernel_sequences.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli sequences TRACE|STORE [--op NAME] [--min-len N] [--top K] [--csv | --json]\n"
    "For each root operator, the device events launched under it (through launch links) in start order\n"
    "make a pattern \"op|kernel|kernel|...\". Roots: with --op, the host operators whose name contains NAME\n"
    "at the shallowest depth where such names occur (HTA); without, every top-level cpu_op. Patterns with\n"
    "fewer than --min-len kernels (default 3) are left out. Per pattern: count, GPU time, operator CPU time,\n"
    "mean operator start -> first launch and mean launch end -> kernel start. The --top K (default 5)\n"
    "patterns seen at least twice are listed as fusion candidates.\n";

nlohmann::ordered_json toJson(const KernelSequence& s) {
    return {{"pattern", s.pattern}, {"kernels", s.kernels}, {"count", s.count}, {"gpu_total_ns", s.gpuTotalNs},
            {"cpu_total_ns", s.cpuTotalNs}, {"mean_op_to_launch_ns", s.meanOpToLaunchNs()},
            {"mean_launch_to_kernel_ns", s.meanLaunchToKernelNs()}};
}

int runSequences(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    SequenceOptions options;
    parser.option("--op", &options.operatorName);
    const bool csv = parser.flag("--csv"), json = parser.flag("--json");
    if (!intOption(parser, "--min-len", 1, 1'000'000, &options.minPatternLength, "sequences") ||
        !intOption(parser, "--top", 0, 1'000'000, &options.topK, "sequences"))
        return kExitBadInput;
    if (csv && json) {
        std::fprintf(stderr, "opscope-cli sequences: --csv and --json exclude each other\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "sequences", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "sequences");
    if (!session) return kExitBadInput;
    SequenceReport report;
    Error error;
    if (!session->kernelSequences(options, &report, &error)) {
        std::fprintf(stderr, "opscope-cli sequences: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (report.overflowed) std::fprintf(stderr, "opscope-cli sequences: a sum overflowed int64 ns\n");
    if (json) {
        nlohmann::ordered_json out;
        out["sequences"] = nlohmann::ordered_json::array();
        for (const KernelSequence& s : report.sequences) out["sequences"].push_back(toJson(s));
        out["fusion_candidates"] = nlohmann::ordered_json::array();
        for (const KernelSequence& s : report.fusionCandidates) out["fusion_candidates"].push_back(toJson(s));
        out["roots"] = report.roots;
        std::printf("%s\n", out.dump(2).c_str());
        return kExitOk;
    }
    if (csv) {
        writeCsvRow(stdout, {"pattern", "kernels", "count", "gpu_total_ns", "cpu_total_ns", "mean_op_to_launch_ns",
                             "mean_launch_to_kernel_ns", "fusion_candidate"});
        for (const KernelSequence& s : report.sequences) {
            bool candidate = false;
            for (const KernelSequence& c : report.fusionCandidates) candidate |= c.pattern == s.pattern;
            writeCsvRow(stdout, {s.pattern, std::to_string(s.kernels), std::to_string(s.count), std::to_string(s.gpuTotalNs),
                                 std::to_string(s.cpuTotalNs), numberText(s.meanOpToLaunchNs(), 1),
                                 numberText(s.meanLaunchToKernelNs(), 1), candidate ? "1" : "0"});
        }
        return kExitOk;
    }
    std::printf("%lld root operators with at least %lld kernels, %zu distinct sequences\n\nfusion candidates:\n",
                static_cast<long long>(report.roots), static_cast<long long>(options.minPatternLength),
                report.sequences.size());
    for (const KernelSequence& s : report.fusionCandidates)
        std::printf("  x%-6lld gpu %s us  %s\n", static_cast<long long>(s.count), microsText(s.gpuTotalNs).c_str(),
                    s.pattern.c_str());
    return kExitOk;
}

const bool registered = registerCommand({"sequences", "kernel sequences per host operator, fusion candidates (HTA)", &runSequences});

} // namespace
} // namespace opscope::cli
