// Rank identity at import: every device keyed by (host, rank, local index), several inputs or a job
// folder in one store, and the two shared torch_npu ranks as rank 0 and rank 1.
#include "core/session/open_trace.h"
#include "core/importers/ascend/rank_identity.h"
#include "core/importers/chrome_json/chrome_trace_importer.h"
#include "core/store/process_key.h"
#include "core/store/trace_store.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

// One Kineto rank: a GPU kernel on device 0 (pid 0) and, when rank >= 0, distributedInfo.
std::string kinetoRank(int rank, long long tsUs) {
    std::string head = rank >= 0 ? "{\"distributedInfo\": {\"backend\": \"nccl\", \"rank\": " + std::to_string(rank) +
                                       ", \"world_size\": 2},\n"
                                 : std::string("{\n");
    return head + "\"traceEvents\": [\n"
                  "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm\",\"pid\":0,\"tid\":7,\"ts\":" +
           std::to_string(tsUs) + ",\"dur\":5,\"args\":{\"stream\":7,\"device\":0}}\n]}\n";
}

std::string openJob(const std::vector<std::string>& inputs, const TempDir& dir) {
    OpenOptions options;
    options.storePath = dir.file("job.sqlite");
    OpenResult result;
    Error error;
    ImportProgress progress;
    bool ok = openTrace(inputs, options, progress, &result, &error);
    INFO(describe(error));
    REQUIRE(ok);
    return result.storePath;
}

std::string devices(Database& db) {
    return db.scalarText("SELECT group_concat(coalesce(rank, '-') || ':' || ordinal || ':' || name, ',') "
                         "FROM (SELECT * FROM device ORDER BY rank, ordinal)");
}

} // namespace

TEST_CASE("rank identity: a host taken from a file name that is not UTF-8 is stored repaired and counted",
          "[ranks][hardening]") {
    TempDir dir;
    std::string a = dir.write("x\xff.json", kinetoRank(0, 100));
    std::string b = dir.write("y.json", kinetoRank(0, 100));
    Database db = openReadOnly(openJob({a, b}, dir));
    CHECK(db.scalarText("SELECT group_concat(host, ',') FROM (SELECT host FROM device ORDER BY host)") ==
          "x\xef\xbf\xbd.json,y.json");
    CHECK(db.scalarInt("SELECT count FROM warning WHERE code = 'invalid_utf8_replaced'") >= 1);
}

TEST_CASE("rank identity: Kineto distributedInfo.rank keys GPU 0 of two ranks apart", "[ranks]") {
    TempDir dir;
    std::string a = dir.write("rank-3.json", kinetoRank(3, 100));
    std::string b = dir.write("rank-5.json", kinetoRank(5, 100));
    Database db = openReadOnly(openJob({a, b}, dir));
    CHECK(devices(db) == "3:0:rank 3 \u00b7 GPU 0,5:0:rank 5 \u00b7 GPU 0");
    CHECK(db.scalarInt("SELECT count(DISTINCT device_id) FROM track WHERE is_compute = 1") == 2);
}

TEST_CASE("rank identity: files that do not say their rank are numbered in input order", "[ranks]") {
    TempDir dir;
    std::string a = dir.write("a.json", kinetoRank(-1, 100));
    std::string b = dir.write("b.json", kinetoRank(-1, 100));
    Database db = openReadOnly(openJob({a, b}, dir));
    CHECK(devices(db) == "0:0:rank 0 \u00b7 GPU 0,1:0:rank 1 \u00b7 GPU 0");
}

TEST_CASE("rank identity: two files claiming the same rank stay two devices, told apart by host", "[ranks]") {
    TempDir dir;
    std::string a = dir.write("x.json", kinetoRank(0, 100));
    std::string b = dir.write("y.json", kinetoRank(0, 100));
    Database db = openReadOnly(openJob({a, b}, dir));
    CHECK(db.scalarInt("SELECT count(*) FROM device") == 2);
    CHECK(db.scalarText("SELECT group_concat(host, ',') FROM (SELECT host FROM device ORDER BY host)") == "x.json,y.json");
}

