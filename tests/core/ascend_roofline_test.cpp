// The roofline on Ascend data: tensor bytes from shape and data type columns, FLOPs from the
// ArithmeticUtilization fops, and the metric group to collect when a run lacks either.
#include "analysis_fixture.h"
#include "ascend_test_support.h"
#include "tests/shared_samples.h"

#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/roofline/tensor_bytes.h"
#include "core/session/open_trace.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace opscope;
using namespace opscope::test;

namespace {

DiagnosisReport diagnose(Database& db, const DiagnosisOptions& options = {}) {
    DiagnosisReport report;
    Error error;
    REQUIRE(runDiagnosis(db, options, &report, &error));
    return report;
}

void text(AnalysisStore& store, PendingSliceIndex slice, const std::string& key, const std::string& value) {
    store.writer().addMetric(slice, key, std::nullopt, value);
}

} // namespace

TEST_CASE("tensor bytes: shapes times data type sizes", "[ascend_roofline]") {
    CHECK(dataTypeBytes("FLOAT") == 4);
    CHECK(dataTypeBytes("DT_BF16") == 2);
    CHECK(dataTypeBytes("float16") == 2);
    CHECK(dataTypeBytes("INT8") == 1);
    CHECK_FALSE(dataTypeBytes("STRING").has_value());
    // kernel_details writes shapes with literal quotes; several tensors are ';'-separated.
    CHECK(tensorBytes("\"32,3,224,224\"", "FLOAT") == 32.0 * 3 * 224 * 224 * 4);
    CHECK(tensorBytes("\"4096,1024;4096,1024\"", "DT_BF16;DT_BF16") == 2.0 * 4096 * 1024 * 2);
    CHECK(tensorBytes("\"\"", "FLOAT") == 4.0); // a scalar is one element
    CHECK(tensorBytes("\"8;\"", "INT32;") == 32.0); // "; ;" leaves no tensor
    CHECK(tensorBytes("", "") == 0.0);
    CHECK_FALSE(tensorBytes("\"-1,128\"", "FLOAT").has_value()); // dynamic dimension: no size
    CHECK_FALSE(tensorBytes("\"8;8\"", "FLOAT").has_value());    // types and shapes disagree
    CHECK_FALSE(tensorBytes("\"8\"", "N/A").has_value());
    CHECK_FALSE(tensorBytes("\"9223372036854775807,2\"", "FLOAT").has_value()); // overflow
}

