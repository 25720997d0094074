// Whole folders through importAscend: torch_npu, msprof PROF (two devices in one timeline), two
// ranks, legacy device_<n> folders, a folder with no known file, bad files next to good ones.
#include "ascend_test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace opscope;
using namespace opscope::test;

namespace {
const std::string kData = std::string(OPSCOPE_TEST_DATA) + "/ascend";

std::string metric(Database& db, const std::string& slice, const std::string& key) {
    return db.scalarText("SELECT coalesce(m.txt, m.num) FROM metric_view m JOIN slice_view s ON s.id = m.slice_id "
                         "WHERE s.name = '" + slice + "' AND m.name = '" + key + "' ORDER BY s.ts LIMIT 1",
                         "<none>");
}

bool listed(const std::vector<std::string>& files, const std::string& suffix) {
    return std::any_of(files.begin(), files.end(), [&](const std::string& f) { return f.ends_with(suffix); });
}
} // namespace

TEST_CASE("ascend folder: torch_npu output joins kernels, steps, L2, communication and counters", "[ascend][folder]") {
    TempDir dir;
    std::string folder = kData + "/torch_npu_rank0/rank0_ascend_pt";
    CHECK(isAscendInput(folder));
    AscendOutcome out = importAscendPath(dir, folder);
    INFO(describe(out.error));
    REQUIRE(out.ok);
    CHECK(out.report.joinedRows == 4);
    CHECK(out.report.unjoinedRows == 1); // AddN has no device slice
    CHECK(listed(out.report.usedFiles, "trace_view.json"));
    CHECK(listed(out.report.usedFiles, "kernel_details.csv"));
    CHECK(listed(out.report.skippedFiles, "op_statistic.csv: per-type statistics of the device tasks this folder holds: "
                                          "opscope computes them (stats --by type); the file is the check"));
    CHECK(listed(out.report.skippedFiles, "operator_details.csv: per-operator totals of the host operators this folder's "
                                          "timeline holds"));
    CHECK(out.report.fileErrors.empty());
    Database db = openReadOnly(out.storePath);

    // String ts to exact ns; trace_view quirks through the Chrome importer.
    CHECK(db.scalarInt("SELECT ts FROM slice_view WHERE name = 'Conv2D1'") == 1736408883700200212);
    CHECK(countOf(db, "SELECT count(*) FROM flow") == 1);
    // Every column a typed metric, grouped, with units.
    CHECK(metric(db, "Conv2D1", "Duration") == "313.886");
    CHECK(db.scalarText("SELECT unit || '/' || group_name FROM metric_key WHERE name = 'Duration'") == "us/Timing");
    CHECK(db.scalarText("SELECT group_name FROM metric_key WHERE name = 'aic_mac_ratio'") == "AI Core PMU");
    CHECK(db.scalarText("SELECT group_name FROM metric_key WHERE name = 'aiv_vec_ratio'") == "AI Vector PMU");
    CHECK(db.scalarText("SELECT group_name FROM metric_key WHERE name = 'Input Shapes'") == "Shapes");
    CHECK(metric(db, "Conv2D1", "my_new_metric") == "42.0");
    CHECK(metric(db, "trans_TransData_0", "aiv_vec_ratio") == "0.186");
    CHECK(db.scalarText("SELECT type FROM slice_view WHERE name = 'MatMul'") == "MatMulV2");
    // The second use of task id 101 got MatMul's row; l2_cache's n-th row of (2,101) the n-th slice.
    CHECK(metric(db, "MatMul", "OP State") == "static");
    CHECK(metric(db, "MatMul", "L2 Hit Rate") == "0.75");
    CHECK(metric(db, "Conv2D1", "L2 Hit Rate") == "0.5");
    // HCCL row joined the communication slice by name; communication.json added bandwidth there.
    CHECK(metric(db, "hcom_allReduce__1_0_1", "Accelerator Core") == "HCCL");
    CHECK(metric(db, "hcom_allReduce__1_0_1", "HCCS Bandwidth") == "33.3333");
    CHECK(metric(db, "hcom_allReduce__1_0_1", "Comm Elapse Time") == "0.4");
    CHECK(countOf(db, "SELECT count(*) FROM metric_view WHERE name = 'RDMA Bandwidth'") == 0); // unused link
    CHECK(db.scalarInt("SELECT dur FROM slice_view WHERE name = 'hcom_send__1_1_1'") == 50'000);
    // Step 7 placed at ProfilerStep#7, with its breakdown.
    CHECK(db.scalarInt("SELECT ts FROM slice_view WHERE name = 'Step 7'") == 1736408883700000000);
    CHECK(metric(db, "Step 7", "Free") == "1232.373");
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'step'") == 1);
    // Devices: every NPU group under NPU 0, host groups under none; compute streams marked.
    CHECK(db.scalarText("SELECT group_concat(name) FROM device") == "rank 0 \u00b7 NPU 0"); // profiler_info_0.json
    CHECK(countOf(db, "SELECT count(*) FROM process WHERE name IN ('Python', 'CANN') AND device_id IS NULL") == 2);
    CHECK(countOf(db, "SELECT count(*) FROM process WHERE name IN ('Ascend Hardware', 'HCCL', 'Overlap Analysis', "
                      "'AI Core Freq', 'HBM', 'Step Trace', 'Memory Record') AND device_id IS NOT NULL") == 7);
    CHECK(countOf(db, "SELECT count(*) FROM track t JOIN thread th ON th.id = t.thread_id WHERE th.name = 'Stream 2' "
                      "AND t.is_compute = 1") >= 1);
    CHECK(countOf(db, "SELECT count(*) FROM track t JOIN thread th ON th.id = t.thread_id WHERE th.name = 'Stream 4' "
                      "AND t.is_compute = 1") == 0);
    // Counter CSV: memory_record under the device, in MB; empty cells are no sample.
    CHECK(db.scalarText("SELECT unit FROM track WHERE kind = 'counter' AND name = 'PTA/Total Allocated'") == "MB");
    CHECK(countOf(db, "SELECT counter_count FROM track WHERE name = 'APP/Total Reserved'") == 1);
    // trace_view.json series are named "<event name> <args key>", as Perfetto names them.
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'counter' AND name = 'HBM 0/Read Read(MB/s)' AND device_id IS NOT NULL") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM source_file WHERE status = 'skipped'") == 3);
}

