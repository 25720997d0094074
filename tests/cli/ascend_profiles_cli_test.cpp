// The binary on Ascend data: stats --json with the type+shapes grouping and no identifier means,
// diagnose's device profile chosen and overridden, its unknown figures and the metric group to collect.
#include "cli_runner.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace opscope::test;

namespace {

const std::string& bundledAscendStore() {
    static std::string store = [] {
        std::string path = cliTempDir() + "/ascend_profiles.opscope.sqlite";
        CliResult r = runCli({"import", std::string(OPSCOPE_SOURCE_DIR) + "/resources/samples/sample_ascend_pt", "-o",
                              path, "--quiet"});
        REQUIRE(r.exitCode == 0);
        return path;
    }();
    return store;
}

} // namespace

TEST_CASE("cli: stats --json by type and input shapes, identifiers never averaged", "[cli][ascend_ops]") {
    CliResult r = runCli({"stats", bundledAscendStore(), "--by", "type+shapes", "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["group_by"] == "type");
    CHECK(j["step_time_ns"].get<long long>() > 0);
    bool conv = false;
    for (const nlohmann::json& row : j["rows"]) {
        if (row["key"] == "Conv2D [4,1,224,224,16;48,128,16,16;2048]" && row["core_type"] == "AI_CORE") conv = true;
        CHECK(row["metric_means"].size() == j["metrics"].size());
    }
    CHECK(conv);
    for (const nlohmann::json& m : j["metrics"]) {
        const std::string name = m["name"];
        INFO(name);
        CHECK(name != "Task ID");
        CHECK(name != "Stream ID");
        CHECK(name != "Model ID");
        CHECK(name != "Step Id");
        CHECK(name.find("Shapes") == std::string::npos);
    }
    CHECK(runCli({"stats", bundledAscendStore(), "--by", "shapes"}).exitCode != 0);
}

TEST_CASE("cli: diagnose names what the roofline lacks on PipeUtilization data", "[cli][ascend_roofline]") {
    // A text export names no chip: the caller picks the part; the 910B4's bandwidth is unknown.
    CliResult r = runCli({"diagnose", bundledAscendStore(), "--device", "ascend-910b4", "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json roofline = nlohmann::json::parse(r.out)["roofline"];
    CHECK(roofline["device"]["id"] == "ascend-910b4");
    CHECK(roofline["device"]["missing_for_roofline"] == nlohmann::json::array({"memory_bandwidth_gbps"}));
    REQUIRE(roofline["needs"].size() == 1);
    CHECK(roofline["needs"][0]["what"] == "flops");
    CHECK(roofline["needs"][0]["collect"] == "aic_metrics=ArithmeticUtilization");
    CliResult text = runCli({"diagnose", bundledAscendStore(), "--device", "ascend-910b4"});
    CHECK(text.out.find("memory_bandwidth_gbps: unknown in this profile") != std::string::npos);
    CHECK(text.out.find("collect aic_metrics=ArithmeticUtilization") != std::string::npos);
    CHECK(runCli({"diagnose", bundledAscendStore(), "--device", "ascend-999"}).exitCode != 0);
}

TEST_CASE("cli: the msprof export's chip name picks the profile, --device overrides it", "[cli][ascend_roofline][shared]") {
    std::string db = sharedPathOrSkip("samples/ascend/msprof_0.db");
    std::string store = cliTempDir() + "/msprof_profile.opscope.sqlite";
    REQUIRE(runCli({"import", db, "-o", store, "--quiet"}).exitCode == 0);
    const nlohmann::json detected = nlohmann::json::parse(runCli({"diagnose", store, "--json"}).out)["roofline"];
    REQUIRE(detected.contains("device"));
    CHECK(detected["device"]["id"] == "ascend-910b"); // NPU_INFO says Ascend910B, not the part
    CHECK(detected["device"]["missing_for_roofline"].size() == 2);
    const nlohmann::json chosen =
        nlohmann::json::parse(runCli({"diagnose", store, "--device", "ascend-910b3", "--json"}).out)["roofline"];
    CHECK(chosen["device"]["id"] == "ascend-910b3");
    CHECK(chosen["device"]["missing_for_roofline"].empty());
}
