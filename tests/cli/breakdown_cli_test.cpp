// opscope-cli breakdown run as the real binary: the documented --json keys, --csv, --step and
// --device, "no device activity" with devices: [] and exit 0, and bad arguments rejected.
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>

using namespace opscope::test;

namespace {

std::string writeTrace(const std::string& name, const std::string& json) {
    std::string path = cliTempDir() + "/" + name;
    std::ofstream(path) << json;
    return path;
}

// One GPU stream: a kernel, an NCCL kernel overlapping it, and two ProfilerSteps on the host.
std::string gpuTrace() {
    return writeTrace("breakdown_gpu.json", R"([
{"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},
{"ph":"X","cat":"cpu_op","name":"ProfilerStep#7","pid":9,"tid":1,"ts":0,"dur":100},
{"ph":"X","cat":"cpu_op","name":"ProfilerStep#8","pid":9,"tid":1,"ts":100,"dur":100},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":10,"dur":40,"args":{"stream":7}},
{"ph":"X","cat":"kernel","name":"ncclKernel_AllReduce","pid":0,"tid":8,"ts":30,"dur":40,"args":{"stream":8}},
{"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":120,"dur":10,"args":{"stream":7}}
])");
}

} // namespace

TEST_CASE("cli breakdown: --json has the documented keys and exact ns", "[cli][devicetime]") {
    CliResult r = runCli({"breakdown", gpuTrace(), "--json"});
    REQUIRE(r.exitCode == 0);
    nlohmann::json doc = nlohmann::json::parse(r.out);
    REQUIRE(doc["devices"].size() == 1);
    const nlohmann::json& d = doc["devices"][0];
    for (const char* key : {"name", "rank", "span_ns", "compute_ns", "communication_ns", "overlap_ns",
                            "communication_not_overlapped_ns", "memory_ns", "wait_ns", "idle_ns",
                            "comm_compute_overlap_pct", "kernel_types", "steps"})
        CHECK(d.contains(key));
    CHECK(d["name"] == "GPU 0");
    CHECK(d["rank"].is_null());
    CHECK(d["span_ns"] == 120000);
    CHECK(d["compute_ns"] == 50000);
    CHECK(d["communication_ns"] == 40000);
    CHECK(d["overlap_ns"] == 20000);
    CHECK(d["communication_not_overlapped_ns"] == 20000);
    CHECK(d["idle_ns"] == 50000);
    CHECK(d["comm_compute_overlap_pct"] == 50.0);
    const nlohmann::json& kt = d["kernel_types"][0];
    CHECK(kt["class"] == "compute");
    CHECK(kt["time_ns"] == 50000);
    CHECK(kt["names"][0]["name"] == "gemm");
    CHECK(kt["names"][0]["time_ns"] == 50000);
    REQUIRE(d["steps"].size() == 2);
    const nlohmann::json& s = d["steps"][0];
    for (const char* key : {"step", "stage_ns", "compute_ns", "communication_ns", "overlap_ns",
                            "communication_not_overlapped_ns", "free_ns", "preparing_ns"})
        CHECK(s.contains(key));
    CHECK(s["step"] == 7);
    CHECK(s["stage_ns"] == 60000);
    CHECK(s["preparing_ns"] == 10000);
    CHECK(d["step_rule"] == "device_time"); // no flows in this trace: said so
}

TEST_CASE("cli breakdown: --step and --device filter; --csv prints a header and rows", "[cli][devicetime]") {
    std::string trace = gpuTrace();
    nlohmann::json doc = nlohmann::json::parse(runCli({"breakdown", trace, "--json", "--step", "8"}).out);
    REQUIRE(doc["devices"][0]["steps"].size() == 1);
    CHECK(doc["devices"][0]["steps"][0]["step"] == 8);
    CHECK(doc["devices"][0]["compute_ns"] == 10000);
    CHECK(nlohmann::json::parse(runCli({"breakdown", trace, "--json", "--device", "GPU 0"}).out)["devices"].size() == 1);
    CliResult none = runCli({"breakdown", trace, "--json", "--device", "NPU 3"});
    CHECK(none.exitCode == 0);
    CHECK(nlohmann::json::parse(none.out)["devices"].empty());
    CliResult csv = runCli({"breakdown", trace, "--csv"});
    REQUIRE(csv.exitCode == 0);
    CHECK(csv.out.rfind("device,step,span_ns,stage_ns,compute_ns", 0) == 0);
    CHECK(csv.out.find("GPU 0,7,") != std::string::npos);
}

TEST_CASE("cli breakdown: a trace without device work says so, prints devices: [] and exits 0", "[cli][devicetime]") {
    std::string trace = writeTrace("breakdown_cpu.json",
                                   R"([{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":0,"dur":5}])");
    CliResult json = runCli({"breakdown", trace, "--json"});
    CHECK(json.exitCode == 0);
    nlohmann::json doc = nlohmann::json::parse(json.out);
    CHECK(doc["devices"].is_array());
    CHECK(doc["devices"].empty());
    CHECK(doc["message"] == "no device activity");
    CliResult text = runCli({"breakdown", trace});
    CHECK(text.exitCode == 0);
    CHECK(text.out.find("no device activity") != std::string::npos);
}

TEST_CASE("cli breakdown: bad arguments exit 2", "[cli][devicetime]") {
    std::string trace = gpuTrace();
    CHECK(runCli({"breakdown", trace, "--json", "--csv"}).exitCode == 2);
    CHECK(runCli({"breakdown", trace, "--step", "x"}).exitCode == 2);
    CHECK(runCli({"breakdown", trace, "--bogus"}).exitCode == 2);
    CHECK(runCli({"breakdown"}).exitCode == 2);
    CHECK(runCli({"breakdown", "--help"}).exitCode == 0);
}