TEST_CASE("ascend folder: an msprof PROF folder with two devices in one timeline", "[ascend][folder]") {
    TempDir dir;
    AscendOutcome out = importAscendPath(dir, kData + "/msprof_prof");
    INFO(describe(out.error));
    REQUIRE(out.ok);
    CHECK(out.report.joinedRows == 2);
    CHECK(listed(out.report.skippedFiles, "task_time_20250101000000.csv: kernel_details / op_summary hold the same tasks"));
    Database db = openReadOnly(out.storePath);
    CHECK(db.scalarText("SELECT group_concat(name) FROM (SELECT name FROM device ORDER BY name)") == "NPU 0,NPU 1");
    // Device 1's row went to device 1's slice, not to the same (stream, task) on device 0.
    CHECK(db.scalarText("SELECT coalesce(m.num, m.txt) FROM metric_view m JOIN slice s ON s.id = m.slice_id "
                        "JOIN track t ON t.id = s.track_id JOIN device d ON d.id = t.device_id "
                        "WHERE m.name = 'mac_ratio' AND d.name = 'NPU 1'") == "0.6");
    CHECK(metric(db, "MatMulV2", "Task Duration") == "10.0");
    CHECK(metric(db, "MatMulV2", "Block Num") == "8.0");
    CHECK(metric(db, "MatMulV2", "vendor_counter_x") == "7.0");
    // hbm_*.csv has no timestamps: a flat summary per device over that device's timeline.
    CHECK(countOf(db, "SELECT count(*) FROM track t JOIN process p ON p.id = t.process_id "
                      "WHERE p.name = 'HBM (summary)' AND t.name = 'HBM 0/Read'") == 2);
    CHECK(db.scalarText("SELECT unit FROM track WHERE name = 'HBM 0/Write' LIMIT 1") == "MB/s");
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE name = 'app/hbm' AND unit = 'KB' AND counter_count = 2") == 1);
}

