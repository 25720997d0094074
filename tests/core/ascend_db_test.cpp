// msprof / torch_npu SQLite exports, written here with SQL in WAL mode and read back read-only.
#include "ascend_db_fixture.h"
#include "ascend_test_support.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace opscope;
using namespace opscope::test;

namespace {

const std::string kData = std::string(OPSCOPE_TEST_DATA) + "/ascend";
constexpr const char* kTid = "17609365917700"; // 4100 << 32 | 4100

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
    CHECK(db.scalarText("SELECT d.name FROM process p JOIN device d ON d.id = p.device_id WHERE p.name = 'HCCL'") ==
          "NPU 0");
    CHECK(db.scalarInt("SELECT dur FROM slice_view WHERE name = 'hcom_allReduce__1_0_1'") == 400'000);
    CHECK(metric(db, "Memcpy", "transport type") == "SDMA");
    CHECK(metric(db, "Memcpy", "Comm Op") == "hcom_allReduce__1_0_1");
    // Counters, overlap and steps.
    CHECK(db.scalarText("SELECT unit FROM track WHERE kind = 'counter' AND name = 'HBM 0/Read Read(MB/s)'") == "MB/s");
    CHECK(countOf(db, "SELECT counter_count FROM track WHERE name = 'AI Core Freq MHz'") == 2);
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

namespace {

// trace_view.json beside an msprof_0.db whose tasks are shifted by shiftNs: 0 is the same run (a torch_npu
// run's PROF_*/msprof_*.db copied beside its text export), a day is another run (as in samples/ascend).
AscendOutcome timelineBesideMsprofDb(const TempDir& dir, const TempDir& out, long long shiftNs) {
    std::filesystem::copy(kData + "/torch_npu_rank0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json", dir.path());
    {
        Database db((dir.path() / "msprof_0.db").string(), Database::Mode::Create);
        db.exec(kExportSql);
        db.exec("DROP TABLE PYTORCH_API; UPDATE TASK SET startNs = startNs + " + std::to_string(shiftNs) +
                ", endNs = endNs + " + std::to_string(shiftNs));
    }
    return importAscendPath(out, dir.path().string());
}

bool mentionsSkipped(const AscendOutcome& r, const std::string& text) {
    for (const std::string& s : r.report.skippedFiles)
        if (s.find(text) != std::string::npos) return true;
    return false;
}

} // namespace

TEST_CASE("ascend db: another tool's DB beside a timeline is the same run within its device time, else another run",
          "[ascend][db]") {
    TempDir sameDir, sameOut;
    AscendOutcome same = timelineBesideMsprofDb(sameDir, sameOut, 0);
    INFO(describe(same.error));
    REQUIRE(same.ok);
    CHECK(mentionsSkipped(same, "msprof_0.db: its device tasks lie within the timeline's"));
    Database sameDb = openReadOnly(same.storePath);
    CHECK(countOf(sameDb, "SELECT count(*) FROM slice_view WHERE name = 'Conv2D1'") == 1);

    TempDir otherDir, otherOut;
    AscendOutcome other = timelineBesideMsprofDb(otherDir, otherOut, 86'400'000'000'000LL);
    REQUIRE(other.ok);
    CHECK_FALSE(mentionsSkipped(other, "msprof_0.db"));
    Database db = openReadOnly(other.storePath);
    // The DB's kernel sits on a device of its own, named after the file; the timeline's keeps its own.
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'Conv2D1'") == 2);
    CHECK(countOf(db, "SELECT count(*) FROM device WHERE name = 'NPU 0 (msprof_0.db)'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM warning WHERE code = 'ascend_rows_other_run' AND file LIKE '%msprof_0.db'") == 1);
}
