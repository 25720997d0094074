// opscope-cli cluster INPUT... [--json] [--source auto|tasks|steps]: the per-rank × step summary of a
// distributed job, its slow ranks (each rule named) and slow links.
#include "app/cli/analysis_cli_support.h"
#include "core/analysis/cluster/cluster_json.h"
#include "core/analysis/cluster/cluster_merge.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "core/session/trace_session.h"

#include <cstdio>
#include <map>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli cluster INPUT... [--json] [--source auto|tasks|steps] [-o STORE]\n"
    "The ranks of one job: rank folders or files (several, or a folder holding them), an opscope store,\n"
    "or msprof-analyze's cluster_analysis_output. Per rank and step: compute, communication not overlapped,\n"
    "free and stage (us); then the slow ranks by msprof-analyze's advisor rule ((max - min) / mean > 0.05),\n"
    "its slow_rank recipe (Dixon / 3 sigma votes) and HTA's straggler rule, and the slow links.\n"
    "--source tasks computes from the ranks' device tasks, steps reads cluster_step_trace_time rows;\n"
    "auto (default) prefers the tasks when the traces are there. -o writes the job's store there.\n"
    "Step starts (start_ns) are on the job clock: the automatic alignment of the ranks plus\n"
    "--offset RANK=NS (repeatable), a manual correction added to that rank.\n"
    "NCCL kernels of Kineto ranks are listed with their collective, size, algorithm and bus bandwidth\n"
    "(nccl-tests' factors; docs/cluster.md).\n"
    "\n"
    "usage: opscope-cli cluster merge RANK_STORE... -o JOB_STORE\n"
    "Builds a job's cluster store from per-rank stores (opscope-cli import RANK -o rank.sqlite, run per rank\n"
    "under any job runner) without re-reading the traces: per-rank x step figures, communication rows, devices.\n";

int runMerge(ArgParser& parser) {
    std::string out;
    parser.option("-o", &out);
    std::vector<std::string> inputs = parser.positional();
    inputs.erase(inputs.begin()); // "merge"
    if (inputs.empty() || out.empty() || !parser.unknownOptions().empty()) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    ClusterMergeReport report;
    Error error;
    if (!mergeRankStores(inputs, out, &report, &error)) {
        std::fprintf(stderr, "opscope-cli cluster merge: %s\n", describe(error).c_str());
        return error.code == ErrorCode::StoreFailed ? kExitFailure : kExitBadInput;
    }
    for (const std::string& d : report.duplicateRanks)
        std::fprintf(stderr, "opscope-cli cluster merge: warning: two stores hold %s\n", d.c_str());
    std::printf("%s: %d ranks, %lld step rows, %lld communication operators, %lld matrix links\n", out.c_str(),
                report.ranks, static_cast<long long>(report.stepRows), static_cast<long long>(report.commOps),
                static_cast<long long>(report.commLinks));
    return kExitOk;
}

void printTable(const ClusterSummary& s) {
    std::printf("source: %s\n", s.source.c_str());
    std::printf("%6s  %-10s  %14s  %14s  %14s  %14s\n", "rank", "step", "compute (us)", "comm n.o. (us)",
                "free (us)", "stage (us)");
    for (const RankStepFigures& f : s.figures)
        std::printf("%6d  %-10s  %14s  %14s  %14s  %14s\n", f.rank, f.step.empty() ? "-" : f.step.c_str(),
                    microsText(f.computeNs).c_str(), microsText(f.communicationNotOverlappedNs).c_str(),
                    microsText(f.freeNs).c_str(), microsText(f.stageNs).c_str());
    for (const AdvisorDimension& d : s.advisor)
        std::printf("advisor %-30s (max - min) / mean = %.4f%s\n", d.dimension.c_str(), d.ratio,
                    d.fires ? "  > 0.05: fires" : "");
    if (s.slowRanks.empty()) std::printf("slow ranks: none\n");
    for (const SlowRank& r : s.slowRanks)
        std::printf("slow rank %d: %s, %s%s%s (%g)\n", r.rank, r.rule.c_str(), r.reason.c_str(),
                    r.dimension.empty() ? "" : ", ", r.dimension.empty() ? r.group.c_str() : r.dimension.c_str(), r.value);
    for (const SlowLink& l : s.slowLinks)
        std::printf("slow link %s: rank %d at %.4f GB/s, mean %.4f GB/s, (max - min) / mean = %.4f\n",
                    l.linkType.c_str(), l.rank, l.bandwidthGBps, l.meanGBps, l.ratio);
}

