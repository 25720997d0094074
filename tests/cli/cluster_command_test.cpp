// opscope-cli cluster as the real binary: the documented JSON keys, the shared cluster_analysis_output
// reproducing its cluster_step_trace_time.csv rows, and errors for inputs it cannot use.
#include "cli_runner.h"
#include "core/importers/chrome_json/decimal_time.h"
#include "tests/cluster_fixtures.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace opscope::test;
namespace fs = std::filesystem;

namespace {

std::string writeFile(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
    return path.string();
}

std::vector<std::string> splitCsvLine(const std::string& line) {
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (char c : line) {
        if (c == '"') quoted = !quoted;
        else if (c == ',' && !quoted) cells.push_back(cell), cell.clear();
        else cell.push_back(c);
    }
    cells.push_back(cell);
    return cells;
}

} // namespace

TEST_CASE("cli cluster: --json has ranks[].steps[] with the documented keys and the slow ranks", "[cli][ranks]") {
    fs::path dir = fs::path(cliTempDir()) / "cluster_fixture" / "cluster_analysis_output";
    writeFile(dir / "cluster_step_trace_time.csv",
              "Step,Type,Index,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
              "Communication(Not Overlapped and Exclude Receive)\n"
              "1,rank,0,206,0,0,0,0,206,0,0\n"
              "1,rank,1,194,0,0,0,0,194,0,0\n");
    CliResult r = runCli({"cluster", dir.string(), "--json", "-o", cliTempDir() + "/cluster_fixture.sqlite"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    REQUIRE(j["ranks"].size() == 2);
    const auto& step = j["ranks"][1]["steps"][0];
    CHECK(j["ranks"][1]["rank"] == 1);
    CHECK(step["step"] == "1");
    CHECK(step["compute_ns"] == 194'000);
    CHECK(step["communication_not_overlapped_ns"] == 0);
    CHECK(step["free_ns"] == 0);
    CHECK(step["stage_ns"] == 194'000);
    // (206 - 194) / 200 = 0.06 > 0.05: rank 0 computes longer.
    REQUIRE(j["slow_ranks"].size() == 1);
    CHECK(j["slow_ranks"][0]["rule"] == "advisor_slow_rank");
    CHECK(j["slow_ranks"][0]["rank"] == 0);
    CHECK(j["slow_ranks"][0]["reason"] == "computes_longer");
    CHECK(j["slow_links"].is_array());
}

TEST_CASE("cli cluster: an input with nothing usable exits 2 naming it", "[cli][ranks]") {
    fs::path dir = fs::path(cliTempDir()) / "cluster_bad" / "cluster_analysis_output";
    writeFile(dir / "cluster_step_trace_time.csv", "nothing,useful\n");
    CliResult r = runCli({"cluster", dir.string(), "-o", cliTempDir() + "/cluster_bad.sqlite"});
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("cluster_step_trace_time.csv") != std::string::npos);
    CHECK_FALSE(fs::exists(cliTempDir() + "/cluster_bad.sqlite"));
}

TEST_CASE("cli cluster: the shared cluster_analysis_output reproduces its csv rows", "[cli][ranks][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/cluster_analysis_output");
    CliResult r = runCli({"cluster", folder, "--json", "-o", cliTempDir() + "/shared_cluster.sqlite"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    std::ifstream csv(folder + "/cluster_step_trace_time.csv");
    std::string line;
    std::getline(csv, line); // header: Step,Type,Index,Computing,Communication(Not Overlapped),...,Free,Stage
    int rows = 0;
    while (std::getline(csv, line)) {
        std::vector<std::string> c = splitCsvLine(line);
        if (c.size() < 9 || c[1] != "rank") continue;
        int rank = std::stoi(c[2]);
        INFO("rank " << rank);
        nlohmann::json rankJson;
        for (const auto& r : j["ranks"])
            if (r["rank"] == rank) rankJson = r;
        REQUIRE(rankJson.is_object());
        REQUIRE(rankJson["steps"].size() == 1);
        const auto& s = rankJson["steps"][0];
        CHECK(s["step"] == c[0]);
        CHECK(s["compute_ns"] == *opscope::parseMicrosToNs(c[3]));
        CHECK(s["communication_not_overlapped_ns"] == *opscope::parseMicrosToNs(c[4]));
        CHECK(s["free_ns"] == *opscope::parseMicrosToNs(c[7]));
        CHECK(s["stage_ns"] == *opscope::parseMicrosToNs(c[8]));
        ++rows;
    }
    CHECK(rows == 8);
    CHECK(j["source"] == "cluster_step_trace_time");
    // Communication imbalance: rank 1 waits least (133385.977 µs), the others wait for it.
    bool communication = false;
    for (const auto& r : j["slow_ranks"])
        if (r["rule"] == "advisor_slow_rank" && r["dimension"] == "communication_not_overlapped")
            communication = r["rank"] == 1 && r["reason"] == "others_wait";
    CHECK(communication);
}

TEST_CASE("cli cluster: the two shared rank folders give rank 0 and rank 1 from their tasks", "[cli][ranks][shared]") {
    std::string rank0 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    std::string rank1 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank1");
    CliResult r = runCli({"cluster", rank0, rank1, "--json", "-o", cliTempDir() + "/shared_job.sqlite"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    CHECK(j["source"] == "device_tasks");
    REQUIRE(j["ranks"].size() == 2);
    CHECK(j["ranks"][0]["rank"] == 0);
    CHECK(j["ranks"][1]["rank"] == 1);
    CHECK(j["ranks"][0]["steps"][0]["step"] == "50");
}


TEST_CASE("cli cluster merge: the xargs -P recipe imports ranks in parallel and merges their stores", "[cli][ranks]") {
    fs::path job = fs::path(cliTempDir()) / "merge_job";
    fs::remove_all(job);
    for (int rank = 0; rank < 3; ++rank) writeFile(job / ("rank-" + std::to_string(rank) + ".json"), kinetoRankTrace(rank, 1000 + 1000 * rank));
    fs::path out = fs::path(cliTempDir()) / "merge_out";
    fs::remove_all(out);
    const std::string script = std::string(OPSCOPE_SOURCE_DIR) + "/scripts/cluster_import.sh";
    const std::string command = "OPSCOPE_CLI='" + std::string(OPSCOPE_CLI_PATH) + "' bash '" + script + "' '" +
                                job.string() + "' '" + out.string() + "' 3 > /dev/null";
    REQUIRE(std::system(command.c_str()) == 0);
    REQUIRE(fs::exists(out / "job.opscope.sqlite"));
    CliResult r = runCli({"cluster", (out / "job.opscope.sqlite").string(), "--json"});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    REQUIRE(j["ranks"].size() == 3);
    for (int rank = 0; rank < 3; ++rank) {
        INFO("rank " << rank);
        CHECK(j["ranks"][rank]["rank"] == rank);
        REQUIRE(j["ranks"][rank]["steps"].size() == 2);
        CHECK(j["ranks"][rank]["steps"][0]["compute_ns"] == (1000 + 1000 * rank) * 1000);
        CHECK(j["ranks"][rank]["steps"][0]["communication_not_overlapped_ns"] == 100'000);
    }
    // Rank 2 computes 3 ms against 1 and 2: the advisor rule names it.
    bool named = false;
    for (const auto& s : j["slow_ranks"]) named = named || (s["rank"] == 2 && s["reason"] == "computes_longer");
    CHECK(named);
}

TEST_CASE("cli cluster merge: an input that is not a store exits 2 naming it", "[cli][ranks]") {
    fs::path bogus = fs::path(cliTempDir()) / "not_a_store.sqlite";
    writeFile(bogus, "hello");
    CliResult r = runCli({"cluster", "merge", bogus.string(), "-o", cliTempDir() + "/merged_bad.sqlite"});
    CHECK(r.exitCode == 2);
    CHECK(r.err.find("not_a_store.sqlite") != std::string::npos);
}

TEST_CASE("cli cluster: --offset RANK=NS moves that rank's step starts on the job clock", "[cli][ranks][clock]") {
    fs::path job = fs::path(cliTempDir()) / "offset_job";
    for (int rank = 0; rank < 2; ++rank) writeFile(job / ("rank-" + std::to_string(rank) + ".json"), kinetoRankTrace(rank, 1000));
    const std::string store = cliTempDir() + "/offset_job.sqlite";
    CliResult plain = runCli({"cluster", job.string(), "--json", "-o", store});
    CliResult shifted = runCli({"cluster", job.string(), "--json", "-o", store, "--offset", "1=200"});
    REQUIRE(plain.exitCode == 0);
    REQUIRE(shifted.exitCode == 0);
    nlohmann::json a = nlohmann::json::parse(plain.out), b = nlohmann::json::parse(shifted.out);
    CHECK(a["ranks"][1]["steps"][0]["start_ns"] == a["ranks"][0]["steps"][0]["start_ns"]);
    CHECK(b["ranks"][1]["steps"][0]["start_ns"].get<long long>() == a["ranks"][1]["steps"][0]["start_ns"].get<long long>() + 200);
    CHECK(b["ranks"][0]["steps"][0]["start_ns"] == a["ranks"][0]["steps"][0]["start_ns"]);
    CHECK(runCli({"cluster", job.string(), "-o", store, "--offset", "x=1"}).exitCode == 2);
}

TEST_CASE("cli cluster: --json lists the NCCL collectives with algorithm and bus bandwidth", "[cli][ranks][nccl]") {
    fs::path job = fs::path(cliTempDir()) / "nccl_job";
    fs::remove_all(job);
    writeFile(job / "rank-2.json", opscope::test::kinetoNcclRankTrace());
    const std::string store = (job / "nccl_job.sqlite").string();
    CliResult r = runCli({"cluster", (job / "rank-2.json").string(), "--json", "-o", store});
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    nlohmann::json j = nlohmann::json::parse(r.out);
    REQUIRE(j["nccl_collectives"].size() == 2);
    const auto& c = j["nccl_collectives"][0];
    CHECK(c["rank"] == 2);
    CHECK(c["collective"] == "allreduce");
    CHECK(c["group"] == "0");
    CHECK(c["group_size"] == 4);
    CHECK(c["dtype"] == "Float");
    CHECK(c["bytes"] == 4'000'000);
    CHECK(c["dur_ns"] == 200'000);
    CHECK(c["algorithm_bandwidth_gbps"].get<double>() == Approx(20.0));
    CHECK(c["bus_bandwidth_gbps"].get<double>() == Approx(30.0));
    CHECK(j["nccl_collectives"][1]["bus_bandwidth_gbps"].get<double>() == Approx(0.06));
    CliResult text = runCli({"cluster", store});
    INFO(text.out << text.err);
    CHECK(text.out.find("nccl rank 2 allreduce") != std::string::npos);
}

TEST_CASE("cli diagnose: ascend_slow_rank gives the cluster command's advisor ratio on the same store", "[cli][ranks]") {
    fs::path dir = fs::path(cliTempDir()) / "slow_rank_fixture" / "cluster_analysis_output";
    // Computing 206 and 194 us: (206 - 194) / 200 = 0.06 > 0.05.
    writeFile(dir / "cluster_step_trace_time.csv",
              "Step,Type,Index,Computing,Communication(Not Overlapped),Overlapped,Communication,Free,Stage,Bubble,"
              "Communication(Not Overlapped and Exclude Receive)\n"
              "1,rank,0,206,0,0,0,0,206,0,0\n"
              "1,rank,1,194,0,0,0,0,194,0,0\n");
    const std::string store = cliTempDir() + "/slow_rank_fixture.sqlite";
    CliResult cluster = runCli({"cluster", dir.string(), "--json", "-o", store});
    REQUIRE(cluster.exitCode == 0);
    CliResult diagnose = runCli({"diagnose", store, "--json"});
    INFO(diagnose.err);
    REQUIRE(diagnose.exitCode == 0);
    const nlohmann::json report = nlohmann::json::parse(diagnose.out), clusterJson = nlohmann::json::parse(cluster.out);
    nlohmann::json finding;
    for (const auto& f : report["findings"])
        if (f["rule_id"] == "ascend_slow_rank") finding = f;
    REQUIRE(finding.is_object());
    CHECK(finding["status"] == "fired");
    double clusterRatio = 0;
    for (const auto& d : clusterJson["advisor"])
        if (d["dimension"] == "computing") clusterRatio = d["ratio"].get<double>();
    CHECK(finding["measured"].get<double>() == clusterRatio);
    CHECK(finding["time_at_stake_ns"] == 12'000);
    CHECK(finding["detail"].get<std::string>().find("2 ranks from cluster_step_trace_time") != std::string::npos);
}