TEST_CASE("rank identity: a folder of rank-*.json(.gz) files opens as the whole job", "[ranks]") {
    TempDir job;
    job.write("rank-0.json", kinetoRank(0, 100));
    job.writeGzip("rank-1.json.gz", kinetoRank(1, 200));
    TempDir out;
    Database db = openReadOnly(openJob({job.path().string()}, out));
    CHECK(devices(db) == "0:0:rank 0 \u00b7 GPU 0,1:0:rank 1 \u00b7 GPU 0");
    CHECK(db.scalarInt("SELECT count(*) FROM source_file WHERE role = 'chrome-trace' AND status = 'used'") == 2);
}

TEST_CASE("rank identity: one Kineto file with its rank names its device by rank", "[ranks]") {
    TempDir dir;
    std::string a = dir.write("t.json", kinetoRank(7, 100));
    Database db = openReadOnly(openJob({a}, dir));
    CHECK(devices(db) == "7:0:rank 7 \u00b7 GPU 0");
}

TEST_CASE("rank identity: distributedInfo rank parsing", "[ranks]") {
    CHECK(rankOfDistributedInfo(R"({"backend":"nccl","rank":12,"world_size":16})") == 12);
    CHECK(rankOfDistributedInfo(R"({"rank":"3"})") == -1);
    CHECK(rankOfDistributedInfo(R"({"rank":-1})") == -1);
    CHECK(rankOfDistributedInfo("not json") == -1);
}

TEST_CASE("rank identity: torch_npu folder names give the worker (host)", "[ranks]") {
    CHECK(ascend::hostFromAscendPtName("node-7_12345_20250101120000123_ascend_pt") == "node-7");
    CHECK(ascend::hostFromAscendPtName("my_host_12345_20250101120000123_ascend_pt") == "my_host");
    CHECK(ascend::hostFromAscendPtName("rank0_ascend_pt").empty());
    CHECK(ascend::hostFromAscendPtName("x_12_ascend_pt").empty());
}

TEST_CASE("rank identity: msprof info.json.<device> rank_id and hostname", "[ranks]") {
    TempDir dir;
    dir.write("PROF_1/device_2/info.json.2", R"({"rank_id": 6, "hostname": "node-b", "devices": "2"})");
    ascend::UnitIdentity identity = ascend::readUnitIdentity(dir.file("PROF_1"));
    CHECK(identity.rank == 6);
    CHECK(identity.host == "node-b");
}

TEST_CASE("rank identity: profiler_info_<rank>.json without rank_id names the rank by its file name", "[ranks]") {
    TempDir dir;
    dir.write("w_ascend_pt/profiler_info_4.json", R"({"config": {}})");
    CHECK(ascend::readUnitIdentity(dir.file("w_ascend_pt")).rank == 4);
}

TEST_CASE("rank identity: the two shared torch_npu ranks open as rank 0 and rank 1", "[ranks][shared]") {
    std::string rank0 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    std::string rank1 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank1");
    TempDir dir;
    Database db = openReadOnly(openJob({rank0, rank1}, dir));
    // Rank 1 of that job ran on NPU 1 of its host (the timeline's process label says so).
    CHECK(devices(db) == "0:0:rank 0 \u00b7 NPU 0,1:1:rank 1 \u00b7 NPU 1");
    // Each rank keeps its own device streams: no device row holds the other rank's processes.
    CHECK(db.scalarInt("SELECT count(DISTINCT t.device_id) FROM track t WHERE t.is_compute = 1") == 2);
}

TEST_CASE("process keys name their input: Ascend folders by folder, multi-input stores by N/", "[ranks]") {
    CHECK(inputOfProcessKey("ascend:/a/rank0_ascend_pt|3096504") == "ascend:/a/rank0_ascend_pt");
    CHECK(inputOfProcessKey("ascend:/a/rank1_ascend_pt|npu0/Step Trace") == "ascend:/a/rank1_ascend_pt");
    CHECK(inputOfProcessKey("2/1234") == "2/");
    CHECK(inputOfProcessKey("1234") == "");
    CHECK(inputOfProcessKey("npu0/Step Trace") == ""); // a key's own slash is not an input prefix
}
