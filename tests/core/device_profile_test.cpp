// Device profiles: the Ascend chip profiles chosen from a trace's chip name, overridden by the caller, and
// the figures a profile does not know reported as unknown rather than guessed.
#include "analysis_fixture.h"
#include "ascend_test_support.h"
#include "tests/shared_samples.h"

#include "core/analysis/roofline/device_profile.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/diagnosis_json.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string profileIdFor(const std::vector<DeviceProfile>& profiles, const std::string& chipName) {
    const DeviceProfile* p = findDeviceProfile(profiles, chipName);
    return p ? p->id : std::string("(none)");
}

// One compute operator with 1e9 FLOPs over 1e8 bytes (10 FLOP/byte) in 1 ms.
void oneOperatorWithFlopsAndBytes(AnalysisStore& store) {
    TrackId stream = store.computeTrack(0, "Stream 2");
    PendingSliceIndex s = store.slice(stream, 0, 1'000'000, "MatMul");
    store.metric(s, "flops", 1e9);
    store.metric(s, "bytes", 1e8);
}

DiagnosisReport diagnose(Database& db, const DiagnosisOptions& options) {
    DiagnosisReport report;
    Error error;
    REQUIRE(runDiagnosis(db, options, &report, &error));
    return report;
}

} // namespace

TEST_CASE("device profile: an Ascend chip name picks its profile", "[device_profile]") {
    const std::vector<DeviceProfile> profiles = builtinDeviceProfiles();
    // As msprof's NPU_INFO, npu-smi and the CANN platform files spell them.
    CHECK(profileIdFor(profiles, "Ascend910B1") == "ascend-910b1");
    CHECK(profileIdFor(profiles, "Ascend910B2") == "ascend-910b2");
    CHECK(profileIdFor(profiles, "Ascend910B2C") == "ascend-910b2");
    CHECK(profileIdFor(profiles, "Ascend910B3") == "ascend-910b3");
    CHECK(profileIdFor(profiles, "ascend910b4") == "ascend-910b4");
    CHECK(profileIdFor(profiles, "Ascend910_9392") == "ascend-910-93");
    CHECK(profileIdFor(profiles, "Ascend910_9391") == "ascend-910-93");
    CHECK(profileIdFor(profiles, "Ascend310P3") == "ascend-310p3");
    CHECK(profileIdFor(profiles, "Ascend910A") == "ascend-910a");
    CHECK(profileIdFor(profiles, "Ascend910ProB") == "ascend-910a");
    // The family name alone: the profile that says the variant is needed.
    CHECK(profileIdFor(profiles, "Ascend910B") == "ascend-910b");
    CHECK(profileIdFor(profiles, "Ascend950PR") == "(none)");
}

TEST_CASE("device profile: Ascend figures from the CANN platform files", "[device_profile]") {
    const std::vector<DeviceProfile> profiles = builtinDeviceProfiles();
    const DeviceProfile* b2 = findDeviceProfile(profiles, "ascend-910b2");
    REQUIRE(b2);
    CHECK(b2->aiCoreCount == 24);
    CHECK(b2->aiVectorCount == 48);
    CHECK(b2->l2Bytes == 201326592);
    CHECK(b2->frequencyMhz == 1800.0);
    // 24 cores x 16x16x16 multiply-adds x 2 x 1.8 GHz.
    CHECK(b2->peakTflopsFor("fp16") == Approx(24.0 * 4096 * 2 * 1.8e9 / 1e12).epsilon(1e-3));
    CHECK(b2->peakTflopsFor("int8") == Approx(2 * b2->peakTflopsFor("fp16")).epsilon(1e-3));
    CHECK(b2->memoryBandwidthGBps == 1600.0);
    CHECK_FALSE(b2->verified); // derived figures, not a datasheet's
    const DeviceProfile* b4 = findDeviceProfile(profiles, "ascend-910b4");
    REQUIRE(b4);
    CHECK(b4->aiCoreCount == 20);
    CHECK(b4->frequencyMhz == 1500.0);
    const DeviceProfile* die = findDeviceProfile(profiles, "ascend-910-93");
    REQUIRE(die);
    CHECK(die->peakTflopsFor("bf16") > 0);
    CHECK(die->memoryBandwidthGBps == 1600.0);
    const DeviceProfile* a = findDeviceProfile(profiles, "ascend-910a");
    REQUIRE(a);
    CHECK(a->aiVectorCount == 0); // no separate vector cores: known zero, not unknown
    // Every Ascend profile says where each figure comes from, and lists what no source gives.
    for (const DeviceProfile& p : profiles) {
        if (p.vendor != "Huawei") continue;
        INFO(p.id);
        CHECK_FALSE(p.source.empty());
        if (p.aiCoreCount) CHECK(p.sources.count("ai_core_count"));
        if (p.frequencyMhz) CHECK(p.sources.count("frequency_mhz"));
        if (!p.peakTflops.empty()) CHECK(p.sources.count("peak_tflops"));
        if (p.memoryBandwidthGBps > 0) CHECK(p.sources.count("memory_bandwidth_gbps"));
        else CHECK(std::find(p.unknown.begin(), p.unknown.end(), "memory_bandwidth_gbps") != p.unknown.end());
        CHECK(std::find(p.unknown.begin(), p.unknown.end(), "vector_peak_tflops") != p.unknown.end());
    }
}

