// opscope-cli communication TRACE|STORE: the Communication view's figures as text, CSV or JSON: per rank
// the collectives' elapse, transit, wait, synchronisation and idle with the wait and synchronisation
// ratios against the 0.2 guidance, bandwidth per rank and link type, packet sizes per link type, the
// communication matrix and the slow links (docs/cluster.md "Communication").
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/communication/communication_analysis.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli communication TRACE|FOLDER|STORE [--json | --csv]\n"
    "Communication per rank (collective operators summed: elapse, transit, wait, synchronisation, idle,\n"
    "wait ratio W/(W+T) and synchronisation ratio S/(S+T), each flagged above the 0.2 guidance), per rank and\n"
    "link type (bandwidth = transit size / transit time), packet sizes per link type, the communication\n"
    "matrix (source rank x destination rank) and the slow links, as the Communication view shows them.\n"
    "Sources: communication.json and communication_matrix.json of torch_npu ranks, msprof-analyze's\n"
    "cluster_analysis_output, or a merged cluster store. --csv prints the per-rank table.\n"
    "Definitions: docs/cluster.md \"Communication\"; JSON keys: docs/cli.md \"communication\".\n";

const std::vector<std::string> kRankColumns{"rank",          "ops",        "elapse_ns",         "transit_ns",
                                            "wait_ns",       "synchronization_ns", "idle_ns",  "wait_ratio",
                                            "synchronization_ratio", "wait_above_guidance",
                                            "synchronization_above_guidance"};

nlohmann::ordered_json rankJson(const RankCommFigures& r) {
    return {{"rank", r.rank},
            {"ops", r.ops},
            {"elapse_ns", r.elapseNs},
            {"transit_ns", r.transitNs},
            {"wait_ns", r.waitNs},
            {"synchronization_ns", r.synchronizationNs},
            {"idle_ns", r.idleNs},
            {"wait_ratio", r.waitRatio},
            {"synchronization_ratio", r.synchronizationRatio},
            {"wait_above_guidance", r.waitAboveGuidance},
            {"synchronization_above_guidance", r.synchronizationAboveGuidance}};
}

nlohmann::ordered_json toJson(const CommunicationOverview& overview) {
    const CommunicationReport& report = overview.report;
    nlohmann::ordered_json out;
    out["guidance_ratio"] = kCommRatioGuidance;
    nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
    for (const RankCommFigures& r : report.ranks) ranks.push_back(rankJson(r));
    out["ranks"] = std::move(ranks);
    out["guidance_slow_rank"] = report.guidanceSlowRank;
    nlohmann::ordered_json ops = nlohmann::ordered_json::array();
    for (const CommOpRank& op : overview.ops)
        ops.push_back({{"group", op.group},
                       {"step", op.step},
                       {"kind", op.kind},
                       {"op", op.opName},
                       {"rank", op.rank},
                       {"start_ns", op.startNs},
                       {"elapse_ns", op.elapseNs},
                       {"transit_ns", op.transitNs},
                       {"wait_ns", op.waitNs},
                       {"synchronization_ns", op.synchronizationNs},
                       {"idle_ns", op.idleNs},
                       {"wait_ratio", op.waitRatio},
                       {"synchronization_ratio", op.synchronizationRatio}});
    out["operators"] = std::move(ops);
    nlohmann::ordered_json bandwidth = nlohmann::ordered_json::array();
    for (const RankLinkBandwidth& b : report.bandwidth)
        bandwidth.push_back({{"rank", b.rank},
                             {"link_type", b.linkType},
                             {"transit_size_mb", b.transitSizeMB},
                             {"transit_ns", b.transitNs},
                             {"bandwidth_gbps", b.bandwidthGBps()}});
    out["bandwidth"] = std::move(bandwidth);
    nlohmann::ordered_json packets = nlohmann::ordered_json::object();
    for (const auto& [link, buckets] : report.packetsByLink) {
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (const PacketBucket& p : buckets)
            rows.push_back({{"size_mb", p.sizeMB}, {"count", p.count}, {"transit_ns", p.transitNs}});
        packets[link] = std::move(rows);
    }
    out["packets"] = std::move(packets);
    nlohmann::ordered_json matrix = nlohmann::ordered_json::array();
    for (const MatrixCell& c : report.matrix)
        matrix.push_back({{"src_rank", c.srcRank},
                          {"dst_rank", c.dstRank},
                          {"transport", c.transport},
                          {"transit_size_mb", c.transitSizeMB},
                          {"transit_ns", c.transitNs},
                          {"bandwidth_gbps", c.bandwidthGBps()}});
    out["matrix"] = std::move(matrix);
    out["matrix_group_local"] = report.matrixGroupLocal;
    nlohmann::ordered_json slow = nlohmann::ordered_json::array();
    for (const SlowLink& l : overview.slowLinks)
        slow.push_back({{"rule", l.rule},
                        {"link_type", l.linkType},
                        {"rank", l.rank},
                        {"bandwidth_gbps", l.bandwidthGBps},
                        {"mean_gbps", l.meanGBps},
                        {"ratio", l.ratio}});
    out["slow_links"] = std::move(slow);
    return out;
}

