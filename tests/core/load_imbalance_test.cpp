// Load imbalance compares like with like (docs/device-time.md): compute time across the devices of one
// kind, communication time across them, compute streams with compute streams and communication streams
// with communication streams of one device; the finding names the dimension, and the threshold holds
// exactly at its value.
#include "analysis_fixture.h"

#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/session/open_trace.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

Finding imbalanceOf(Database& db) {
    DiagnosisReport report;
    Error error;
    REQUIRE(runDiagnosis(db, DiagnosisOptions{}, &report, &error));
    for (const Finding& f : report.findings)
        if (f.ruleId == "load_imbalance") return f;
    FAIL("no load_imbalance finding");
    return {};
}

void kernels(AnalysisStore& store, int ordinal, std::vector<std::pair<TimeNs, TimeNs>> intervals) {
    TrackId s = store.computeTrack(ordinal, "Stream 0");
    for (const auto& [start, end] : intervals) store.slice(s, start, end - start, "K");
}

// A store from Chrome JSON, so that the importer classifies the slices.
Database importJson(const TempDir& dir, const std::string& events) {
    OpenOptions options;
    options.storePath = dir.file("imbalance.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("imbalance.json", "[" + events.substr(0, events.size() - 1) + "]")}, options,
                      ImportProgress{}, &opened, &error));
    return openReadOnly(opened.storePath);
}

std::string gpuEvent(int pid, const std::string& cat, const std::string& name, int stream, int ts, int dur) {
    return R"({"ph":"X","cat":")" + cat + R"(","name":")" + name + R"(","pid":)" + std::to_string(pid) + R"(,"tid":)" +
           std::to_string(stream) + R"(,"ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) +
           R"(,"args":{"stream":)" + std::to_string(stream) + "}},";
}

std::string gpuProcess(int pid) {
    return R"({"ph":"M","name":"process_name","pid":)" + std::to_string(pid) + R"(,"args":{"name":"GPU )" +
           std::to_string(pid) + R"("}},)";
}

} // namespace

TEST_CASE("load imbalance: 30 points exactly passes, just above fires", "[diagnosis][devicetime]") {
    AnalysisStore at;
    kernels(at, 0, {{0, 800}, {900, 1000}}); // 900 of 1000
    kernels(at, 1, {{0, 300}, {700, 1000}}); // 600 of 1000: 30.0 points
    Finding f = imbalanceOf(at.finish());
    CHECK(f.threshold == 30.0);
    CHECK(f.measured == 30.0);
    CHECK(f.status == FindingStatus::Passed);
    CHECK(f.detail.rfind("compute time across NPU devices: ", 0) == 0);

    AnalysisStore above;
    kernels(above, 0, {{0, 800}, {900, 1000}});
    kernels(above, 1, {{0, 300}, {701, 1000}}); // 599 of 1000: 30.1 points
    Finding g = imbalanceOf(above.finish());
    CHECK(g.measured == Approx(30.1));
    CHECK(g.status == FindingStatus::Fired);
    REQUIRE(g.ranges.size() == 2);
    CHECK(g.ranges[0].label == "NPU 0 (most compute)");
    CHECK(g.ranges[1].label == "NPU 1 (least compute)");
}

