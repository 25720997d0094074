// The roofline on Ascend data: tensor bytes from shape and data type columns, FLOPs from the
// ArithmeticUtilization fops, and the metric group to collect when a run lacks either.
#include "analysis_fixture.h"
#include "ascend_test_support.h"
#include "tests/shared_samples.h"

#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/roofline/tensor_bytes.h"

#include <catch2/catch.hpp>

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
