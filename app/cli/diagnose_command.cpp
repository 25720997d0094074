// opscope-cli diagnose TRACE|STORE: the rules engine's findings with evidence, as text or JSON.
#include "app/cli/analysis_cli_support.h"
#include "app/cli/cli_language.h"
#include "core/analysis/roofline/device_profile.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/finding_value_text.h"
#include "core/analysis/diagnosis/diagnosis_json.h"
#include "core/analysis/diagnosis/rules_config.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

namespace opscope::cli {

namespace {

const char* kHelp =
    "usage: opscope-cli diagnose TRACE|STORE [--rules FILE] [--device FILE|ID] [--range START_NS:END_NS]\n"
    "                            [--fusion-patterns FILE] [--lang en|zh_CN] [--all] [--json]\n"
    "Runs the diagnosis rules (resources/rules/diagnosis_rules.json, compiled in; --rules merges a file of\n"
    "yours over them by rule id) and prints each finding with its measured value, threshold, time at stake,\n"
    "evidence and suggestion, sorted by time at stake. Rules whose inputs the trace lacks say what they need.\n"
    "--device picks a device profile (a JSON file, or a built-in id: ascend-910a, ascend-910b1 .. ascend-910b4,\n"
    "ascend-910-93, ascend-310p3, a100-sxm4-80gb, h100-sxm5-80gb) for bandwidth utilisation and the roofline;\n"
    "by default one is detected from the trace (an msprof export's NPU_INFO chip name, device names).\n"
    "--fusion-patterns gives the graph fusion patterns (msprof-analyze's op_fusion_pass.yaml layout) that the rule\n"
    "ascend_graph_fusion searches in the store's GE graph (opscope-cli graph import first); a bad file is an error.\n"
    "--all also lists the rules that passed. --lang picks the language of titles, needs and suggestions\n"
    "(default: the GUI's language setting, else the locale). Exit code 0 whatever is found.\n";

const std::string& pick(const LocalizedText& t, bool zh) { return zh && !t.zhCN.empty() ? t.zhCN : t.en; }

void printFinding(const Finding& f, bool zh) {
    std::printf("[%s] %s (%s)\n", severityName(f.severity), pick(f.title, zh).c_str(), f.ruleId.c_str());
    std::printf("  measured %s, fires when %s %s; time at stake %s (%s of device time)\n",
                findingValueText(f.measured, f.unit).c_str(), f.comparison.c_str(), findingValueText(f.threshold, f.unit).c_str(),
                humanDurationText(f.timeAtStakeNs).c_str(), numberText(f.timeShare * 100.0, 1).append("%").c_str());
    if (!f.detail.empty()) std::printf("  %s\n", f.detail.c_str());
    if (!f.guard.empty()) std::printf("  held back by %s\n", f.guard.c_str());
    std::size_t shown = 0;
    for (const EvidenceRange& r : f.ranges) {
        if (shown++ == 5) break;
        std::printf("  range %lld .. %lld ns (%s) %s\n", static_cast<long long>(r.startNs),
                    static_cast<long long>(r.endNs), humanDurationText(r.endNs - r.startNs).c_str(), r.label.c_str());
    }
    shown = 0;
    for (const EvidenceOperator& o : f.operators) {
        if (shown++ == 5) break;
        std::printf("  operator %s: %s, %s in %lld execution(s)\n", o.name.c_str(), findingValueText(o.value, f.unit).c_str(),
                    humanDurationText(o.totalNs).c_str(), static_cast<long long>(o.count));
    }
    std::printf("  suggestion: %s\n\n", pick(f.suggestion, zh).c_str());
}

void printRooflineProfile(const RooflineData& r) {
    std::printf("device profile: %s", r.profile.name.c_str());
    if (r.profileMissing.empty())
        std::printf(", nominal %s TFLOPS and %s GB/s, ridge at %s ops/byte%s", numberText(r.peakTflops, 1).c_str(),
                    numberText(r.bandwidthGBps, 0).c_str(), numberText(r.ridgeIntensity, 1).c_str(),
                    r.profile.verified ? "" : " (figures not from a vendor datasheet: see the profile's sources)");
    std::printf("\n");
    for (const std::string& field : r.profileMissing)
        std::printf("  %s: unknown in this profile, so no roofline ceiling (pass --device with a profile that has it)\n",
                    field.c_str());
    if (!r.profileMissing.empty() && !r.profile.note.empty()) std::printf("  %s\n", r.profile.note.c_str());
}

void printRoofline(const RooflineData& r) {
    if (r.points.empty() && r.needs.empty()) return;
    std::printf("\nroofline (%s ops/byte memory-bound, above %s compute-bound)\n", numberText(r.memoryBoundBelow, 0).c_str(),
                numberText(r.computeBoundAbove, 0).c_str());
    if (r.hasProfile) printRooflineProfile(r);
    for (const RooflineNeed& need : r.needs)
        std::printf("no %s in the Ascend PMU data: collect %s\n", need.what.c_str(), need.collect.c_str());
    if (r.points.empty()) return;
    if (!r.bytesSource.empty()) std::printf("bytes from %s\n", r.bytesSource.c_str());
    const bool attainable = r.hasProfile && r.profileMissing.empty();
    std::printf("%-40s %12s %14s %12s %12s %s\n", "operator", "ops/byte", "time (us)", "TFLOPS", "attainable", "class");
    for (std::size_t i = 0; i < r.points.size() && i < 15; ++i) {
        const RooflinePoint& p = r.points[i];
        std::string name = p.name.size() > 40 ? p.name.substr(0, 37) + "..." : p.name;
        std::printf("%-40s %12s %14s %12s %12s %s\n", name.c_str(), numberText(p.intensity, 2).c_str(),
                    microsText(p.totalNs).c_str(), numberText(p.achievedTflops, 3).c_str(),
                    attainable ? numberText(p.attainableTflops, 3).c_str() : "-", densityClassName(p.densityClass));
    }
}

void printText(const DiagnosisReport& report, bool zh, bool all) {
    int fired = 0;
    for (const Finding& f : report.findings)
        if (f.status == FindingStatus::Fired) {
            printFinding(f, zh);
            ++fired;
        }
    if (fired == 0) std::printf("no rule fired\n\n");
    for (const Finding& f : report.findings)
        if (f.status == FindingStatus::MissingInput)
            std::printf("not evaluated: %s (%s): %s%s%s\n", pick(f.title, zh).c_str(), f.ruleId.c_str(),
                        pick(f.needs, zh).c_str(), f.detail.empty() ? "" : "; ", f.detail.c_str());
    if (all)
        for (const Finding& f : report.findings)
            if (f.status == FindingStatus::Passed)
                std::printf("passed: %s (%s): measured %s, threshold %s %s\n", pick(f.title, zh).c_str(), f.ruleId.c_str(),
                            findingValueText(f.measured, f.unit).c_str(), f.comparison.c_str(), findingValueText(f.threshold, f.unit).c_str());
    if (!report.phases.empty()) {
        std::printf("\n%-32s %8s %14s %12s\n", "phase", "count", "duration (us)", "device busy");
        for (const PhaseRow& p : report.phases)
            std::printf("%-32s %8lld %14s %11s%%\n", p.name.substr(0, 32).c_str(), static_cast<long long>(p.instances),
                        microsText(p.durationNs).c_str(), numberText(p.utilization * 100.0, 1).c_str());
    }
    printRoofline(report.roofline);
    for (const std::string& id : report.unknownRules) std::printf("unknown rule in the rules file: %s\n", id.c_str());
}

int runDiagnose(const std::vector<std::string>& args) {
    if (wantsHelp(args)) {
        std::printf("%s", kHelp);
        return kExitOk;
    }
    ArgParser parser(args);
    DiagnosisOptions options;
    std::string lang;
    bool json = parser.flag("--json"), all = parser.flag("--all");
    if (!languageOption(parser, &lang, "diagnose")) return kExitBadInput;
    if (!diagnosisOptions(parser, &options, "diagnose")) return kExitBadInput;
    if (!rangeOption(parser, &options.range, "diagnose")) return kExitBadInput;
    std::string input;
    if (!singleInput(parser, &input, "diagnose", kHelp)) return kExitBadInput;
    std::shared_ptr<TraceSession> session = openInputSession(input, "diagnose");
    if (!session) return kExitBadInput;
    DiagnosisReport report;
    Error error;
    if (!session->diagnosis(options, &report, &error)) {
        std::fprintf(stderr, "opscope-cli diagnose: %s\n", describe(error).c_str());
        return kExitBadInput;
    }
    if (json) std::printf("%s\n", diagnosisToJson(report).dump(2).c_str());
    else printText(report, lang == "zh_CN", all);
    return kExitOk;
}

const bool registered = registerCommand({"diagnose", "rules-based diagnosis with evidence and suggestions", &runDiagnose});

} // namespace
} // namespace opscope::cli
