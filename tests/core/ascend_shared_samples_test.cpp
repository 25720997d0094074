// The real samples in ../shared (when present): a torch_npu Level1 folder and an msprof DB export.
#include "ascend_test_support.h"

#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("ascend sample: torch_npu rank0 folder joins kernel rows and keeps counter tracks", "[ascend][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    AscendOutcome out = importAscendPath(dir, folder);
    INFO(describe(out.error));
    REQUIRE(out.ok);
    Database db = openReadOnly(out.storePath);
    // 191 kernel_details rows: 187 device tasks by (stream, task id, start), 4 HCCL ops by name.
    CHECK(out.report.joinedRows == 191);
    CHECK(out.report.unjoinedRows == 0);
    CHECK(countOf(db, "SELECT count(DISTINCT slice_id) FROM metric_view WHERE name = 'Accelerator Core'") == 191);
    // PMU values on every compute kernel; the 4 HCCL and 2 DSA rows have N/A there, which is not stored.
    CHECK(countOf(db, "SELECT count(DISTINCT slice_id) FROM metric_view WHERE name = 'aic_mac_ratio'") == 185);
    // Counter tracks of trace_view.json sit under rank 0's NPU 0.
    CHECK(countOf(db, "SELECT count(*) FROM track t JOIN device d ON d.id = t.device_id "
                      "WHERE t.kind = 'counter' AND d.name = 'rank 0 \u00b7 NPU 0' AND d.rank = 0 AND t.name LIKE 'HBM %'") == 8);
    // Series named "<event name> <args key>", as Perfetto names them.
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'counter' AND name = 'AI Core Freq MHz'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM track t JOIN process p ON p.id = t.process_id "
                      "WHERE p.name = 'Ascend Hardware' AND t.is_compute = 1") >= 1);
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'step'") == 1);
    CHECK(countOf(db, "SELECT count(*) FROM source_file WHERE status = 'used'") >= 6);
}

TEST_CASE("ascend sample: msprof_0.db imports read-only", "[ascend][shared]") {
    std::string file = sharedPathOrSkip("samples/ascend/msprof_0.db");
    TempDir dir;
    AscendOutcome out = importAscendPath(dir, file);
    INFO(describe(out.error));
    REQUIRE(out.ok);
    Database db = openReadOnly(out.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM slice s JOIN track t ON t.id = s.track_id JOIN process p "
                      "ON p.id = t.process_id WHERE p.name = 'Ascend Hardware'") == 24);
    CHECK(countOf(db, "SELECT count(DISTINCT slice_id) FROM metric_view WHERE name = 'Block Dim'") == 11);
    CHECK(countOf(db, "SELECT count(*) FROM track WHERE kind = 'counter'") >= 3);
}

// samples/ascend holds trace_view.json, kernel_details.csv and msprof_0.db of three different runs beside
// the rank folders: msprof_0.db is another tool's DB none of whose tasks lies in trace_view.json's time, so
// it is imported on a device of its own (its tasks are on device 2), not skipped as "the same data".
TEST_CASE("ascend sample: the samples folder imports msprof_0.db as a third run", "[ascend][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend");
    TempDir dir;
    AscendOutcome out = importAscendPath(dir, folder);
    INFO(describe(out.error));
    REQUIRE(out.ok);
    for (const std::string& s : out.report.skippedFiles) CHECK(s.find("msprof_0.db") == std::string::npos);
    Database db = openReadOnly(out.storePath);
    CHECK(countOf(db, "SELECT count(*) FROM slice s JOIN track t ON t.id = s.track_id JOIN process p ON p.id = t.process_id "
                      "JOIN device d ON d.id = p.device_id WHERE p.name = 'Ascend Hardware' AND d.name = 'NPU 2 (msprof_0.db)'") == 24);
    CHECK(countOf(db, "SELECT count(*) FROM warning WHERE code = 'ascend_rows_other_run' AND file LIKE '%msprof_0.db'") == 1);
}
