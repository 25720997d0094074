// opscope-cli compare BASE NEW [--threshold 5%] [--csv]: what changed between two traces (totals, devices,
// operators, bubbles, findings); exits 1 naming every regression beyond the threshold, 0 otherwise.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/compare_inputs.h"
#include "app/cli/csv_writer.h"
#include "core/analysis/compare/baseline_json.h"
#include "core/report/comparison_csv.h"

#include <cmath>
#include <cstdio>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli compare BASE NEW [--threshold 5%] [--csv | --json] [--all] [--min-delta-us X]\n"
    "                           [--min-bubble-us X] [--no-findings] [--step N | --step N:M]\n"
    "Compares two traces: trace duration, device busy time (total and per device), bubble totals, per-operator\n"
    "count/total/mean with deltas and ratios, new and vanished operators, findings that appeared or\n"
    "disappeared. BASE may be a trace, a store or a baseline JSON (`opscope-cli baseline save`); so may NEW.\n"
    "A time regresses when it grows by more than --threshold (percent, default 5%) and by more than the noise\n"
    "floor (--min-delta-us, default 1 us, or 0.1% of the base busy time if larger): busy time, bubble time,\n"
    "each device's busy time, each operator's total and mean; a new operator regresses when it alone adds more\n"
    "than the threshold of the base busy time; a new high-severity finding regresses.\n"
    "Exit code: 0 nothing regressed, 1 something did (each one is named), 2 bad input.\n"
    "  --csv    one CSV table on stdout (regressions still named on stderr)\n"
    "  --step N[:M]  ProfilerStep#N of BASE against ProfilerStep#M (default N) of NEW, by launch: the device\n"
    "           work each step launched, its bubbles and findings within that work's span\n"
    "A host-operator section (HTA's trace diff) lists cpu_op counts: added, deleted, increased, decreased\n"
    "(by count), with the total durations beside; it does not decide regressions.\n"
    "  --all    list every operator (default: the 25 largest changes)\n"
    "  --json   totals, device operators and host operators in exact ns (docs/cli.md); the verdict on stderr\n";

std::string signedMicros(double ns) {
    std::string text = microsText(ns);
    return ns > 0 ? "+" + text : text;
}

std::string ratioText(double ratio) { return std::isnan(ratio) ? "-" : numberText(ratio, 3); }

std::string growthText(double base, double current) {
    if (base == 0) return "new";
    return (current >= base ? "+" : "") + numberText((current / base - 1.0) * 100.0, 1) + "%";
}

std::string valueText(const MetricDiff& m, double v) {
    if (m.unit == "ns") return microsText(v) + " us";
    if (m.unit == "ratio") return numberText(v * 100.0, 1) + "%";
    return std::to_string(static_cast<long long>(std::llround(v)));
}

std::string regressionText(const Regression& r) {
    const std::string change = microsText(r.base) + " us -> " + microsText(r.current) + " us (" +
                               growthText(r.base, r.current) + ")";
    switch (r.kind) {
    case RegressionKind::BusyTime: return "device busy time " + change;
    case RegressionKind::BubbleTime: return "bubble time " + change;
    case RegressionKind::DeviceBusy: return "device \"" + r.subject + "\" busy time " + change;
    case RegressionKind::OperatorTotal: return "operator \"" + r.subject + "\" total time " + change;
    case RegressionKind::OperatorMean: return "operator \"" + r.subject + "\" mean time " + change;
    case RegressionKind::NewOperator: return "new operator \"" + r.subject + "\" takes " + microsText(r.current) + " us";
    case RegressionKind::NewFinding: return "new high-severity finding \"" + r.subject + "\"";
    }
    return r.subject;
}

std::string operatorStatus(const OperatorDiff& d) {
    if (d.regressed()) return "regressed";
    if (d.presence != Presence::Both) return presenceName(d.presence);
    return d.deltaTotalNs() == 0 ? "same" : "changed";
}

void printText(const ComparisonResult& r, bool all) {
    std::printf("base: %s\nnew:  %s\nthreshold %s%%, noise floor %s us\n\n", r.baseSource.c_str(), r.newSource.c_str(),
                numberText(r.options.threshold * 100.0, 1).c_str(), microsText(r.noiseFloorNs).c_str());
    std::printf("%-22s %18s %18s %14s %8s\n", "total", "base", "new", "change", "");
    for (const MetricDiff& m : r.totals)
        std::printf("%-22s %18s %18s %14s %8s\n", m.name.c_str(), valueText(m, m.base).c_str(),
                    valueText(m, m.current).c_str(), m.unit == "ratio" ? "" : growthText(m.base, m.current).c_str(),
                    m.regressed ? "REGRESSED" : "");
    if (r.devices.size() > 1 || (r.devices.size() == 1 && r.devices[0].presence != Presence::Both)) {
        std::printf("\n%-22s %18s %18s %14s\n", "device busy", "base (us)", "new (us)", "change");
        for (const DeviceDiff& d : r.devices)
            std::printf("%-22s %18s %18s %14s %8s\n", d.label.c_str(), microsText(d.baseBusyNs).c_str(),
                        microsText(d.newBusyNs).c_str(),
                        d.presence == Presence::Both ? growthText(static_cast<double>(d.baseBusyNs), static_cast<double>(d.newBusyNs)).c_str()
                                                     : presenceName(d.presence),
                        d.regressed ? "REGRESSED" : "");
    }
    std::printf("\n%-40s %13s %14s %14s %14s %7s %12s %12s  %s\n", "operator", "count", "base (us)", "new (us)",
                "delta (us)", "ratio", "mean b (us)", "mean n (us)", "status");
    std::size_t shown = 0;
    for (const OperatorDiff& d : r.operators) {
        if (!all && shown == 25) {
            std::printf("... %zu more (--all)\n", r.operators.size() - shown);
            break;
        }
        ++shown;
        std::string name = d.name.size() > 40 ? d.name.substr(0, 37) + "..." : d.name;
        std::string count = std::to_string(d.baseCount) + "->" + std::to_string(d.newCount);
        std::printf("%-40s %13s %14s %14s %14s %7s %12s %12s  %s\n", name.c_str(), count.c_str(),
                    microsText(d.baseTotalNs).c_str(), microsText(d.newTotalNs).c_str(),
                    signedMicros(static_cast<double>(d.deltaTotalNs())).c_str(), ratioText(d.totalRatio()).c_str(),
                    microsText(d.baseMeanNs).c_str(), microsText(d.newMeanNs).c_str(), operatorStatus(d).c_str());
    }
    if (!r.findings.empty()) std::printf("\nfindings:\n");
    for (const FindingDiff& f : r.findings) {
        const char* what = f.presence == Presence::New ? "appeared" : f.presence == Presence::Vanished ? "disappeared" : "still fires";
        std::printf("  %-12s %-8s %s (%s)%s\n", what, f.severity.c_str(), f.title.c_str(), f.ruleId.c_str(),
                    f.regressed ? "  REGRESSED" : "");
    }
    std::printf("\n");
}

