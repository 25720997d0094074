// msprof / torch_npu SQLite exports, written here with SQL in WAL mode and read back read-only.
#include "ascend_test_support.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace opscope;
using namespace opscope::test;

namespace {

const std::string kData = std::string(OPSCOPE_TEST_DATA) + "/ascend";
constexpr const char* kTid = "17609365917700"; // 4100 << 32 | 4100

// The torch_npu fixture's Conv2D1 kernel (and friends) as msprof would export them.
const char* kExportSql = R"SQL(
PRAGMA journal_mode=WAL;
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1,'Conv2D1'),(2,'Conv2D'),(3,'AI_CORE'),(4,'NC1HWC0;FRACTAL_Z;NCHW'),
  (5,'FLOAT;FLOAT;FLOAT'),(6,'"32,1,224,224,8;121,4,16,8;64"'),(7,'NC1HWC0'),(8,'FLOAT'),(9,'"32,8,55,55,8"'),
  (10,'KERNEL_AICORE'),(11,'Node@launch'),(12,'hcom_allReduce__1_0_1'),(13,'123'),(14,'Memcpy'),(15,'HCCS'),
  (16,'read'),(17,'aic_mac_ratio'),(18,'aic_total_time'),(19,'dynamic'),(20,'YES'),(21,'FP32'),(22,'MESH-RING'),
  (23,'SDMA'),(24,'INT32'),(25,'EVENT_RECORD'),(26,'aten::conv2d');
CREATE TABLE ENUM_API_TYPE(id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO ENUM_API_TYPE VALUES (10000,'node');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES
  (1736408883700200212, 1736408883700514098, 0, 11, 1, 0, 10, 4294967295, 2, 101, 4294967295),
  (1736408883701200000, 1736408883701280000, 0, 4294967295, 2, 0, 25, 4294967295, 4, 7, 4294967295),
  (1736408883701300600, 1736408883701303600, 0, 15, 3, 0, 14, 0, 4, 8, 4294967295);
CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, blockDim INTEGER, mixBlockDim INTEGER,
  taskType INTEGER, opType INTEGER, inputFormats INTEGER, inputDataTypes INTEGER, inputShapes INTEGER,
  outputFormats INTEGER, outputDataTypes INTEGER, outputShapes INTEGER, opState INTEGER, hf32Eligible INTEGER);
INSERT INTO COMPUTE_TASK_INFO VALUES (1, 1, 16, 0, 3, 2, 4, 5, 6, 7, 8, 9, 19, 20);
CREATE TABLE TASK_PMU_INFO(globalTaskId INTEGER, name INTEGER, value NUMERIC);
INSERT INTO TASK_PMU_INFO VALUES (1, 18, 312164.0), (1, 17, 0.519);
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (1736408883700110500, 1736408883700130500, 10000, 17609365917700, 11, 11);
CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId INTEGER, groupName INTEGER,
  opId INTEGER PRIMARY KEY, relay INTEGER, retry INTEGER, dataType INTEGER, algType INTEGER, count NUMERIC, opType INTEGER);
INSERT INTO COMMUNICATION_OP VALUES (12, 1736408883701300564, 1736408883701700564, 15, 13, 1, 0, 0, 21, 22, 4096, 12);
CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, taskType INTEGER, planeId INTEGER,
  groupName INTEGER, notifyId INTEGER, rdmaType INTEGER, srcRank INTEGER, dstRank INTEGER, transportType INTEGER,
  size INTEGER, dataType INTEGER, linkType INTEGER, opId INTEGER, bandwidth NUMERIC);
