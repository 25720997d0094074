// opscope-cli baseline save TRACE|STORE -o base.json: the aggregates a later `compare` needs, as a small
// JSON file kept in the repository or the CI cache instead of the whole trace.
#include "app/cli/analysis_cli_support.h"
#include "core/analysis/compare/baseline_json.h"

#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli baseline save TRACE|STORE -o BASE.json [--min-bubble-us X] [--no-findings]\n"
    "       opscope-cli baseline show BASE.json\n"
    "save: writes the trace's aggregates (busy time per device, per-operator count/total/mean, bubble totals,\n"
    "      fired diagnosis findings) as JSON; `opscope-cli compare BASE.json NEW` compares a later trace to it.\n"
    "      --no-findings skips the diagnosis (faster; compare then does not gate on findings).\n"
    "show: prints a baseline's totals.\n";

int save(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    std::string out;
    if (!parser.option("-o", &out)) parser.option("--output", &out);
    double minBubbleUs = 0;
    BaselineOptions options;
    options.includeFindings = !parser.flag("--no-findings");
    if (!doubleOption(parser, "--min-bubble-us", 0, &minBubbleUs, "baseline")) return kExitBadInput;
    options.minBubbleNs = static_cast<TimeNs>(minBubbleUs * 1000.0);
    std::string input;
    if (!singleInput(parser, &input, "baseline", kHelp)) return kExitBadInput;
    if (out.empty()) {
        std::fprintf(stderr, "opscope-cli baseline: -o BASE.json is required\n%s", kHelp);
        return kExitBadInput;
    }
    std::shared_ptr<TraceSession> session = openInputSession(input, "baseline");
    if (!session) return kExitBadInput;
    BaselineAggregates baseline;
    Error error;
    if (!session->baseline(options, &baseline, &error)) {
        std::fprintf(stderr, "opscope-cli baseline: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (!writeBaselineFile(out, baseline, &error)) {
        std::fprintf(stderr, "opscope-cli baseline: cannot write %s\n", out.c_str());
        return kExitFailure;
    }
    std::printf("%s: %zu operator(s), %zu device(s), busy %s, %zu finding(s)\n", out.c_str(), baseline.operators.size(),
                baseline.devices.size(), humanDurationText(baseline.busyNs).c_str(), baseline.findings.size());
    return kExitOk;
}

int show(std::vector<std::string> args) {
    ArgParser parser(std::move(args));
    std::string input;
    if (!singleInput(parser, &input, "baseline", kHelp)) return kExitBadInput;
    BaselineAggregates b;
    Error error;
    if (!readBaselineFile(input, &b, &error)) {
        std::fprintf(stderr, "opscope-cli baseline: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    std::printf("source:          %s\n", b.source.c_str());
    std::printf("trace duration:  %s\n", humanDurationText(b.traceDurationNs).c_str());
    std::printf("busy time:       %s over %zu device(s), imbalance %s%%\n", humanDurationText(b.busyNs).c_str(),
                b.devices.size(), numberText(b.imbalance * 100, 1).c_str());
    std::printf("bubbles:         %lld, %s\n", static_cast<long long>(b.bubbleCount), humanDurationText(b.bubbleTotalNs).c_str());
    std::printf("operators:       %zu (%lld executions)\n", b.operators.size(), static_cast<long long>(b.executions));
    std::printf("findings:        %s\n", b.hasFindings ? std::to_string(b.findings.size()).c_str() : "not computed");
    return kExitOk;
}

int runBaseline(const std::vector<std::string>& args) {
    if (args.empty() || wantsHelp(args)) {
        std::printf("%s", kHelp);
        return args.empty() ? kExitBadInput : kExitOk;
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (args[0] == "save") return save(std::move(rest));
    if (args[0] == "show") return show(std::move(rest));
    std::fprintf(stderr, "opscope-cli baseline: unknown subcommand '%s'\n%s", args[0].c_str(), kHelp);
    return kExitBadInput;
}

const bool registered =
    registerCommand({"baseline", "save a trace's aggregates as a JSON baseline for compare", &runBaseline});

} // namespace
} // namespace opscope::cli
