// opscope-cli communication as the real binary over the bundled torch_npu fixture, whose
// communication.json holds one collective and one p2p operator: exit codes, the documented JSON keys,
// the per-rank sums from the file's milliseconds, the 0.2 guidance flags and the CSV header.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace opscope::test;

namespace {

std::string rankFixture() { return std::string(OPSCOPE_TEST_DATA) + "/ascend/torch_npu_rank0/rank0_ascend_pt"; }

} // namespace

TEST_CASE("cli communication: --json sums the collectives per rank and flags ratios above 0.2", "[cli][ranks][communication]") {
    const std::string store = cliTempDir() + "/communication_rank0.opscope.sqlite";
    CliResult imported = runCli({"import", rankFixture(), "-o", store, "--force", "--quiet"});
    INFO(imported.err);
    REQUIRE(imported.exitCode == 0);
    CliResult r = runCli({"communication", store, "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    const nlohmann::json j = nlohmann::json::parse(r.out);
    for (const char* key : {"guidance_ratio", "ranks", "guidance_slow_rank", "operators", "bandwidth", "packets", "matrix",
                            "matrix_group_local", "slow_links"})
        CHECK(j.contains(key));
    CHECK(j["guidance_ratio"] == 0.2);
    REQUIRE(j["ranks"].size() == 1);
    const nlohmann::json& rank = j["ranks"][0];
    // The per-rank figures sum the collective operators only (the p2p send is listed, not summed).
    CHECK(rank["ops"] == 1);
    CHECK(rank["elapse_ns"] == 400'000);
    CHECK(rank["transit_ns"] == 300'000);
    CHECK(rank["wait_ns"] == 100'000);
    CHECK(rank["synchronization_ns"] == 50'000);
    // W / (W + T) = 0.25 is above the guidance; S / (S + T) = 0.1428... is not.
    CHECK(rank["wait_ratio"].get<double>() == Approx(0.25));
    CHECK(rank["wait_above_guidance"] == true);
    CHECK(rank["synchronization_above_guidance"] == false);
    CHECK(j["operators"].size() == 2);

    CliResult csv = runCli({"communication", store, "--csv"});
    REQUIRE(csv.exitCode == 0);
    CHECK(csv.out.rfind("rank,ops,elapse_ns,transit_ns,wait_ns,synchronization_ns,idle_ns,", 0) == 0);
    CliResult text = runCli({"communication", store});
    REQUIRE(text.exitCode == 0);
    CHECK(text.out.find("400us") != std::string::npos);
}

TEST_CASE("cli communication: bad usage and a missing input exit 2", "[cli][ranks][communication]") {
    CHECK(runCli({"communication"}).exitCode == 2);
    CHECK(runCli({"communication", "/nonexistent/trace.json"}).exitCode == 2);
    CHECK(runCli({"communication", rankFixture(), "--json", "--csv"}).exitCode == 2);
    CliResult help = runCli({"communication", "--help"});
    CHECK(help.exitCode == 0);
    CHECK(help.out.find("usage: opscope-cli communication") != std::string::npos);
}