INSERT INTO COMMUNICATION_TASK_INFO VALUES (12, 3, 14, 0, 13, 0, NULL, 0, 1, 23, 4096, 24, 15, 1, 1300000000);
CREATE TABLE HBM(deviceId INTEGER, timestampNs INTEGER, bandwidth NUMERIC, hbmId INTEGER, type INTEGER);
INSERT INTO HBM VALUES (0, 1736408883700000000, 10500000, 0, 16), (0, 1736408883701000000, 20250000, 0, 16);
CREATE TABLE AICORE_FREQ(deviceId INTEGER, timestampNs INTEGER, freq INTEGER);
INSERT INTO AICORE_FREQ VALUES (0, 1736408883699000000, 1800), (0, 1736408883702000000, 1650);
CREATE TABLE STEP_TIME(id INTEGER, startNs INTEGER, endNs INTEGER);
INSERT INTO STEP_TIME VALUES (7, 1736408883700000000, 1736408883702000000);
CREATE TABLE OVERLAP_ANALYSIS(id INTEGER PRIMARY KEY, deviceId INTEGER, startNs INTEGER, endNs INTEGER, type INTEGER);
INSERT INTO OVERLAP_ANALYSIS VALUES (1, 0, 1736408883700200212, 1736408883700514098, 0);
CREATE TABLE PYTORCH_API(startNs TEXT, endNs TEXT, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO PYTORCH_API VALUES ('1736408883700100000', '1736408883700150000', 17609365917700, 1, 26);
CREATE TABLE CONNECTION_IDS(id INTEGER, connectionId INTEGER);
INSERT INTO CONNECTION_IDS VALUES (1, 11);
)SQL";

std::string writeExport(const TempDir& dir, const std::string& relative) {
    std::filesystem::path path = dir.path() / relative;
    std::filesystem::create_directories(path.parent_path());
    {
        Database db(path.string(), Database::Mode::Create);
        db.exec(kExportSql);
    }
    // Exports sit on read-only media: the importer must not need to write (no -shm, no -wal).
    std::filesystem::permissions(path, std::filesystem::perms::owner_read | std::filesystem::perms::group_read);
    return path.string();
}

std::string metric(Database& db, const std::string& slice, const std::string& key) {
    return db.scalarText("SELECT coalesce(m.txt, m.num) FROM metric_view m JOIN slice_view s ON s.id = m.slice_id "
                         "WHERE s.name = '" + slice + "' AND m.name = '" + key + "' ORDER BY s.ts LIMIT 1",
                         "<none>");
}

} // namespace

TEST_CASE("ascend db: tasks, kernel metrics, PMU, communication, host ranges, flows, counters", "[ascend][db]") {
    TempDir dir;
    std::string file = writeExport(dir, "PROF_1/msprof_20250101.db");
    CHECK(isAscendInput(file));
    TempDir out;
    AscendOutcome result = importAscendPath(out, file);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    Database db = openReadOnly(result.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM slice s JOIN track t ON t.id = s.track_id JOIN process p "
                      "ON p.id = t.process_id WHERE p.name = 'Ascend Hardware'") == 3);
    CHECK(db.scalarText("SELECT type FROM slice_view WHERE name = 'Conv2D1'") == "Conv2D");
    CHECK(metric(db, "Conv2D1", "Start Time") == "1736408883700200.212");
    CHECK(metric(db, "Conv2D1", "Duration") == "313.886");
    CHECK(metric(db, "Conv2D1", "Input Shapes") == "32,1,224,224,8;121,4,16,8;64");
    CHECK(metric(db, "Conv2D1", "aicore_time") == "312.164"); // ns in the DB, µs like the CSV
    CHECK(db.scalarText("SELECT unit || '/' || group_name FROM metric_key WHERE name = 'aicore_time'") == "us/AI Core PMU");
    CHECK(metric(db, "Conv2D1", "Model ID") == "none");
    CHECK(db.scalarText("SELECT th.name FROM slice s JOIN track t ON t.id = s.track_id JOIN thread th "
                        "ON th.id = t.thread_id WHERE s.name_id = (SELECT id FROM string WHERE value = 'Conv2D1')") ==
          "Stream 2");
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE is_compute = 1") == 1);
    // Host ranges and their links to the device task.
    CHECK(db.scalarText("SELECT group_concat(cat) FROM (SELECT cat FROM flow ORDER BY cat)") == "HostToDevice,async_npu");
    CHECK(db.scalarInt("SELECT ts FROM slice_view WHERE name = 'aten::conv2d'") == 1736408883700100000);
    CHECK(db.scalarText("SELECT th.name FROM thread th JOIN process p ON p.id = th.process_id WHERE p.name = 'CANN'") ==
          "Thread 4100");
    // Communication op and its plane task, on the device of its tasks.
    CHECK(db.scalarText("SELECT d.name FROM process p JOIN device d ON d.id = p.device_id WHERE p.name = 'Communication'") ==
          "NPU 0");
    CHECK(db.scalarInt("SELECT dur FROM slice_view WHERE name = 'hcom_allReduce__1_0_1'") == 400'000);
    CHECK(metric(db, "Memcpy", "transport type") == "SDMA");
    CHECK(metric(db, "Memcpy", "Comm Op") == "hcom_allReduce__1_0_1");
    // Counters, overlap and steps.
    CHECK(db.scalarText("SELECT unit FROM track WHERE kind = 'counter' AND name = 'HBM 0/Read'") == "B/s");
    CHECK(countOf(db, "SELECT counter_count FROM track WHERE name = 'AI Core Freq'") == 2);
    CHECK(db.scalarInt("SELECT dur FROM slice_view WHERE name = 'Step 7'") == 2'000'000);
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'Computing'") == 1);
    CHECK_FALSE(std::filesystem::exists(file + "-wal"));
}

