// op_statistic.csv, api_statistic.csv and operator_details.csv: imported where a folder has no other
// source of their data, skipped with the reason where its timeline or task rows hold it.
#include "ascend_test_support.h"

#include "core/store/ascend_statistics_tables.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace opscope;
using namespace opscope::test;

namespace {

const char* kOpStatistic = "OP Type,Core Type,Count,Total Time(us),Min Time(us),Avg Time(us),Max Time(us),Ratio(%)\n"
                           "MatMulV3,AI_CORE,2,340.801,170.400,170.4005,170.401,61.5\n"
                           "Add,AI_VECTOR_CORE,3,30.000,9.5,10.000,10.5,5.4\n";
const char* kApiStatistic = "Device_id,Level,API Name,Time(us),Count,Avg(us),Min(us),Max(us),Variance\n"
                            "host,acl,aclnnMatmul,120.250,2,60.125,50.000,70.250,102.52\n"
                            "host,runtime,launch,1.5,1,1.5,1.5,1.5,0\n";
const char* kOperatorDetails = "Name,Input Shapes,Call Stack,Host Self Duration(us),Host Total Duration(us),"
                               "Device Self Duration(us),Device Total Duration(us),Device Self Duration With AICore(us),"
                               "Device Total Duration With AICore(us)\n"
                               "aten::matmul,\"[[4096, 1024], [1024, 4096]]\",\"/x/model.py(10): forward\",12.5,40.25,0,"
                               "340.801,0,340.801\n";
const char* kSteps = "Step,Computing,Communication(Not Overlapped),Overlapped,Communication,Free\n1,370.801,0,0,0,29.199\n";

// Python + CANN + an Ascend Hardware task: the timeline holds what the three files sum up.
const char* kTimeline = R"([
{"name": "process_name", "pid": 4100, "tid": 0, "args": {"name": "Python"}, "ph": "M"},
{"name": "process_name", "pid": 3170820320, "tid": 0, "args": {"name": "CANN"}, "ph": "M"},
{"name": "process_name", "pid": 3170820512, "tid": 0, "args": {"name": "Ascend Hardware"}, "ph": "M"},
{"name": "thread_name", "pid": 3170820512, "tid": 2, "args": {"name": "Stream 2"}, "ph": "M"},
{"ph": "X", "name": "aten::matmul", "pid": 4100, "tid": 4100, "ts": "1000.000", "dur": 40.25, "cat": "cpu_op"},
{"ph": "X", "name": "AscendCL@aclnnMatmul", "pid": 3170820320, "tid": 4100, "ts": "1010.000", "dur": 60.0},
{"ph": "X", "name": "MatMulV3", "pid": 3170820512, "tid": 2, "ts": "1100.000", "dur": 170.4, "args": {"Task Type": "AI_CORE", "Physic Stream Id": 2, "Task Id": 1}}
])";

std::string folderWith(const TempDir& dir, bool timeline) {
    const std::string out = "run_ascend_pt/ASCEND_PROFILER_OUTPUT/";
    dir.write(out + "op_statistic.csv", kOpStatistic);
    dir.write(out + "api_statistic.csv", kApiStatistic);
    dir.write(out + "operator_details.csv", kOperatorDetails);
    dir.write(out + "step_trace_time.csv", kSteps);
    if (timeline) dir.write(out + "trace_view.json", kTimeline);
    return (dir.path() / "run_ascend_pt").string();
}

bool listed(const std::vector<std::string>& files, const std::string& suffix) {
    return std::any_of(files.begin(), files.end(), [&](const std::string& f) { return f.ends_with(suffix); });
}

} // namespace