TEST_CASE("ascend roofline: FLOPs from fops, bytes from the tensor shapes", "[ascend_roofline]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 2");
    // 2 executions: 1e9 cube fops each, reading two 1024x1024 fp16 tensors and writing one (6 MiB).
    for (int i = 0; i < 2; ++i) {
        PendingSliceIndex s = store.slice(stream, i * 1'000'000, 500'000, "MatMul");
        store.metric(s, "aic_cube_fops", 1e9);
        store.metric(s, "aic_total_cycles", 1000);
        text(store, s, "Input Shapes", "\"1024,1024;1024,1024\"");
        text(store, s, "Input Data Types", "FLOAT16;FLOAT16");
        text(store, s, "Output Shapes", "\"1024,1024\"");
        text(store, s, "Output Data Types", "FLOAT16");
    }
    // An execution whose shape is dynamic has no bytes and is left out, not counted as zero.
    PendingSliceIndex dynamic = store.slice(stream, 3'000'000, 500'000, "MatMul");
    store.metric(dynamic, "aic_cube_fops", 1e9);
    text(store, dynamic, "Input Shapes", "\"-1,1024\"");
    text(store, dynamic, "Input Data Types", "FLOAT16");
    Database& db = store.finish();
    DiagnosisReport report = diagnose(db);
    REQUIRE(report.roofline.points.size() == 1);
    const RooflinePoint& p = report.roofline.points[0];
    CHECK(p.count == 2);
    CHECK(p.flops == 2e9);
    CHECK(p.bytes == 2.0 * 3 * 1024 * 1024 * 2);
    CHECK(p.totalNs == 1'000'000);
    CHECK(p.intensity == Approx(1e9 / (3.0 * 1024 * 1024 * 2)));
    CHECK(report.roofline.bytesSource == "tensor shapes");
    CHECK(report.roofline.needs.empty());
    // ~159 FLOP/byte: above compute_bound_above (50).
    CHECK(p.densityClass == DensityClass::ComputeBound);
}

TEST_CASE("ascend roofline: PipeUtilization data says which metric group to collect", "[ascend_roofline]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 2");
    PendingSliceIndex s = store.slice(stream, 0, 500'000, "MatMul");
    store.metric(s, "aic_mac_ratio", 0.8);
    text(store, s, "Input Shapes", "\"1024,1024\"");
    text(store, s, "Input Data Types", "FLOAT16");
    Database& db = store.finish();
    DiagnosisReport report = diagnose(db);
    CHECK(report.roofline.points.empty());
    REQUIRE(report.roofline.needs.size() == 1); // the shapes give bytes; FLOPs are missing
    CHECK(report.roofline.needs[0].what == "flops");
    CHECK(report.roofline.needs[0].collect == "aic_metrics=ArithmeticUtilization");
    const Finding* density = nullptr;
    for (const Finding& f : report.findings)
        if (f.ruleId == "compute_density") density = &f;
    REQUIRE(density);
    CHECK(density->status == FindingStatus::MissingInput);
    CHECK(density->detail.find("aic_metrics=ArithmeticUtilization") != std::string::npos);
}

TEST_CASE("ascend roofline: non-Ascend data asks for nothing Ascend-specific", "[ascend_roofline]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "stream 7");
    store.slice(stream, 0, 500'000, "gemm");
    Database& db = store.finish();
    CHECK(diagnose(db).roofline.needs.empty());
}

// ../shared's kernel_details.csv (ArithmeticUtilization: FLOPs columns) and trace_view.json are the advisor
// test data of two different runs: Nov 2023 streams 16/17 against Jan 2024 stream 3, no name, no (stream,
// task id) and no start time in common. Side by side in one folder, no row joins: the file is reported as
// another run's and imported as a device of its own, its rows classed by their Accelerator Core, and the
// roofline has its points. Expected figures computed from the CSV with the documented rule (python).
TEST_CASE("ascend roofline shared: kernel_details beside another run's trace_view", "[ascend_roofline][shared]") {
    const std::string csv = sharedPathOrSkip("samples/ascend/kernel_details.csv");
    const std::string json = sharedPathOrSkip("samples/ascend/trace_view.json");
    TempDir dir;
    const std::string folder = dir.file("run");
    std::filesystem::create_directory(folder);
    std::filesystem::create_symlink(csv, folder + "/kernel_details.csv");
    std::filesystem::create_symlink(json, folder + "/trace_view.json");
    OpenOptions options;
    options.storePath = dir.file("run.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({folder}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'ascend.joined_rows'", -1) == 0);
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'ascend.other_run_rows'", -1) == 591);
    CHECK(countOf(db, "SELECT count(*) FROM warning WHERE code = 'ascend_rows_other_run'") == 1);
    // Only trace_view's own 274 tasks of Task Type "Other" stay unknown (they were 274 + 591 before).
    CHECK(db.scalarText("SELECT sample FROM warning WHERE code = 'unknown_device_task_type'") == "Other x274");
    CHECK(countOf(db, "SELECT count(*) FROM slice s JOIN track t ON t.id = s.track_id JOIN process p ON p.id = t.process_id "
                      "JOIN device d ON d.id = p.device_id WHERE d.name = 'NPU 0 (kernel_details.csv)'") == 591);
    // 520 AI_VECTOR_CORE + 25 MIX_AIV + 13 AI_CORE + 7 AI_CPU + 7 DSA_SQE operators; 19 HCCL operators.
    CHECK(countOf(db, "SELECT count(*) FROM device_slice_class c JOIN device d ON d.id = c.device_id "
                      "WHERE d.name = 'NPU 0 (kernel_details.csv)' AND c.class = 'compute'") == 572);
    CHECK(countOf(db, "SELECT count(*) FROM device_slice_class c JOIN device d ON d.id = c.device_id "
                      "WHERE d.name = 'NPU 0 (kernel_details.csv)' AND c.class = 'communication'") == 19);
    const std::vector<DeviceProfile> profiles = builtinDeviceProfiles();
    const DeviceProfile* chip = findDeviceProfile(profiles, "ascend-910b2");
    REQUIRE(chip);
    DiagnosisOptions diagnosisOptions;
    diagnosisOptions.device = *chip;
    DiagnosisReport report = diagnose(db, diagnosisOptions);
    const RooflineData& roofline = report.roofline;
    CHECK(roofline.bytesSource == "tensor shapes");
    CHECK(roofline.hasProfile);
    CHECK(roofline.points.size() == 159);
    auto point = [&](const std::string& name) -> const RooflinePoint* {
        for (const RooflinePoint& p : roofline.points)
            if (p.name == name) return &p;
        return nullptr;
    };
    REQUIRE(!roofline.points.empty());
    CHECK(roofline.points.front().name == "ApplyAdamW179"); // the longest in all
    const RooflinePoint* adam = point("ApplyAdamW179");
    REQUIRE(adam);
    CHECK(adam->count == 4);
    CHECK(adam->flops == 8338427904.0);
    CHECK(adam->bytes == 8455716976.0);
    CHECK(adam->totalNs == 7'127'500);
    CHECK(adam->densityClass == DensityClass::MemoryBound);
    const RooflinePoint* matmul = point("MatMul104");
    REQUIRE(matmul);
    CHECK(matmul->count == 2);
    CHECK(matmul->flops == 1270134824960.0);
    CHECK(matmul->bytes == 603979776.0);
    CHECK(matmul->densityClass == DensityClass::ComputeBound);
    // A one-dimensional shape ("544404480") is a shape, not a number: 544404480 FLOAT16 elements in and out.
    const RooflinePoint* zeros = point("ZerosLike46");
    REQUIRE(zeros);
    CHECK(zeros->bytes == 2.0 * 544404480 * 2);
    CHECK(zeros->flops == 137176320.0);
    // Under the 910B2's ceilings (353.9 TFLOPS fp16, 1600 GB/s): MatMul104's intensity is past the ridge.
    CHECK(matmul->attainableTflops == Approx(353.9));
    CHECK(adam->attainableTflops == Approx(adam->intensity * 1600 / 1e3));
}
