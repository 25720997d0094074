// opscope-cli launches / idle / queue run as the real binary on fixtures with known answers.
#include "../launch_fixtures.h"
#include "cli_runner.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>

using namespace opscope::test;

namespace {

std::string writeTrace(const std::string& name, const char* json) {
    std::string path = cliTempDir() + "/" + name;
    std::ofstream(path) << json;
    return path;
}

// CSV rows end in CRLF (RFC 4180).
std::string firstLine(const std::string& text) { return text.substr(0, text.find("\r\n")); }

} // namespace

TEST_CASE("cli launches: CSV columns, JSON with launches[] first", "[cli][launch]") {
    const std::string trace = writeTrace("launch.json", kLaunchTrace);
    CliResult csv = runCli({"launches", trace, "--csv"});
    REQUIRE(csv.exitCode == 0);
    CHECK(firstLine(csv.out) ==
          "correlation_id,runtime_call,kernel,stream,cpu_duration_ns,gpu_duration_ns,launch_delay_ns,device,outliers");
    CHECK(csv.out.find("\n11,cudaLaunchKernel,L1,7,50000,10000,10000,0,short_kernel\r\n") != std::string::npos);
    CHECK(csv.out.find("\n14,cudaMemcpyAsync,Memcpy HtoD,7,5000,10000,100001,0,long_delay\r\n") != std::string::npos);

    CliResult json = runCli({"launches", trace, "--json"});
    REQUIRE(json.exitCode == 0);
    CHECK(json.out.find("{\n  \"launches\"") == 0);
    nlohmann::json j = nlohmann::json::parse(json.out);
    REQUIRE(j["launches"].size() == 5);
    CHECK(j["launches"][1]["cpu_duration_ns"] == 50001);
    CHECK(j["launches"][1]["outliers"] == nlohmann::json::array({"long_runtime"}));
    CHECK(j["kernels"][0]["kernel"] == "L2");

    CliResult moved = runCli({"launches", trace, "--json", "--delay-cutoff-ns", "99999"});
    CHECK(nlohmann::json::parse(moved.out)["launches"][2]["outliers"] == nlohmann::json::array({"long_delay"}));
    CHECK(runCli({"launches", trace, "--csv", "--json"}).exitCode == 2);
    CHECK(runCli({"launches", trace, "--runtime-cutoff-ns", "-1"}).exitCode == 2);
}

TEST_CASE("cli idle: one row per stream, the kernel-wait threshold on both sides", "[cli][idle]") {
    const std::string trace = writeTrace("idle.json", kIdleTrace);
    CliResult csv = runCli({"idle", trace, "--csv"});
    REQUIRE(csv.exitCode == 0);
    CHECK(csv.out == "device,stream,host_wait_ns,kernel_wait_ns,other_ns,idle_ns\r\n0,7,30001,29999,90000,150000\r\n");
    CliResult above = runCli({"idle", trace, "--csv", "--kernel-wait-ns", "30001"});
    CHECK(above.out.find("\n0,7,30001,59999,60000,150000\r\n") != std::string::npos);
    nlohmann::json j = nlohmann::json::parse(runCli({"idle", trace, "--json"}).out);
    CHECK(j["streams"][0]["host_wait_ns"] == 30001);
    CHECK(j["kernel_wait_threshold_ns"] == 30000);
}

TEST_CASE("cli queue: statistics per stream and the change points", "[cli][queue]") {
    const std::string trace = writeTrace("queue.json", kIdleTrace);
    CliResult csv = runCli({"queue", trace, "--csv", "--limit", "2"});
    REQUIRE(csv.exitCode == 0);
    CHECK(firstLine(csv.out) == "device,stream,count,mean,std,min,p25,p50,p75,max,time_at_limit_ns");
    CHECK(csv.out.find("\n0,7,8,0.750000,0.707107,0,0.000000,1.000000,1.000000,2,19999\r\n") != std::string::npos);
    nlohmann::json j = nlohmann::json::parse(runCli({"queue", trace, "--json", "--series"}).out);
    REQUIRE(j["streams"].size() == 1);
    CHECK(j["streams"][0]["points"].size() == 8);
    CHECK(j["streams"][0]["points"][3] == nlohmann::json::array({30000, 2}));
    CHECK(runCli({"queue", trace, "--limit", "0"}).exitCode == 2);
}

