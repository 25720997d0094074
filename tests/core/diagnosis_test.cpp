#include "analysis_fixture.h"

#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/diagnosis_json.h"
#include "core/analysis/diagnosis/diagnosis_rules.h"
#include "core/analysis/roofline/roofline.h"
#include "core/analysis/diagnosis/rules_config.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace opscope;
using opscope::test::AnalysisStore;

namespace {

DiagnosisReport diagnose(Database& db, const DiagnosisOptions& options = {}) {
    DiagnosisReport report;
    Error error;
    REQUIRE(runDiagnosis(db, options, &report, &error));
    return report;
}

Finding findingOf(Database& db, const std::string& id, const DiagnosisOptions& options = {}) {
    DiagnosisReport report = diagnose(db, options);
    for (const Finding& f : report.findings)
        if (f.ruleId == id) return f;
    FAIL("no finding " << id);
    return {};
}

DiagnosisOptions withThreshold(const std::string& id, double threshold) {
    DiagnosisOptions options;
    Error error;
    std::string doc = R"({"rules":[{"id":")" + id + R"(","params":{"threshold":)" + std::to_string(threshold) + "}}]}";
    REQUIRE(mergeRulesConfig(doc, &options.rules, &error));
    return options;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// One kernel per interval on one compute stream of device `ordinal`, each with the given metrics.
void kernels(AnalysisStore& store, int ordinal, std::vector<std::pair<TimeNs, TimeNs>> intervals,
             const std::string& name = "K", const std::vector<std::pair<std::string, double>>& metrics = {}) {
    TrackId s = store.computeTrack(ordinal, "Stream 0");
    for (const auto& [start, end] : intervals) {
        PendingSliceIndex i = store.slice(s, start, end - start, name);
        for (const auto& [key, value] : metrics) store.metric(i, key, value);
    }
}

} // namespace

TEST_CASE("compute starvation fires below 60% busy, not above", "[diagnosis]") {
    AnalysisStore low;
    kernels(low, 0, {{0, 500}, {1500, 2000}});
    Finding f = findingOf(low.finish(), "compute_starvation");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(0.5));
    CHECK(f.threshold == Approx(0.6));
    CHECK(f.comparison == "<");
    CHECK(f.timeAtStakeNs == 1000);
    REQUIRE_FALSE(f.ranges.empty());
    CHECK(f.ranges[0].startNs == 500);
    CHECK(f.ranges[0].endNs == 1500);
    // The gap is named with its neighbours; the operator after it carries its own 500 ns, not the gap's 1000.
    CHECK(f.ranges[0].label.find(": idle ") != std::string::npos);
    CHECK(f.ranges[0].label.find(" after K, before K (") != std::string::npos);
    REQUIRE_FALSE(f.operators.empty());
    CHECK(f.operators[0].totalNs == 500);
    CHECK(f.operators[0].value == Approx(0.25));
    CHECK(f.title.en == "Compute starvation");
    CHECK_FALSE(f.title.zhCN.empty());
    CHECK_FALSE(f.suggestion.en.empty());
    CHECK(f.severity == Severity::High); // 1000 of 2000 ns at stake

    CHECK(findingOf(low.db(), "compute_starvation", withThreshold("compute_starvation", 0.4)).status ==
          FindingStatus::Passed);

    AnalysisStore high;
    kernels(high, 0, {{0, 500}, {1000, 1500}});
    Finding p = findingOf(high.finish(), "compute_starvation");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == Approx(2.0 / 3.0));

    AnalysisStore empty;
    empty.hostTrack("python", "main");
    Finding m = findingOf(empty.finish(), "compute_starvation");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en == "needs device compute tracks");
}