TEST_CASE("ascend db: gives the kernel the same metrics as kernel_details.csv", "[ascend][db]") {
    TempDir dir;
    TempDir fromDb, fromCsv;
    AscendOutcome a = importAscendPath(fromDb, writeExport(dir, "x/msprof_1.db"));
    AscendOutcome b = importAscendPath(
        fromCsv, kData + "/torch_npu_rank0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv");
    REQUIRE(a.ok);
    REQUIRE(b.ok);
    Database da = openReadOnly(a.storePath);
    Database dbCsv = openReadOnly(b.storePath);
    for (const char* key : {"Name", "Type", "Accelerator Core", "Start Time", "Duration", "Block Dim", "Mix Block Dim",
                            "Input Shapes", "Input Formats", "Output Shapes", "OP State", "HF32 Eligible", "aicore_time",
                            "aic_mac_ratio", "Model ID", "Task ID", "Stream ID"}) {
        INFO(key);
        CHECK(metric(da, "Conv2D1", key) == metric(dbCsv, "Conv2D1", key));
        CHECK(da.scalarText(std::string("SELECT coalesce(unit, '') || group_name FROM metric_key WHERE name = '") + key + "'") ==
              dbCsv.scalarText(std::string("SELECT coalesce(unit, '') || group_name FROM metric_key WHERE name = '") + key + "'"));
    }
    CHECK(metric(da, "Conv2D1", "HF32 Eligible") == "YES");
    CHECK(metric(da, "Conv2D1", "Block Dim") == "16.0");
    CHECK(da.scalarInt("SELECT ts FROM slice_view WHERE name = 'Conv2D1'") ==
          dbCsv.scalarInt("SELECT ts FROM slice_view WHERE name = 'Conv2D1'"));
}

TEST_CASE("ascend db: skipped when the folder's JSON / CSV hold the data, bad DBs are named", "[ascend][db]") {
    TempDir dir;
    std::filesystem::path unit = dir.path() / "run_ascend_pt" / "ASCEND_PROFILER_OUTPUT";
    std::filesystem::create_directories(unit);
    std::filesystem::copy(kData + "/torch_npu_rank0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json", unit);
    writeExport(dir, "run_ascend_pt/ASCEND_PROFILER_OUTPUT/ascend_pytorch_profiler_0.db");
    {
        Database other((unit / "msprof_broken.db").string(), Database::Mode::Create);
        other.exec("CREATE TABLE something(x)");
    }
    TempDir out;
    AscendOutcome result = importAscendPath(out, dir.path().string());
    INFO(describe(result.error));
    REQUIRE(result.ok);
    bool dbSkipped = false;
    for (const std::string& s : result.report.skippedFiles)
        if (s.find("ascend_pytorch_profiler_0.db: the JSON / CSV files of this folder hold the same data") !=
            std::string::npos)
            dbSkipped = true;
    CHECK(dbSkipped);
    REQUIRE(result.report.fileErrors.size() == 1);
    CHECK(result.report.fileErrors[0].code == ErrorCode::BadDatabase);
    CHECK(result.report.fileErrors[0].file.ends_with("msprof_broken.db"));
    Database db = openReadOnly(result.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'Conv2D1'") == 1); // from the JSON only
}
