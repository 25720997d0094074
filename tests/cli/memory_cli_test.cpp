// opscope-cli memory run as the real binary: --json fields (docs/cli.md) on a Kineto fixture with
// known answers and on the shared torch_npu sample, --at, --csv tables, and bad arguments.
#include "cli_runner.h"
#include "tests/memory_fixtures.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>

using namespace opscope::test;

namespace {

std::string writeFixture() {
    std::string path = cliTempDir() + "/kineto_memory.json";
    std::ofstream(path) << kKinetoMemoryTrace;
    return path;
}

} // namespace

TEST_CASE("cli memory: --json gives the peak, the allocations alive at it, and the unreleased ones",
          "[cli][memory]") {
    std::string trace = writeFixture();
    CliResult r = runCli({"memory", trace, "--json"});
    REQUIRE(r.exitCode == 0);
    auto j = nlohmann::json::parse(r.out);
    REQUIRE(j["devices"].size() == 1);
    const auto& d = j["devices"][0];
    CHECK(d["device"] == "GPU 0");
    CHECK(d["peak_allocated_bytes"] == 1536);
    CHECK(d["peak_time_ns"] == 125000);
    CHECK(d["peak_reserved_bytes"] == 4194304);
    CHECK(d["peak_reserved_time_ns"] == 140000);
    CHECK(d["fragmentation_at_peak_bytes"] == 2097152 - 1536);
    CHECK(d["at_is_peak"] == true);
    CHECK(d["alive"]["allocations"] == 2);
    CHECK(d["alive"]["bytes"] == 1536);
    CHECK(d["alive"]["by_operator"][0]["operator"] == "aten::mul");
    CHECK(d["unreleased"]["allocations"] == 1);
    CHECK(d["unreleased"]["bytes"] == 1024);
    CHECK(d["unreleased"]["largest"][0]["release_time_ns"].is_null());
    CHECK(d["largest"][0]["size_bytes"] == 1024);
    CHECK(d["operators"].size() == 2);

    CliResult later = runCli({"memory", trace, "--json", "--at", "140000"});
    REQUIRE(later.exitCode == 0);
    auto l = nlohmann::json::parse(later.out)["devices"][0];
    CHECK(l["at_is_peak"] == false);
    CHECK(l["at_time_ns"] == 140000);
    CHECK(l["alive"]["bytes"] == 1024); // aten::empty's block was freed at 140 us
}

TEST_CASE("cli memory: text, CSV tables and bad arguments", "[cli][memory]") {
    std::string trace = writeFixture();
    CliResult text = runCli({"memory", trace});
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("peak allocated") != std::string::npos);
    CliResult csv = runCli({"memory", trace, "--csv", "--table", "unreleased"});
    CHECK(csv.exitCode == 0);
    CHECK(csv.out.rfind("device,id,operator,size (B)", 0) == 0);
    CHECK(csv.out.find("aten::mul,1024,125000,,") != std::string::npos);
    CHECK(runCli({"memory", trace, "--csv", "--table", "nope"}).exitCode == 2);
    CHECK(runCli({"memory", trace, "--at", "soon"}).exitCode == 2);
    CHECK(runCli({"memory", trace, "--json", "--csv"}).exitCode == 2);
    CHECK(runCli({"memory"}).exitCode == 2);
    CHECK(runCli({"memory", "--help"}).exitCode == 0);
}

TEST_CASE("cli memory: the shared torch_npu sample's peak is memory_record.csv's maximum", "[cli][memory][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    // Imported into a temporary store: nothing is written beside the shared sample.
    std::string store = cliTempDir() + "/rank0.opscope.sqlite";
    REQUIRE(runCli({"import", folder, "-o", store, "--quiet"}).exitCode == 0);
    CliResult r = runCli({"memory", store, "--json"});
    REQUIRE(r.exitCode == 0);
    auto d = nlohmann::json::parse(r.out)["devices"][0];
    CHECK(d["peak_allocated_bytes"] == 1322299392); // 1261.04296875 MB (PTA+GE)
    CHECK(d["peak_component"] == "PTA+GE");
    CHECK(d["peak_time_ns"] == 1736408883743396450);
    CHECK(d["peak_reserved_bytes"] == 2216407040); // 2113.73046875 MB (APP)
    CHECK(d["unreleased"]["allocations"] == 24);
}