TEST_CASE("memory-bound operators: memory pipes dominate compute pipes", "[diagnosis]") {
    AnalysisStore bound;
    kernels(bound, 0, {{0, 100}}, "TransData", {{"aic_mte2_ratio", 0.6}, {"aic_mac_ratio", 0.3}});
    Finding f = findingOf(bound.finish(), "memory_bound_operators");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(2.0));
    CHECK(f.threshold == Approx(1.0));
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "TransData");
    CHECK(f.operators[0].totalNs == 100);
    CHECK(f.operators[0].sliceIds.size() == 1);

    AnalysisStore computeBound;
    kernels(computeBound, 0, {{0, 100}}, "MatMul", {{"aic_mte2_ratio", 0.3}, {"aic_mac_ratio", 0.6}});
    Finding p = findingOf(computeBound.finish(), "memory_bound_operators");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == Approx(0.5));

    // Ratio 0.1 / 0.01 = 10 is above the threshold, but the memory pipes are busy 0.1 < min_memory_ratio
    // 0.2: the guard holds the rule back, and the finding says which guard did.
    AnalysisStore idlePipes;
    kernels(idlePipes, 0, {{0, 100}}, "Cast", {{"aic_mte2_ratio", 0.1}, {"aic_mac_ratio", 0.0}});
    Finding g = findingOf(idlePipes.finish(), "memory_bound_operators");
    CHECK(g.status == FindingStatus::Passed);
    CHECK(g.guard.rfind("min_memory_ratio: 1 operator", 0) == 0);
    CHECK(p.guard.empty());

    AnalysisStore vector;
    kernels(vector, 0, {{0, 100}}, "Add", {{"aiv_mte2_ratio", 0.4}, {"aiv_mte3_ratio", 0.7}, {"aiv_vec_ratio", 0.35}});
    CHECK(findingOf(vector.finish(), "memory_bound_operators").measured == Approx(2.0));

    AnalysisStore direct;
    kernels(direct, 0, {{0, 100}}, "Op", {{"memory_bound", 1.5}});
    CHECK(findingOf(direct.finish(), "memory_bound_operators").status == FindingStatus::Fired);

    AnalysisStore none;
    kernels(none, 0, {{0, 100}});
    Finding m = findingOf(none.finish(), "memory_bound_operators");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("aic_mte2_ratio") != std::string::npos);
}

TEST_CASE("synchronisation waits: idle gaps covered by host syncs", "[diagnosis]") {
    // Gaps of 100 us (above the rule's 10 us minimum) and one of 2 us that the rule ignores.
    AnalysisStore sync;
    kernels(sync, 0, {{0, 1000}, {101'000, 102'000}, {104'000, 105'000}});
    TrackId host = sync.hostTrack("python", "main");
    sync.slice(host, 1000, 100'000, "AscendCL@aclrtSynchronizeStream");
    sync.slice(host, 102'000, 2000, "cudaStreamSynchronize");
    Finding f = findingOf(sync.finish(), "sync_wait");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(1.0));
    CHECK(f.timeAtStakeNs == 100'000);
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "AscendCL@aclrtSynchronizeStream");
    CHECK(f.operators[0].value == Approx(1.0));
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].startNs == 1000);
    CHECK(f.ranges[0].endNs == 101'000);

    AnalysisStore busyHost;
    kernels(busyHost, 0, {{0, 1000}, {101'000, 102'000}});
    TrackId h = busyHost.hostTrack("python", "main");
    busyHost.slice(h, 1000, 100'000, "aten::index", "cpu_op");
    Finding p = findingOf(busyHost.finish(), "sync_wait");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == 0);

    AnalysisStore deviceOnly;
    kernels(deviceOnly, 0, {{0, 1000}, {101'000, 102'000}});
    Finding m = findingOf(deviceOnly.finish(), "sync_wait");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("host-side tracks") != std::string::npos);
}

TEST_CASE("load imbalance: utilisation spread across devices", "[diagnosis]") {
    AnalysisStore uneven;
    kernels(uneven, 0, {{0, 450}, {550, 1000}});
    kernels(uneven, 1, {{0, 200}, {800, 1000}});
    Finding f = findingOf(uneven.finish(), "load_imbalance");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(50.0));
    CHECK(f.unit == "points");
    CHECK(f.timeAtStakeNs == 500);
    REQUIRE(f.ranges.size() == 2);
    CHECK(f.ranges[0].label.find("NPU 0") != std::string::npos);

    AnalysisStore even;
    kernels(even, 0, {{0, 400}, {600, 1000}});
    kernels(even, 1, {{0, 350}, {650, 1000}});
    Finding p = findingOf(even.finish(), "load_imbalance");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == Approx(10.0));

    AnalysisStore single;
    kernels(single, 0, {{0, 100}});
    CHECK(findingOf(single.finish(), "load_imbalance").status == FindingStatus::MissingInput);
}

