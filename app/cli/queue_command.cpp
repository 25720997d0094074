// opscope-cli queue TRACE|STORE: launch queue length per device stream (+1 at a launching call's
// start, -1 at its device event's start) summarised as HTA's trace_counters does.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/launch/queue_length.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli queue TRACE|STORE [--csv | --json] [--limit N] [--series]\n"
    "One row per device stream: device, stream, count, mean, std, min, p25, p50, p75, max, time_at_limit_ns.\n"
    "The queue length rises by one when a launching call starts and falls by one when its device event\n"
    "starts; the statistics are over the values at the change points, not weighted by time (HTA's queue\n"
    "length summary: std with n - 1, quartiles interpolated). time_at_limit_ns sums the time from each\n"
    "change point at or above --limit (default 1024, CUDA's launch queue) to the next. --series (with\n"
    "--csv or --json) prints the change points themselves. A device event that starts before its launching\n"
    "call starts (host and device clocks disagree) leaves the queue at the call's start, so the length\n"
    "never drops below 0; such events are counted (early_starts in --json, a note otherwise).\n";

const std::vector<std::string> kColumns{"device", "stream", "count", "mean", "std", "min",
                                        "p25",    "p50",    "p75",   "max",  "time_at_limit_ns"};

nlohmann::ordered_json number(double v) { return std::isnan(v) ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v); }

nlohmann::ordered_json toJson(const QueueReport& report, const QueueOptions& options, bool series) {
    nlohmann::ordered_json streams = nlohmann::ordered_json::array();
    for (const StreamQueue& q : report.streams) {
        nlohmann::ordered_json row{{"device", q.device}, {"stream", q.stream}, {"count", q.count},
                                   {"mean", number(q.mean)}, {"std", number(q.std)}, {"min", q.min},
                                   {"p25", number(q.p25)}, {"p50", number(q.p50)}, {"p75", number(q.p75)},
                                   {"max", q.max}, {"time_at_limit_ns", q.timeAtLimitNs},
                                   {"early_starts", q.earlyStarts}};
        if (series) {
            nlohmann::ordered_json points = nlohmann::ordered_json::array();
            for (const QueuePoint& p : q.points) points.push_back({p.tsNs, p.length});
            row["points"] = std::move(points);
        }
        streams.push_back(std::move(row));
    }
    nlohmann::ordered_json out;
    out["streams"] = std::move(streams);
    out["limit"] = options.limit;
    out["trace_duration_ns"] = report.traceDurationNs;
    return out;
}

int runQueue(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    QueueOptions options;
    const bool csv = parser.flag("--csv"), json = parser.flag("--json"), series = parser.flag("--series");
    if (!intOption(parser, "--limit", 1, 1'000'000'000, &options.limit, "queue")) return kExitBadInput;
    if (csv && json) {
        std::fprintf(stderr, "opscope-cli queue: --csv and --json exclude each other\n");
        return kExitBadInput;
    }
    std::string input;
    if (!singleInput(parser, &input, "queue", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "queue");
    if (!session) return kExitBadInput;
    QueueReport report;
    Error error;
    if (!session->queueLength(options, &report, &error)) {
        std::fprintf(stderr, "opscope-cli queue: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (report.overflowed) std::fprintf(stderr, "opscope-cli queue: a sum overflowed int64 ns\n");
    std::int64_t earlyStarts = 0;
    for (const StreamQueue& q : report.streams) earlyStarts += q.earlyStarts;
    if (earlyStarts > 0 && !json)
        std::fprintf(stderr, "opscope-cli queue: %lld device events start before their launching call (host and device "
                             "clocks disagree); counted as starting at the call's start\n", static_cast<long long>(earlyStarts));
    if (json) {
        std::printf("%s\n", toJson(report, options, series).dump(2).c_str());
    } else if (csv && series) {
        writeCsvRow(stdout, {"device", "stream", "ts_ns", "queue_length"});
        for (const StreamQueue& q : report.streams)
            for (const QueuePoint& p : q.points)
                writeCsvRow(stdout, {q.device, q.stream, std::to_string(p.tsNs), std::to_string(p.length)});
    } else {
        if (csv) writeCsvRow(stdout, kColumns);
        else std::printf("%-8s %-8s %8s %8s %8s %6s %8s %8s %8s %6s %18s\n", "device", "stream", "count", "mean", "std",
                         "min", "p25", "p50", "p75", "max", "at limit (ns)");
        for (const StreamQueue& q : report.streams) {
            std::vector<std::string> row{q.device, q.stream, std::to_string(q.count), numberText(q.mean, 6),
                                         numberText(q.std, 6), std::to_string(q.min), numberText(q.p25, 6),
                                         numberText(q.p50, 6), numberText(q.p75, 6), std::to_string(q.max),
                                         std::to_string(q.timeAtLimitNs)};
            if (csv) writeCsvRow(stdout, row);
            else std::printf("%-8s %-8s %8s %8s %8s %6s %8s %8s %8s %6s %18s\n", row[0].c_str(), row[1].c_str(),
                             row[2].c_str(), numberText(q.mean, 2).c_str(), numberText(q.std, 2).c_str(), row[5].c_str(),
                             numberText(q.p25, 2).c_str(), numberText(q.p50, 2).c_str(), numberText(q.p75, 2).c_str(),
                             row[9].c_str(), row[10].c_str());
        }
    }
    return kExitOk;
}

const bool registered = registerCommand({"queue", "launch queue length per device stream (HTA)", &runQueue});

} // namespace
} // namespace opscope::cli