void printNccl(const std::vector<NcclCollective>& collectives) {
    for (const NcclCollective& c : collectives)
        std::printf("nccl rank %d %s (%s, group %s, n=%d): %lld bytes in %s us, algbw %.4f GB/s, busbw %.4f GB/s\n", c.rank,
                    c.args.collective.c_str(), c.args.dtype.c_str(), c.args.group.c_str(), c.args.groupSize,
                    static_cast<long long>(c.bytes), microsText(c.durNs).c_str(), c.algorithmGBps, c.busGBps);
}

int runCluster(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    if (!parser.positional().empty() && parser.positional().front() == "merge") return runMerge(parser);
    const bool json = parser.flag("--json");
    std::string sourceText = "auto", storePath;
    parser.option("--source", &sourceText);
    parser.option("-o", &storePath);
    std::map<int, TimeNs> manualOffsets;
    for (std::string offset; parser.option("--offset", &offset);) {
        const std::size_t eq = offset.find('=');
        std::optional<TimeNs> ns = eq == std::string::npos ? std::nullopt : parseDecimalScaled(offset.substr(eq + 1), 0);
        if (!ns || eq == 0 || offset.find_first_not_of("0123456789") != eq) {
            std::fprintf(stderr, "opscope-cli cluster: --offset wants RANK=NS, got '%s'\n", offset.c_str());
            return kExitBadInput;
        }
        manualOffsets[std::stoi(offset.substr(0, eq))] = *ns;
    }
    ClusterSourceChoice choice = ClusterSourceChoice::Auto;
    if (sourceText == "tasks") choice = ClusterSourceChoice::DeviceTasks;
    else if (sourceText == "steps") choice = ClusterSourceChoice::ClusterSteps;
    else if (sourceText != "auto") {
        std::fprintf(stderr, "opscope-cli cluster: --source must be auto, tasks or steps\n%s", kHelp);
        return kExitBadInput;
    }
    std::vector<std::string> inputs = parser.positional();
    if (inputs.empty() || !parser.unknownOptions().empty()) {
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    OpenOptions options;
    options.storePath = storePath;
    Error error;
    std::shared_ptr<TraceSession> session = TraceSession::open(inputs, options, ImportProgress{}, nullptr, &error);
    if (!session) {
        std::fprintf(stderr, "opscope-cli cluster: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    ClusterQuery query;
    query.source = choice;
    query.manualRankOffsetsNs = std::move(manualOffsets);
    ClusterSummary summary;
    if (!session->clusterSummary(query, &summary, &error)) {
        std::fprintf(stderr, "opscope-cli cluster: no per-rank figures: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    CommunicationOverview communication;
    if (!session->communication(&communication, &error)) {
        std::fprintf(stderr, "opscope-cli cluster: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (json) {
        nlohmann::json out = clusterSummaryJson(summary);
        out["nccl_collectives"] = ncclCollectivesJson(communication.nccl);
        std::printf("%s\n", out.dump(2).c_str());
    } else {
        printTable(summary);
        printNccl(communication.nccl);
    }
    return kExitOk;
}

const bool registered =
    registerCommand({"cluster", "per-rank x step summary of a distributed job, slow ranks and slow links", &runCluster});

} // namespace
} // namespace opscope::cli