TEST_CASE("low L2 hit rate from operator metrics or hit-rate counters", "[diagnosis]") {
    AnalysisStore low;
    kernels(low, 0, {{0, 100}}, "Gather", {{"Hit Rate", 0.5}});
    Finding f = findingOf(low.finish(), "low_l2_hit_rate");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(0.5));
    CHECK(f.comparison == "<");
    CHECK(f.operators.at(0).name == "Gather");

    AnalysisStore high;
    kernels(high, 0, {{0, 100}}, "Gather", {{"Hit Rate", 0.9}});
    CHECK(findingOf(high.finish(), "low_l2_hit_rate").status == FindingStatus::Passed);

    AnalysisStore percent;
    kernels(percent, 0, {{0, 100}}, "Gather", {{"l2_hit_rate", 55.0}});
    CHECK(findingOf(percent.finish(), "low_l2_hit_rate").measured == Approx(0.55));

    AnalysisStore counters;
    kernels(counters, 0, {{0, 300}});
    TrackId llc = counters.counterTrack(0, "LLC 0 Read/Hit Rate", "%");
    for (TimeNs t : {0, 100, 200}) counters.writer().addCounter(llc, t, 0.5);
    Finding c = findingOf(counters.finish(), "low_l2_hit_rate");
    CHECK(c.status == FindingStatus::Fired);
    CHECK(c.measured == Approx(0.5));

    AnalysisStore none;
    kernels(none, 0, {{0, 100}});
    Finding m = findingOf(none.finish(), "low_l2_hit_rate");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.rfind("needs L2 counters", 0) == 0);
}

TEST_CASE("scheduling bound: scalar ratio above 80%", "[diagnosis]") {
    AnalysisStore busy;
    kernels(busy, 0, {{0, 100}}, "Tiny", {{"aic_scalar_ratio", 0.9}});
    Finding f = findingOf(busy.finish(), "scheduling_bound");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(0.9));

    AnalysisStore calm;
    kernels(calm, 0, {{0, 100}}, "Big", {{"aiv_scalar_ratio", 0.5}});
    CHECK(findingOf(calm.finish(), "scheduling_bound").status == FindingStatus::Passed);

    AnalysisStore none;
    kernels(none, 0, {{0, 100}});
    CHECK(findingOf(none.finish(), "scheduling_bound").status == FindingStatus::MissingInput);
}

TEST_CASE("compute density classes and the roofline", "[diagnosis]") {
    AnalysisStore store;
    kernels(store, 0, {{0, 1000}}, "Add", {{"flops", 5000}, {"bytes", 1000}});
    TrackId host = store.hostTrack("python", "main");
    store.slice(host, 0, 2000, "aten::mm", "cpu_op", {}, R"({"flops": 1000000, "bytes": 10000})");
    store.finish();
    DiagnosisOptions options;
    DeviceProfile device;
    device.id = "test";
    device.peakTflops["fp16"] = 100;
    device.defaultPrecision = "fp16";
    device.memoryBandwidthGBps = 1000; // ridge at 100 FLOPs/byte
    options.device = device;
    DiagnosisReport report = diagnose(store.db(), options);
    const Finding* f = nullptr;
    for (const Finding& x : report.findings)
        if (x.ruleId == "compute_density") f = &x;
    REQUIRE(f);
    CHECK(f->status == FindingStatus::Fired);
    CHECK(f->measured == Approx(5.0));
    CHECK(f->unit == "ops/byte");
    REQUIRE(f->operators.size() == 1);
    CHECK(f->operators[0].name == "Add");

    REQUIRE(report.roofline.points.size() == 2);
    CHECK(report.roofline.hasProfile);
    CHECK(report.roofline.ridgeIntensity == Approx(100.0));
    const RooflinePoint& mm = report.roofline.points[0];
    CHECK(mm.name == "aten::mm");
    CHECK(mm.intensity == Approx(100.0));
    CHECK(mm.densityClass == DensityClass::ComputeBound);
    CHECK(mm.achievedTflops == Approx(1e6 / 2000.0 / 1e3));
    CHECK(mm.attainableTflops == Approx(100.0));
    CHECK(report.roofline.points[1].densityClass == DensityClass::MemoryBound);
    CHECK(report.roofline.points[1].attainableTflops == Approx(5.0));

    AnalysisStore balanced;
    kernels(balanced, 0, {{0, 1000}}, "Conv", {{"flops", 20000}, {"bytes", 1000}});
    Finding p = findingOf(balanced.finish(), "compute_density");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(classifyDensity(20, {}) == DensityClass::Balanced);

    AnalysisStore none;
    kernels(none, 0, {{0, 100}});
    CHECK(findingOf(none.finish(), "compute_density").status == FindingStatus::MissingInput);
}