TEST_CASE("device profile: a missing value is reported, not guessed", "[device_profile]") {
    const std::vector<DeviceProfile> profiles = builtinDeviceProfiles();
    const DeviceProfile* family = findDeviceProfile(profiles, "ascend-910b");
    REQUIRE(family);
    CHECK(family->missingForRoofline() == std::vector<std::string>{"peak_tflops", "memory_bandwidth_gbps"});
    CHECK(family->ridgeIntensity() == 0);
    CHECK_FALSE(family->aiCoreCount.has_value());
    const DeviceProfile* b4 = findDeviceProfile(profiles, "ascend-910b4");
    REQUIRE(b4);
    CHECK(b4->missingForRoofline() == std::vector<std::string>{"memory_bandwidth_gbps"});

    // The roofline under a profile without bandwidth: the points, no ceiling, no attainable figure.
    AnalysisStore store;
    oneOperatorWithFlopsAndBytes(store);
    Database& db = store.finish();
    DiagnosisOptions options;
    options.device = *b4;
    DiagnosisReport report = diagnose(db, options);
    REQUIRE(report.roofline.points.size() == 1);
    CHECK(report.roofline.profileMissing == std::vector<std::string>{"memory_bandwidth_gbps"});
    CHECK(report.roofline.points[0].attainableTflops == 0);
    nlohmann::json j = diagnosisToJson(report)["roofline"];
    CHECK(j["device"]["id"] == "ascend-910b4");
    CHECK(j["device"]["missing_for_roofline"] == nlohmann::json::array({"memory_bandwidth_gbps"}));
    CHECK(j["points"][0].contains("attainable_tflops") == false);
    // With a complete profile the same point gets its attainable figure: 10 FLOP/byte x 1600 GB/s = 16 TFLOPS.
    options.device = *findDeviceProfile(profiles, "ascend-910b2");
    report = diagnose(db, options);
    REQUIRE(report.roofline.points.size() == 1);
    CHECK(report.roofline.profileMissing.empty());
    CHECK(report.roofline.points[0].attainableTflops == Approx(16.0));
}

TEST_CASE("device profile: a file that knows nothing and says nothing is refused", "[device_profile]") {
    DeviceProfile p;
    Error error;
    CHECK_FALSE(parseDeviceProfile(R"({"id":"x","name":"X"})", &p, &error));
    CHECK(parseDeviceProfile(R"({"id":"x","name":"X","unknown":["peak_tflops"]})", &p, &error));
    CHECK(p.missingForRoofline().size() == 2);
    // Negative or non-numeric figures are unknown, never used.
    CHECK(parseDeviceProfile(R"({"id":"x","peak_tflops":{"fp16":100},"memory_bandwidth_gbps":-5,"ai_core_count":"24"})",
                             &p, &error));
    CHECK(p.memoryBandwidthGBps == 0);
    CHECK_FALSE(p.aiCoreCount.has_value());
}

TEST_CASE("device profile: the trace's chip name chooses, the caller's choice overrides", "[device_profile]") {
    AnalysisStore store;
    oneOperatorWithFlopsAndBytes(store);
    store.writer().setMeta("ascend.chip_name", "Ascend910B3");
    Database& db = store.finish();
    DiagnosisReport detected = diagnose(db, {});
    REQUIRE(detected.roofline.hasProfile);
    CHECK(detected.roofline.profile.id == "ascend-910b3");
    DiagnosisOptions options;
    options.device = *findDeviceProfile(builtinDeviceProfiles(), "ascend-910_93");
    DiagnosisReport overridden = diagnose(db, options);
    CHECK(overridden.roofline.profile.id == "ascend-910-93");
}

TEST_CASE("device profile shared: the msprof export's NPU_INFO names the chip", "[device_profile][shared]") {
    std::string file = sharedPathOrSkip("samples/ascend/msprof_0.db");
    TempDir out;
    AscendOutcome result = importAscendPath(out, file);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    Database db = openReadOnly(result.storePath);
    CHECK(db.scalarText("SELECT value FROM meta WHERE key = 'ascend.chip_name'") == "Ascend910B");
    const std::vector<DeviceProfile> profiles = builtinDeviceProfiles(); // the result points into them
    const DeviceProfile* p = detectDeviceProfile(db, profiles);
    REQUIRE(p);
    CHECK(p->id == "ascend-910b"); // NPU_INFO says 910B, not which part: the profile asks for it
}