TEST_CASE("ascend statistics: where they are the only source of their data, the three files are imported",
          "[ascend][statistics]") {
    TempDir dir, out;
    std::string folder = folderWith(dir, false);
    CHECK(isAscendInput(folder));
    AscendOutcome result = importAscendPath(out, folder);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    for (const char* file : {"op_statistic.csv", "api_statistic.csv", "operator_details.csv"}) {
        INFO(file);
        CHECK(listed(result.report.usedFiles, file));
    }
    Database db = openReadOnly(result.storePath);
    CHECK(db.scalarText("SELECT reason FROM source_file WHERE path LIKE '%api_statistic.csv'") ==
          "2 rows: the only source of this data in the folder");

    std::vector<AscendStatisticRow> ops = readAscendStatistics(db, "op_statistic");
    REQUIRE(ops.size() == 2);
    CHECK(ops[0].name == "MatMulV3");
    CHECK(ops[0].category == "AI_CORE");
    CHECK(ops[0].count == 2);
    CHECK(ops[0].totalNs == 340801);
    CHECK(ops[0].avgNs == 170401); // 170.4005 µs: exact digits, the half ns rounded away from zero
    CHECK(ops[0].ratioPercent == Approx(61.5));
    CHECK(ops[0].deviceId >= 0); // torch_npu writes no Device_id: the unit's NPU

    std::vector<AscendStatisticRow> apis = readAscendStatistics(db, "api_statistic");
    REQUIRE(apis.size() == 2);
    CHECK(apis[0].category == "acl");
    CHECK(apis[0].name == "aclnnMatmul");
    CHECK(apis[0].totalNs == 120250);
    CHECK(apis[0].maxNs == 70250);
    CHECK(apis[0].variance == Approx(102.52));
    CHECK(apis[0].deviceId == -1); // "host"
    CHECK(readAscendStatistics(db, "").size() == 4);

    std::vector<AscendOperatorDetailRow> details = readAscendOperatorDetails(db);
    REQUIRE(details.size() == 1);
    CHECK(details[0].name == "aten::matmul");
    CHECK(details[0].inputShapes == "[[4096, 1024], [1024, 4096]]");
    CHECK(details[0].callStack == "/x/model.py(10): forward");
    CHECK(details[0].hostSelfNs == 12500);
    CHECK(details[0].hostTotalNs == 40250);
    CHECK(details[0].deviceTotalNs == 340801);
}

TEST_CASE("ascend statistics: beside a timeline holding the same data, each file is skipped with its reason",
          "[ascend][statistics]") {
    TempDir dir, out;
    AscendOutcome result = importAscendPath(out, folderWith(dir, true));
    INFO(describe(result.error));
    REQUIRE(result.ok);
    CHECK(listed(result.report.skippedFiles, "op_statistic.csv: per-type statistics of the device tasks this folder "
                                             "holds: opscope computes them (stats --by type); the file is the check"));
    CHECK(listed(result.report.skippedFiles,
                 "api_statistic.csv: per-API statistics of the CANN ranges this folder's timeline holds"));
    CHECK(listed(result.report.skippedFiles,
                 "operator_details.csv: per-operator totals of the host operators this folder's timeline holds"));
    Database db = openReadOnly(result.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM ascend_statistic") == 0);
    CHECK(countOf(db, "SELECT count(*) FROM ascend_operator_detail") == 0);
    CHECK(db.scalarText("SELECT status FROM source_file WHERE path LIKE '%op_statistic.csv'") == "skipped");
}

TEST_CASE("ascend statistics: a statistics file alone is no trace", "[ascend][statistics]") {
    TempDir dir;
    CHECK_FALSE(isAscendInput(dir.write("op_statistic.csv", kOpStatistic)));
    CHECK_FALSE(isAscendInput(dir.write("api_statistic.csv", kApiStatistic)));
}

TEST_CASE("ascend statistics shared: rank 0 without its trace_view.json keeps its CANN API statistics",
          "[ascend][statistics][shared]") {
    // The shared Level1 folder with trace_view.json taken away, as a run exported without a timeline:
    // api_statistic.csv and operator_details.csv become the only source of their data.
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir, out;
    const std::filesystem::path copy = dir.path() / "rank0_ascend_pt";
    std::filesystem::copy(folder, copy, std::filesystem::copy_options::recursive);
    std::filesystem::remove(copy / "ASCEND_PROFILER_OUTPUT" / "trace_view.json");
    AscendOutcome result = importAscendPath(out, copy.string());
    INFO(describe(result.error));
    REQUIRE(result.ok);
    CHECK(listed(result.report.usedFiles, "api_statistic.csv"));
    CHECK(listed(result.report.usedFiles, "operator_details.csv"));
    CHECK(listed(result.report.skippedFiles, "op_statistic.csv: per-type statistics of the device tasks this folder "
                                             "holds: opscope computes them (stats --by type); the file is the check"));
    Database db = openReadOnly(result.storePath);
    std::vector<AscendStatisticRow> apis = readAscendStatistics(db, "api_statistic");
    CHECK(apis.size() == 57);
    auto sync = std::find_if(apis.begin(), apis.end(),
                             [](const AscendStatisticRow& r) { return r.name == "aclrtSynchronizeStreamWithTimeout"; });
    REQUIRE(sync != apis.end());
    CHECK(sync->category == "acl");
    CHECK(sync->count == 7);
    CHECK(sync->totalNs == 97887240);
    CHECK(readAscendOperatorDetails(db).size() == 859);
}