TEST_CASE("memory bandwidth against the device profile's peak", "[diagnosis]") {
    DiagnosisOptions options;
    DeviceProfile device;
    device.id = "test";
    device.memoryBandwidthGBps = 100;
    options.device = device;
    auto storeWith = [](AnalysisStore& store, double mbps) {
        kernels(store, 0, {{0, 1000}});
        TrackId hbm = store.counterTrack(0, "HBM 0/Read", "MB/s");
        for (TimeNs t : {0, 500, 1000}) store.writer().addCounter(hbm, t, mbps);
        return &store.finish();
    };
    AnalysisStore saturated;
    Finding f = findingOf(*storeWith(saturated, 95000), "memory_bandwidth", options);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(0.95));
    CHECK(f.timeAtStakeNs == 1000);
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].endNs == 1000);

    AnalysisStore calm;
    Finding p = findingOf(*storeWith(calm, 50000), "memory_bandwidth", options);
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == Approx(0.5));

    Finding m = findingOf(calm.db(), "memory_bandwidth"); // no profile
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("device profile") != std::string::npos);
}

TEST_CASE("phase comparison: utilisation per phase side by side", "[diagnosis]") {
    auto build = [](AnalysisStore& store, TimeNs backwardBusyNs) {
        kernels(store, 0, {{0, 900}, {1000, 1000 + backwardBusyNs}});
        TrackId host = store.hostTrack("python", "main");
        store.slice(host, 0, 1000, "## forward ##", "user_annotation");
        store.slice(host, 1000, 1000, "## backward ##", "user_annotation");
        store.slice(host, 0, 2000, "ProfilerStep#7", "user_annotation");
        return &store.finish();
    };
    AnalysisStore uneven;
    DiagnosisReport report = diagnose(*build(uneven, 300));
    REQUIRE(report.phases.size() == 3);
    CHECK(report.phases[0].kind == "forward");
    CHECK(report.phases[0].utilization == Approx(0.9));
    CHECK(report.phases[1].utilization == Approx(0.3));
    CHECK(report.phases[2].name == "ProfilerStep#7");
    CHECK(report.phases[2].utilization == Approx(0.6));
    Finding f = findingOf(uneven.db(), "phase_comparison");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(60.0));
    CHECK(f.timeAtStakeNs == 600);

    AnalysisStore even;
    CHECK(findingOf(*build(even, 850), "phase_comparison").status == FindingStatus::Passed);

    AnalysisStore none;
    kernels(none, 0, {{0, 100}});
    CHECK(findingOf(none.finish(), "phase_comparison").status == FindingStatus::MissingInput);
}

TEST_CASE("findings are sorted by time at stake, severity follows the advisor's shares", "[diagnosis]") {
    AnalysisStore store;
    kernels(store, 0, {{0, 500}, {1500, 2000}}, "TransData", {{"aic_mte2_ratio", 0.9}, {"aic_mac_ratio", 0.1}});
    DiagnosisReport report = diagnose(store.finish());
    REQUIRE(report.findings.size() == builtinRules().size());
    CHECK(report.deviceTimeNs == 2000);
    CHECK(report.findings[0].ruleId == "compute_starvation"); // 1000 ns idle
    CHECK(report.findings[1].ruleId == "memory_bound_operators");
    CHECK(report.findings[1].timeAtStakeNs == 1000);
    bool seenNonFired = false;
    for (const Finding& f : report.findings) {
        if (f.status != FindingStatus::Fired) seenNonFired = true;
        else CHECK_FALSE(seenNonFired);
    }
    RulesConfig rules = defaultRulesConfig();
    CHECK(severityFor(0.05, rules) == Severity::High);
    CHECK(severityFor(0.04, rules) == Severity::Medium);
    CHECK(severityFor(0.01, rules) == Severity::Low);
}