TEST_CASE("cli stats --step N: the kernels the step launched, though they ran in the next step's window", "[cli][launch][step]") {
    const std::string trace = writeTrace("lag.json", kLaggingTrace);
    CliResult step1 = runCli({"stats", trace, "--step", "1", "--csv"});
    REQUIRE(step1.exitCode == 0);
    CHECK(step1.out.find("\nk_fwd,") != std::string::npos);
    CHECK(step1.out.find("\nk_bwd,") != std::string::npos);
    CHECK(step1.out.find("\nk_opt,") != std::string::npos);
    CHECK(step1.out.find("\nk_fwd2,") == std::string::npos);
    CliResult step2 = runCli({"stats", trace, "--step", "2", "--csv"});
    REQUIRE(step2.exitCode == 0);
    CHECK(step2.out.find("\nk_fwd2,") != std::string::npos);
    CHECK(step2.out.find("\nk_opt,") == std::string::npos);
    CliResult missing = runCli({"stats", trace, "--step", "9"});
    CHECK(missing.exitCode == 2);
    CHECK(missing.err.find("ProfilerStep#9") != std::string::npos);
}

TEST_CASE("cli sequences: patterns per operator and fusion candidates as JSON", "[cli][launch][sequences]") {
    const std::string trace = writeTrace("seq.json", kSequenceTrace);
    CliResult r = runCli({"sequences", trace, "--json"});
    REQUIRE(r.exitCode == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    REQUIRE(j["sequences"].size() == 2);
    CHECK(j["sequences"][0]["pattern"] == "aten::linear|gemm|bias|relu");
    CHECK(j["sequences"][0]["count"] == 2);
    CHECK(j["fusion_candidates"].size() == 1);
    CliResult adds = runCli({"sequences", trace, "--op", "aten::add", "--min-len", "2", "--csv"});
    CHECK(adds.out.find("\naten::add|add|add,2,1,") != std::string::npos);
}

TEST_CASE("cli bubbles --step N: the gaps inside the device span of what the step launched", "[cli][launch][step]") {
    const std::string trace = writeTrace("lag_bubbles.json", kLaggingTrace);
    // Step 1 launched k_fwd (160..180 us), k_bwd (200..220) and k_opt (230..260): two gaps, 20 and 10 us,
    // though all three ran during step 2's host window.
    CliResult step1 = runCli({"bubbles", trace, "--step", "1", "--csv"});
    REQUIRE(step1.exitCode == 0);
    CHECK(step1.out.find(",160000,260000,70.000,30.000,70.00,30.00,2,30.000,20.000,") != std::string::npos);
    CliResult step2 = runCli({"bubbles", trace, "--step", "2", "--csv"});
    REQUIRE(step2.exitCode == 0);
    CHECK(step2.out.find(",270000,280000,10.000,0.000,100.00,0.00,0,") != std::string::npos);
    // The same step range as stats --step: step 1's kernels are k_fwd, k_bwd, k_opt.
    CHECK(runCli({"bubbles", trace, "--step", "9"}).exitCode == 2);
    CHECK(runCli({"bubbles", trace, "--step", "1", "--range", "0:10"}).exitCode == 2);
}

TEST_CASE("cli compare --step N:M: step 1 against step 2 by launch, with a host-operator section", "[cli][launch][compare]") {
    const std::string trace = writeTrace("lagcmp.json", kLaggingTrace);
    CliResult r = runCli({"compare", trace, trace, "--step", "1:2", "--csv", "--no-findings"});
    REQUIRE(r.exitCode != 2);
    CHECK(r.out.find("\nhost_operator,aten::mm,1,0,15.000,0.000,-15.000,,,,,deleted\r\n") != std::string::npos);
    CHECK(r.out.find("\noperator,k_opt,") != std::string::npos); // step 1's optimizer kernel, run during step 2
    CHECK(r.out.find("vanished") != std::string::npos);
    CliResult same = runCli({"compare", trace, trace, "--step", "1", "--csv", "--no-findings"});
    CHECK(same.exitCode == 0);
    CHECK(same.out.find("\nhost_operator,aten::mm,1,1,15.000,15.000,0.000,,,,,unchanged\r\n") != std::string::npos);
    CHECK(runCli({"compare", trace, trace, "--step", "x"}).exitCode == 2);
    CHECK(runCli({"compare", trace, trace, "--step", "7"}).exitCode == 2);
}

TEST_CASE("cli critical-path: one row per step with its bound", "[cli][launch][critical]") {
    const std::string trace = writeTrace("lagcp.json", kLaggingTrace);
    CliResult csv = runCli({"critical-path", trace, "--csv"});
    REQUIRE(csv.exitCode == 0);
    CHECK(firstLine(csv.out) == "step,start_ns,end_ns,host_ns,launch_ns,device_ns,sync_ns,bound,length_ns,hta_bound");
    nlohmann::json j = nlohmann::json::parse(runCli({"critical-path", trace, "--json", "--step", "2"}).out);
    REQUIRE(j["steps"].size() == 1);
    CHECK(j["steps"][0]["step"] == 2);
    CHECK(j["steps"][0]["end_ns"] == 280000); // k_fwd2 ends after the step's host window
    CHECK(j["steps"][0]["bound"] == "device");
    CHECK(runCli({"critical-path", trace, "--step", "9"}).exitCode == 2);
}

namespace {

// Width and height from a PNG's IHDR chunk (bytes 16..23, big-endian); 0x0 when the file is no PNG.
std::pair<int, int> pngSize(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::string head(24, '\0');
    if (!in.read(head.data(), 24) || head.compare(1, 3, "PNG") != 0) return {0, 0};
    auto at = [&](int i) {
        return (static_cast<unsigned char>(head[i]) << 24) | (static_cast<unsigned char>(head[i + 1]) << 16) |
               (static_cast<unsigned char>(head[i + 2]) << 8) | static_cast<unsigned char>(head[i + 3]);
    };
    return {at(16), at(20)};
}

} // namespace

TEST_CASE("cli screenshot --view critical-path: a step's path drawn, --step checked", "[cli][launch][critical]") {
    const std::string trace = writeTrace("cpshot.json", kLaggingTrace);
    const std::string png = cliTempDir() + "/critical-path.png";
    std::remove(png.c_str());
    CliResult shot = runCli({"screenshot", trace, "--view", "critical-path", "--step", "2", "--size", "800x500", "-o", png});
    if (!OPSCOPE_CLI_RENDERS) { // a build without the GUI has no renderer
        CHECK(shot.exitCode == 3);
        return;
    }
    INFO("screenshot stderr: " << shot.err);
    CHECK(shot.exitCode == 0);
    CHECK(pngSize(png) == std::make_pair(800, 500));
    std::remove(png.c_str());
    CHECK(runCli({"screenshot", trace, "--view", "critical-path", "--size", "800x500", "-o", png}).exitCode == 0); // default step
    CHECK(pngSize(png) == std::make_pair(800, 500));
    CHECK(runCli({"screenshot", trace, "--view", "critical-path", "--step", "x", "-o", png}).exitCode == 2);
    CHECK(runCli({"screenshot", trace, "--view", "critical-path", "--step", "-1", "-o", png}).exitCode == 2);
}

TEST_CASE("cli queue: a task starting before its call is counted, never a negative length", "[cli][queue]") {
    // k1 starts 1 ns before its call (clock skew): early; k2 starts exactly at its call's start: not early.
    const std::string trace = writeTrace("early.json", R"J({"traceEvents":[
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":1}},
      {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":30,"dur":5,"args":{"correlation":2}},
      {"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":9.999,"dur":5,"args":{"correlation":1}},
      {"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":30,"dur":5,"args":{"correlation":2}}
    ]})J");
    CliResult r = runCli({"queue", trace, "--json", "--series"});
    REQUIRE(r.exitCode == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    REQUIRE(j["streams"].size() == 1);
    CHECK(j["streams"][0]["early_starts"] == 1);
    CHECK(j["streams"][0]["min"] == 0);
    CHECK(j["streams"][0]["points"] == nlohmann::json::parse("[[10000,1],[10000,0],[30000,1],[30000,0]]"));
    CliResult text = runCli({"queue", trace});
    CHECK(text.err.find("1 device events start before their launching call") != std::string::npos);
}

TEST_CASE("cli compare --json; report --compare shows the same device and host-operator numbers", "[cli][launch][compare]") {
    const std::string trace = writeTrace("lagreport.json", kLaggingTrace);
    CliResult json = runCli({"compare", trace, trace, "--step", "1:2", "--json"});
    REQUIRE(json.exitCode != 2);
    const nlohmann::json j = nlohmann::json::parse(json.out);
    nlohmann::json mm;
    for (const auto& h : j["host_operators"])
        if (h["name"] == "aten::mm") mm = h;
    REQUIRE(mm.is_object());
    CHECK(mm["change"] == "deleted");
    CHECK(mm["base_total_ns"] == 15000);
    CHECK(mm["diff_duration_ns"] == -15000);
    CHECK(runCli({"compare", trace, trace, "--csv", "--json"}).exitCode == 2);

    const std::string html = cliTempDir() + "/lagreport.html";
    CliResult report = runCli({"report", trace, "--compare", trace, "--step", "1:2", "-o", html});
    CHECK(runCli({"report", trace, "--step", "1", "-o", html}).exitCode == (OPSCOPE_CLI_RENDERS ? 2 : 3));
    if (!OPSCOPE_CLI_RENDERS) {
        CHECK(report.exitCode == 3);
        return;
    }
    REQUIRE(report.exitCode == 0);
    std::ifstream in(html);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(text.find("id=\"comparison\"") != std::string::npos);
    const std::string section = text.substr(text.find("id=\"comparison\""));
    // Every host operator that changed, and every device operator, with compare --json's numbers in µs.
    auto micros = [](std::int64_t ns) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s%lld.%03lld", ns < 0 ? "-" : "", static_cast<long long>(std::llabs(ns) / 1000),
                      static_cast<long long>(std::llabs(ns) % 1000));
        return std::string(buf);
    };
    for (const auto& h : j["host_operators"]) {
        if (h["change"] == "unchanged") continue;
        const std::string name = h["name"];
        const std::size_t row = section.find("<code>" + name + "</code>");
        REQUIRE(row != std::string::npos);
        const std::string line = section.substr(row, section.find("</tr>", row) - row);
        CHECK(line.find(">" + std::string(h["change"]) + "<") != std::string::npos);
        CHECK(line.find(">" + micros(h["base_total_ns"]) + "<") != std::string::npos);
        CHECK(line.find(">" + micros(h["diff_duration_ns"]) + "<") != std::string::npos);
    }
    for (const auto& d : j["operators"]) {
        const std::string name = d["name"];
        const std::size_t row = section.find("<code>" + name + "</code>");
        REQUIRE(row != std::string::npos);
        const std::string line = section.substr(row, section.find("</tr>", row) - row);
        CHECK(line.find(">" + micros(d["delta_total_ns"]) + "<") != std::string::npos);
        CHECK(line.find(">" + std::to_string(d["base_count"].get<long long>()) + "<") != std::string::npos);
    }
}

TEST_CASE("cli report: --step usage errors are found before the trace is opened", "[cli][launch][compare]") {
    if (!OPSCOPE_CLI_RENDERS) return; // the report command is absent from this build (exit 3, tested above)
    const std::string missing = cliTempDir() + "/no-such-trace.json";
    const std::string html = cliTempDir() + "/usage-report.html";
    CliResult lonely = runCli({"report", missing, "--step", "1", "-o", html});
    CHECK(lonely.exitCode == 2);
    CHECK(lonely.err.find("--step goes with --compare") != std::string::npos);
    CliResult badStep = runCli({"report", missing, "--compare", missing, "--step", "1:x", "-o", html});
    CHECK(badStep.exitCode == 2);
    CHECK(badStep.err.find("--step wants N or N:M") != std::string::npos);
    CHECK(badStep.err.find("no-such-trace") == std::string::npos); // the missing trace was never opened
}