void printHostOperators(const ComparisonResult& r, bool all) {
    if (r.hostOperators.empty()) return;
    std::printf("host operators (by count, HTA trace diff):\n");
    int shown = 0;
    for (const HostOperatorDiff& h : r.hostOperators) {
        if (h.change == CountChange::Unchanged && !all) continue;
        if (!all && shown++ >= 25) break;
        std::printf("  %-10s %-50s %6lld -> %-6lld %14s us\n", countChangeName(h.change), h.name.substr(0, 50).c_str(),
                    static_cast<long long>(h.baseCount), static_cast<long long>(h.newCount),
                    microsText(h.diffDurationNs()).c_str());
    }
    std::printf("\n");
}

void printCsv(const ComparisonResult& r) {
    writeCsvRow(stdout, comparisonCsvHeader());
    for (const std::vector<std::string>& row : comparisonCsvRows(r)) writeCsvRow(stdout, row);
}

int runCompare(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    CompareOptions options;
    BaselineOptions baseline;
    std::string threshold;
    if (parser.option("--threshold", &threshold) && !parseThresholdPercent(threshold, &options.threshold)) {
        std::fprintf(stderr, "opscope-cli compare: --threshold wants a percentage such as 5%%, not '%s'\n", threshold.c_str());
        return kExitBadInput;
    }
    const bool csv = parser.flag("--csv"), all = parser.flag("--all"), json = parser.flag("--json");
    if (csv && json) {
        std::fprintf(stderr, "opscope-cli compare: --csv and --json exclude each other\n");
        return kExitBadInput;
    }
    baseline.includeFindings = !parser.flag("--no-findings");
    options.gateFindings = baseline.includeFindings;
    double minDeltaUs = 1, minBubbleUs = 0;
    if (!doubleOption(parser, "--min-delta-us", 0, &minDeltaUs, "compare") ||
        !doubleOption(parser, "--min-bubble-us", 0, &minBubbleUs, "compare"))
        return kExitBadInput;
    options.minDeltaNs = static_cast<TimeNs>(std::llround(minDeltaUs * 1000.0));
    baseline.minBubbleNs = static_cast<TimeNs>(std::llround(minBubbleUs * 1000.0));
    std::string stepText;
    std::int64_t baseStep = -1, newStep = -1;
    if (parser.option("--step", &stepText) && !parseStepPair(stepText, &baseStep, &newStep)) {
        std::fprintf(stderr, "opscope-cli compare: --step wants N or N:M (step numbers), not '%s'\n", stepText.c_str());
        return kExitBadInput;
    }
    const std::vector<std::string> inputs = parser.positional();
    if (!parser.unknownOptions().empty() || inputs.size() != 2) {
        if (!parser.unknownOptions().empty())
            std::fprintf(stderr, "opscope-cli compare: unknown option %s\n", parser.unknownOptions()[0].c_str());
        std::fprintf(stderr, "%s", kHelp);
        return kExitBadInput;
    }
    BaselineAggregates base, current;
    BaselineOptions baseOptions = baseline, newOptions = baseline;
    baseOptions.step = baseStep;
    newOptions.step = newStep;
    if (!loadAggregates(inputs[0], baseOptions, &base, "compare") || !loadAggregates(inputs[1], newOptions, &current, "compare"))
        return kExitBadInput;
    const ComparisonResult result = compareBaselines(base, current, options);
    if (csv) printCsv(result);
    else if (json) std::printf("%s\n", comparisonJson(result).dump(2).c_str());
    else {
        printText(result, all);
        printHostOperators(result, all);
    }
    std::FILE* verdict = csv || json ? stderr : stdout;
    for (const Regression& r : result.regressions)
        std::fprintf(verdict, "REGRESSION: %s\n", regressionText(r).c_str());
    if (result.regressed()) {
        std::fprintf(verdict, "%zu regression(s) beyond %s%%\n", result.regressions.size(),
                     numberText(options.threshold * 100.0, 1).c_str());
        return kExitRegression;
    }
    std::fprintf(verdict, "OK: nothing regressed beyond %s%%\n", numberText(options.threshold * 100.0, 1).c_str());
    return kExitOk;
}

const bool registered =
    registerCommand({"compare", "compare two traces (or a baseline); exit 1 on a regression (CI gate)", &runCompare});

} // namespace
} // namespace opscope::cli