TEST_CASE("the rules file: shipped copy, user overrides, disabled and unknown rules", "[diagnosis]") {
    std::string shipped = readFile(std::string(OPSCOPE_SOURCE_DIR) + "/resources/rules/diagnosis_rules.json");
    REQUIRE_FALSE(shipped.empty());
    CHECK(nlohmann::json::parse(shipped) == nlohmann::json::parse(defaultRulesJson()));
    RulesConfig rules = defaultRulesConfig();
    for (const auto& [id, fn] : builtinRules()) {
        const RuleConfig* r = rules.find(id);
        REQUIRE(r);
        CHECK_FALSE(r->title.en.empty());
        CHECK_FALSE(r->title.zhCN.empty());
        CHECK_FALSE(r->suggestion.en.empty());
        CHECK_FALSE(r->suggestion.zhCN.empty());
        CHECK_FALSE(r->needs.en.empty());
        CHECK(r->params.contains("threshold"));
    }

    opscope::test::TempDir dir;
    std::string path = dir.write("rules.json", R"({"rules":[
        {"id":"compute_starvation","params":{"threshold":0.4}},
        {"id":"sync_wait","enabled":false},
        {"id":"made_up_rule","title":{"en":"x"}}]})");
    RulesConfig merged;
    Error error;
    REQUIRE(loadRulesFile(path, &merged, &error));
    CHECK(merged.find("compute_starvation")->threshold() == Approx(0.4));
    CHECK(merged.find("compute_starvation")->number("evidence_count", 0) == 10); // other params kept
    CHECK(merged.find("compute_starvation")->title.en == "Compute starvation");

    AnalysisStore store;
    kernels(store, 0, {{0, 500}, {1500, 2000}});
    DiagnosisOptions options;
    options.rules = merged;
    DiagnosisReport report = diagnose(store.finish(), options);
    for (const Finding& f : report.findings) CHECK(f.ruleId != "sync_wait");
    REQUIRE(report.unknownRules.size() == 1);
    CHECK(report.unknownRules[0] == "made_up_rule");

    CHECK_FALSE(loadRulesFile(dir.write("bad.json", "{not json"), &merged, &error));
    CHECK(error.code == ErrorCode::JsonSyntax);
    CHECK_FALSE(loadRulesFile(dir.file("missing.json"), &merged, &error));
    CHECK(error.code == ErrorCode::FileNotFound);
}

TEST_CASE("device profiles: shipped files, matching, ridge point", "[diagnosis]") {
    std::vector<DeviceProfile> builtin = builtinDeviceProfiles();
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(std::string(OPSCOPE_SOURCE_DIR) + "/resources/devices")) {
        ++files;
        DeviceProfile fromFile;
        Error error;
        REQUIRE(loadDeviceProfile(entry.path().string(), &fromFile, &error));
        const DeviceProfile* same = findDeviceProfile(builtin, fromFile.id);
        REQUIRE(same);
        CHECK(same->memoryBandwidthGBps == fromFile.memoryBandwidthGBps);
        CHECK(same->peakTflops == fromFile.peakTflops);
        CHECK(same->nominal);
    }
    CHECK(files == builtin.size());
    CHECK(files >= 3);
    const DeviceProfile* a100 = findDeviceProfile(builtin, "NVIDIA A100-SXM4-80GB");
    REQUIRE(a100);
    CHECK(a100->id == "a100-sxm4-80gb");
    CHECK(a100->ridgeIntensity() == Approx(312e12 / 2039e9));
    REQUIRE(findDeviceProfile(builtin, "Ascend910B3"));
    CHECK_FALSE(findDeviceProfile(builtin, "Ascend910B3")->verified);
    CHECK(findDeviceProfile(builtin, "some other chip") == nullptr);
}

TEST_CASE("the diagnosis report as JSON", "[diagnosis]") {
    AnalysisStore store;
    kernels(store, 0, {{0, 500}, {1500, 2000}});
    DiagnosisReport report = diagnose(store.finish());
    nlohmann::ordered_json j = diagnosisToJson(report);
    CHECK(j["device_time_ns"] == 2000);
    REQUIRE(j["findings"].size() == report.findings.size());
    const auto& first = j["findings"][0];
    CHECK(first["rule_id"] == "compute_starvation");
    CHECK(first["status"] == "fired");
    CHECK(first["title"]["zh_CN"] == report.findings[0].title.zhCN);
    CHECK(first["evidence"]["ranges"][0]["start_ns"] == 500);
    for (const auto& f : j["findings"])
        if (f["status"] == "missing_input") CHECK(f.contains("needs"));
    Finding nan;
    nan.measured = std::nan("");
    report.findings = {nan};
    CHECK(diagnosisToJson(report)["findings"][0]["measured"].is_null());
}