TEST_CASE("load imbalance: devices of different kinds are never compared", "[diagnosis][devicetime]") {
    AnalysisStore mixed;
    kernels(mixed, 0, {{0, 900}});
    // A GPU doing a tenth of the NPU's work: another kind of device, not a slow one.
    ProcessId gpu = mixed.writer().process("gpu:0");
    mixed.writer().setProcessName(gpu, "GPU 0");
    mixed.writer().setProcessDevice(gpu, mixed.writer().device("GPU 0", "gpu", 0));
    TrackId stream = mixed.writer().threadTrack(mixed.writer().thread(gpu, "stream 7"));
    mixed.writer().setTrackCompute(stream, true);
    mixed.slice(stream, 0, 90, "gemm");
    mixed.slice(stream, 810, 90, "gemm");
    Finding alone = imbalanceOf(mixed.finish());
    CHECK(alone.status == FindingStatus::MissingInput); // one device of each kind, one stream each

    AnalysisStore twoNpus;
    kernels(twoNpus, 0, {{0, 900}});
    kernels(twoNpus, 1, {{0, 850}});
    ProcessId gpu2 = twoNpus.writer().process("gpu:0");
    twoNpus.writer().setProcessName(gpu2, "GPU 0");
    twoNpus.writer().setProcessDevice(gpu2, twoNpus.writer().device("GPU 0", "gpu", 0));
    TrackId stream2 = twoNpus.writer().threadTrack(twoNpus.writer().thread(gpu2, "stream 7"));
    twoNpus.writer().setTrackCompute(stream2, true);
    twoNpus.slice(stream2, 0, 90, "gemm");
    Finding npus = imbalanceOf(twoNpus.finish());
    CHECK(npus.status == FindingStatus::Passed);
    CHECK(npus.measured == Approx(100.0 * 50 / 900));
    CHECK(npus.detail.rfind("compute time across NPU devices: ", 0) == 0);
}

TEST_CASE("load imbalance: communication is compared with communication, streams with their own kind", "[diagnosis][devicetime]") {
    TempDir dir;
    // Two GPUs with the same compute; GPU 1 spends six times as long in NCCL kernels. Each has a compute
    // stream (7) and a communication stream (8): the two streams of a device are never compared.
    std::string t = gpuProcess(0) + gpuProcess(1);
    for (int i = 0; i < 10; ++i) {
        t += gpuEvent(0, "kernel", "gemm", 7, i * 100, 80) + gpuEvent(0, "kernel", "ncclDevKernel_AllReduce", 8, i * 100 + 80, 2);
        t += gpuEvent(1, "kernel", "gemm", 7, i * 100, 80) + gpuEvent(1, "kernel", "ncclDevKernel_AllReduce", 8, i * 100 + 80, 12);
    }
    Database db = importJson(dir, t);
    Finding f = imbalanceOf(db);
    CHECK(f.status == FindingStatus::Passed); // 100 of 992 us: 10.08 points
    CHECK(f.measured == Approx(100.0 * 100 / 992));
    const std::string want = "communication time across GPU devices: GPU 1 communication 12.1%, GPU 0 communication 2.0% of 992us";
    CHECK(f.detail.substr(0, want.size()) == want);
    CHECK(f.ranges[0].label == "GPU 1 (most communication)");
}

TEST_CASE("load imbalance: two compute streams of one device with unlike loads fire, named", "[diagnosis][devicetime]") {
    TempDir dir;
    std::string t = gpuProcess(0);
    for (int i = 0; i < 10; ++i)
        t += gpuEvent(0, "kernel", "gemm", 7, i * 100, 90) + gpuEvent(0, "kernel", "relu", 9, i * 100, 10);
    Database db = importJson(dir, t);
    Finding f = imbalanceOf(db);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(100.0 * 800 / 990));
    CHECK(f.detail.rfind("compute streams of GPU 0", 0) == 0);
}

TEST_CASE("load imbalance shared: the two torch_npu ranks are compared by a named dimension, not at 0 points",
          "[diagnosis][devicetime][shared]") {
    const std::string rank0 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    const std::string rank1 = sharedPathOrSkip("samples/ascend/torch_npu_text_rank1");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("ranks.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({rank0, rank1}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    Finding f = imbalanceOf(db);
    CHECK(f.status != FindingStatus::MissingInput);
    CHECK(f.measured > 0.0);
    const bool named = f.detail.rfind("compute time across NPU devices: ", 0) == 0 ||
                       f.detail.rfind("communication time across NPU devices: ", 0) == 0;
    CHECK(named);
    // Each rank's stream labels are never held against the HCCL operator lanes.
    for (const EvidenceRange& r : f.ranges) CHECK(r.label.find("Group") == std::string::npos);
}