TEST_CASE("ascend folder: two ranks' folders, two CANN layouts, one group per device", "[ascend][folder]") {
    TempDir dir;
    AscendOutcome out = importAscendPath(dir, kData + "/multi_rank");
    INFO(describe(out.error));
    REQUIRE(out.ok);
    CHECK(out.report.joinedRows == 2);
    Database db = openReadOnly(out.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM device") == 2);
    CHECK(countOf(db, "SELECT count(DISTINCT device_id) FROM process WHERE name = 'Ascend Hardware'") == 2);
    auto keysAt = [&](TimeNs ts) {
        return db.scalarText("SELECT group_concat(m.name) FROM metric_view m JOIN slice s ON s.id = m.slice_id "
                             "WHERE s.ts = " + std::to_string(ts) + " AND m.name IN ('OP State', 'aiv_vector_fops')");
    };
    CHECK(keysAt(1736408883800000000) == "OP State");        // rank 0: CANN 8 layout
    CHECK(keysAt(1736408883800002000) == "aiv_vector_fops"); // rank 1: older layout
}

TEST_CASE("ascend folder: two ranks on the same device number stay two devices", "[ascend][folder]") {
    TempDir dir;
    namespace fs = std::filesystem;
    fs::copy(kData + "/multi_rank/rank0_ascend_pt", dir.path() / "host_a_ascend_pt", fs::copy_options::recursive);
    fs::copy(kData + "/multi_rank/rank0_ascend_pt", dir.path() / "host_b_ascend_pt", fs::copy_options::recursive);
    fs::remove(dir.path() / "host_b_ascend_pt/profiler_info_0.json");
    dir.write("host_b_ascend_pt/profiler_info_8.json", "{\"rank_id\": 8}\n");
    TempDir out;
    AscendOutcome result = importAscendPath(out, dir.path().string());
    INFO(describe(result.error));
    REQUIRE(result.ok);
    CHECK(result.report.joinedRows == 2);
    Database db = openReadOnly(result.storePath);
    CHECK(db.scalarText("SELECT group_concat(name, ',') FROM (SELECT name FROM device ORDER BY id)") ==
          "rank 0 \u00b7 NPU 0,rank 8 \u00b7 NPU 0");
    CHECK(db.scalarText("SELECT group_concat(rank || '/' || ordinal, ',') FROM (SELECT * FROM device ORDER BY id)") ==
          "0/0,8/0");
}

TEST_CASE("ascend folder: legacy device_<n> folders with numeric ts", "[ascend][folder]") {
    TempDir dir;
    AscendOutcome out = importAscendPath(dir, kData + "/legacy_prof");
    INFO(describe(out.error));
    REQUIRE(out.ok);
    Database db = openReadOnly(out.storePath);
    CHECK(db.scalarText("SELECT group_concat(name) FROM (SELECT name FROM device ORDER BY name)") == "NPU 0,NPU 1");
    CHECK(db.scalarInt("SELECT min(ts) FROM slice") == 56635864386800);
}

TEST_CASE("ascend folder: a folder with none of the known files is a clear error", "[ascend][folder]") {
    TempDir dir;
    std::string folder = kData + "/missing_files";
    CHECK_FALSE(isAscendInput(folder));
    AscendOutcome out = importAscendPath(dir, folder);
    CHECK_FALSE(out.ok);
    CHECK(out.error.code == ErrorCode::UnknownFormat);
    CHECK(out.error.file == folder);
    CHECK(out.error.expected.find("trace_view.json") != std::string::npos);
}

TEST_CASE("ascend folder: an unknown header and a file cut short are named, the rest imports", "[ascend][folder]") {
    TempDir dir;
    AscendOutcome out = importAscendPath(dir, kData + "/bad_files");
    INFO(describe(out.error));
    REQUIRE(out.ok);
    REQUIRE(out.report.fileErrors.size() == 2);
    const Error& header = out.report.fileErrors[0];
    CHECK(header.code == ErrorCode::BadCsv);
    CHECK(header.file.ends_with("kernel_details.csv"));
    CHECK(header.line == 1);
    CHECK(header.detail.find("Kernel,When,HowLong") != std::string::npos);
    const Error& cut = out.report.fileErrors[1];
    CHECK(cut.code == ErrorCode::Truncated);
    CHECK(cut.file.ends_with("op_summary_1.csv"));
    CHECK(cut.line == 3);
    Database db = openReadOnly(out.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM source_file WHERE status = 'failed' AND path LIKE '%kernel_details.csv'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM source_file WHERE status = 'used'") == 2); // timeline + op_summary's row 2
    CHECK(countOf(db, "SELECT count(*) FROM warning WHERE code = 'ascend_truncated' AND line = 3") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'Mul'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'Add'") == 0); // the cut row
}

TEST_CASE("ascend folder: a timeline cut short keeps its head and the side files still import", "[ascend][folder]") {
    TempDir dir;
    std::filesystem::copy(kData + "/torch_npu_rank0", dir.path() / "run", std::filesystem::copy_options::recursive);
    std::string trace = (dir.path() / "run/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json").string();
    std::filesystem::resize_file(trace, 4000);
    std::string notTrace = dir.write("run/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/msprof_1.json", "hello");
    TempDir out;
    AscendOutcome result = importAscendPath(out, (dir.path() / "run").string());
    INFO(describe(result.error));
    REQUIRE(result.ok);
    REQUIRE(result.report.fileErrors.size() == 2);
    CHECK(result.report.fileErrors[0].file == notTrace);
    CHECK(result.report.fileErrors[0].code == ErrorCode::NotJson);
    CHECK(result.report.fileErrors[1].file == trace);
    CHECK(result.report.fileErrors[1].code == ErrorCode::Truncated);
    CHECK(result.report.fileErrors[1].line > 1);
    CHECK(listed(result.report.usedFiles, "kernel_details.csv"));
    Database db = openReadOnly(result.storePath);
    CHECK(db.scalarText("SELECT status FROM source_file WHERE path = '" + trace + "'") == "used");
    CHECK(db.scalarText("SELECT reason FROM source_file WHERE path = '" + trace + "'").find("truncated") == 0);
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'ProfilerStep#7'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM metric_view WHERE name = 'Name'") == 5);
}

TEST_CASE("ascend files: one CSV alone, one timeline alone, and files that are not Ascend", "[ascend][folder]") {
    std::string rank0 = kData + "/torch_npu_rank0/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT";
    CHECK(isAscendInput(rank0 + "/kernel_details.csv"));
    CHECK(isAscendInput(rank0 + "/trace_view.json"));
    CHECK(isAscendInput(rank0 + "/communication.json"));
    CHECK_FALSE(isAscendInput(rank0 + "/op_statistic.csv"));
    CHECK_FALSE(isAscendInput(kData + "/missing_files/notes.csv"));
    TempDir scratch;
    CHECK_FALSE(isAscendInput(scratch.write("kineto.json", "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"k\"}]}")));

    TempDir dir;
    AscendOutcome out = importAscendPath(dir, rank0 + "/kernel_details.csv");
    INFO(describe(out.error));
    REQUIRE(out.ok);
    CHECK(out.report.unjoinedRows == 5);
    Database db = openReadOnly(out.storePath);
    CHECK(db.scalarText("SELECT group_concat(DISTINCT p.name) FROM slice s JOIN track t ON t.id = s.track_id "
                        "JOIN process p ON p.id = t.process_id") == "Ascend Hardware");
    // A single file still belongs to its rank: profiler_info_0.json sits in the folder above.
    CHECK(db.scalarText("SELECT d.name FROM process p JOIN device d ON d.id = p.device_id") == "rank 0 \u00b7 NPU 0");
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE is_compute = 1") >= 1);
    CHECK(db.scalarInt("SELECT ts FROM slice_view WHERE name = 'Conv2D1'") == 1736408883700200212);
}

TEST_CASE("ascend folder: a legacy timeline folder imports each device task once, merges task_time and its hccl file", "[ascend][folder]") {
    TempDir dir;
    const std::string hw = R"({"name": "process_name", "pid": 3, "tid": 0, "args": {"name": "Ascend Hardware"}, "ph": "M"},
{"name": "thread_name", "pid": 3, "tid": 7, "args": {"name": "Stream 7"}, "ph": "M"},
{"name": "Cast-op239", "pid": 3, "tid": 7, "ts": 56635864386.8, "dur": 2.5, "args": {"Task Type": "AI_CORE", "Stream Id": 7, "Task Id": 3}, "ph": "X"},
{"name": "MatMul-op12", "pid": 3, "tid": 7, "ts": 56635864390.0, "dur": 4.0, "args": {"Task Type": "AI_CORE", "Stream Id": 7, "Task Id": 4}, "ph": "X"})";
    dir.write("PROF_1/device_0/timeline/msprof_0_1_1.json", "[\n" + hw + "\n]\n");
    // task_time repeats the same tasks with the values msprof_*.json lacks, and one task it does not have.
    const std::string taskTime = R"J({"name": "Cast-op239", "pid": 3, "tid": 7, "ts": 56635864386.8, "dur": 2.5, "args": {"Task Type": "AI_CORE", "Stream Id": 7, "Task Id": 3, "Aicore Time(ms)": 0.0021, "Total Cycle": 3780}, "ph": "X"},
{"name": "MatMul-op12", "pid": 3, "tid": 7, "ts": 56635864390.0, "dur": 4.0, "args": {"Task Type": "AI_CORE", "Stream Id": 7, "Task Id": 4, "Aicore Time(ms)": 0.0038, "Total Cycle": 6840}, "ph": "X"},
{"name": "Add-op3", "pid": 3, "tid": 7, "ts": 56635864395.0, "dur": 1.0, "args": {"Task Type": "AI_CORE", "Stream Id": 7, "Task Id": 5, "Aicore Time(ms)": 0.0009, "Total Cycle": 1620}, "ph": "X"})J";
    dir.write("PROF_1/device_0/timeline/task_time_0_1_1.json", "[\n" + taskTime + "\n]\n");
    dir.write("PROF_1/device_0/timeline/hccl_0_1_1.json",
              R"([{"name": "process_name", "pid": 5, "tid": 0, "args": {"name": "HCCL"}, "ph": "M"},
{"name": "thread_name", "pid": 5, "tid": 0, "args": {"name": "Communication Kernel"}, "ph": "M"},
{"name": "hcom_allReduce__1_0_1", "pid": 5, "tid": 0, "ts": 56635864400.0, "dur": 30.0, "args": {}, "ph": "X"}])");
    AscendOutcome out = importAscendPath(dir, (dir.path() / "PROF_1").string());
    INFO(describe(out.error));
    REQUIRE(out.ok);
    Database db = openReadOnly(out.storePath);
    // Task count = distinct (stream, task, start) tasks: the two of both files once each, and task_time's third.
    CHECK(countOf(db, "SELECT count(*) FROM slice s JOIN track t ON t.id = s.track_id JOIN process p "
                      "ON p.id = t.process_id WHERE p.name = 'Ascend Hardware'") == 3);
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'Cast-op239'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'thread' AND name LIKE '7%'") == 1); // one stream lane
    // task_time's values, on msprof_*.json's tasks.
    CHECK(db.scalarText("SELECT m.num || ' ' || m.unit FROM metric_view m JOIN slice_view s ON s.id = m.slice_id "
                        "WHERE s.name = 'Cast-op239' AND m.name = 'Aicore Time'") == "0.0021 ms");
    CHECK(db.scalarInt("SELECT m.num FROM metric_view m JOIN slice_view s ON s.id = m.slice_id "
                       "WHERE s.name = 'MatMul-op12' AND m.name = 'Total Cycle'") == 6840);
    CHECK(listed(out.report.usedFiles, "task_time_0_1_1.json"));
    CHECK(db.scalarText("SELECT reason FROM source_file WHERE path LIKE '%task_time_0_1_1.json'") ==
          "2 tasks merged into msprof_*.json's (4 values it lacks), 1 imported as slices of their own");
    CHECK(listed(out.report.usedFiles, "hccl_0_1_1.json"));
    CHECK(countOf(db, "SELECT count(*) FROM slice_view WHERE name = 'hcom_allReduce__1_0_1'") == 1);
    CHECK(db.scalarText("SELECT role FROM source_file WHERE path LIKE '%hccl_0_1_1.json'") == "hccl");
}