std::vector<std::string> rankRow(const RankCommFigures& r) {
    return {std::to_string(r.rank),         std::to_string(r.ops),          std::to_string(r.elapseNs),
            std::to_string(r.transitNs),    std::to_string(r.waitNs),       std::to_string(r.synchronizationNs),
            std::to_string(r.idleNs),       numberText(r.waitRatio, 4),     numberText(r.synchronizationRatio, 4),
            r.waitAboveGuidance ? "1" : "0", r.synchronizationAboveGuidance ? "1" : "0"};
}

void printText(const CommunicationOverview& overview) {
    const CommunicationReport& report = overview.report;
    std::printf("%-6s %6s %18s %18s %18s %18s %18s %8s %8s\n", "rank", "ops", "elapse", "transit", "wait", "sync", "idle",
                "wait r", "sync r");
    for (const RankCommFigures& r : report.ranks)
        std::printf("%-6d %6lld %18s %18s %18s %18s %18s %7s%s %7s%s\n", r.rank, static_cast<long long>(r.ops),
                    humanDurationText(r.elapseNs).c_str(), humanDurationText(r.transitNs).c_str(),
                    humanDurationText(r.waitNs).c_str(), humanDurationText(r.synchronizationNs).c_str(),
                    humanDurationText(r.idleNs).c_str(), numberText(r.waitRatio, 4).c_str(),
                    r.waitAboveGuidance ? "!" : " ", numberText(r.synchronizationRatio, 4).c_str(),
                    r.synchronizationAboveGuidance ? "!" : " ");
    if (report.guidanceSlowRank >= 0)
        std::printf("guidance: rank %d waits least while the most-waiting rank synchronises above %.1f: it arrives last\n",
                    report.guidanceSlowRank, kCommRatioGuidance);
    for (const RankLinkBandwidth& b : report.bandwidth)
        std::printf("bandwidth rank %d %-5s %10.3f GB/s (%s MB in %s)\n", b.rank, b.linkType.c_str(), b.bandwidthGBps(),
                    numberText(b.transitSizeMB, 3).c_str(), humanDurationText(b.transitNs).c_str());
    if (!report.matrix.empty())
        std::printf("matrix: %zu rank pairs%s\n", report.matrix.size(),
                    report.matrixGroupLocal ? " (group-local ranks: no link maps to global ranks)" : "");
    for (const SlowLink& l : overview.slowLinks)
        std::printf("slow link %s: rank %d at %.3f GB/s against a mean of %.3f (ratio %.3f)\n", l.linkType.c_str(), l.rank,
                    l.bandwidthGBps, l.meanGBps, l.ratio);
}

int runCommunication(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    const bool csv = parser.flag("--csv"), json = parser.flag("--json");
    if (csv && json) {
        std::fprintf(stderr, "opscope-cli communication: --csv and --json exclude each other\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "communication", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "communication");
    if (!session) return kExitBadInput;
    CommunicationOverview overview;
    Error error;
    if (!session->communication(&overview, &error)) {
        std::fprintf(stderr, "opscope-cli communication: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (json) {
        std::printf("%s\n", toJson(overview).dump(2).c_str());
    } else if (csv) {
        writeCsvRow(stdout, kRankColumns);
        for (const RankCommFigures& r : overview.report.ranks) writeCsvRow(stdout, rankRow(r));
    } else if (overview.report.ranks.empty()) {
        std::printf("no communication operators (communication.json, the cluster output or HCCL/NCCL rows)\n");
    } else {
        printText(overview);
    }
    return kExitOk;
}

const bool registered =
    registerCommand({"communication", "communication per rank, link and rank pair, and slow links", &runCommunication});

} // namespace
} // namespace opscope::cli
