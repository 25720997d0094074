// The msprof-analyze advisor's cube and FlashAttention AI Core checks, bandwidth contention, RDMA
// retransmission, SyncBatchNorm, recorded GC events and device memory calls: each fired and not fired
// exactly at its threshold, and missing input with what to collect.
#include "analysis_fixture.h"
#include "ascend_test_support.h"
#include "rule_finding.h"

#include "core/analysis/diagnosis/ascend_shape_groups.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/session/open_trace.h"
#include "core/store/cluster_tables.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The finding of a rule on a store holding one kernel and nothing else.
Finding onKernelOnly(const std::string& rule) {
    AnalysisStore s;
    s.slice(s.computeTrack(0, "Stream 2"), 0, 1000, "K");
    return findingOf(s.finish(), rule);
}

// One kernel_details task on compute stream 2: its core, op type, shapes and pipe ratios.
struct KernelTask {
    std::string name, type, core = "AI_CORE";
    std::string inputs, outputs;
    std::vector<std::pair<std::string, double>> ratios;
    TimeNs durNs = 10'000;
};

Database& kernelStore(AnalysisStore& s, const std::vector<KernelTask>& tasks) {
    TrackId t = s.computeTrack(0, "Stream 2");
    TimeNs ts = 0;
    for (const KernelTask& k : tasks) {
        PendingSliceIndex i = s.slice(t, ts, k.durNs, k.name, {}, k.type);
        s.writer().addMetric(i, "Accelerator Core", std::nullopt, k.core, {}, "Task");
        s.writer().addMetric(i, "Input Shapes", std::nullopt, k.inputs, {}, "Shapes");
        s.writer().addMetric(i, "Output Shapes", std::nullopt, k.outputs, {}, "Shapes");
        for (const auto& [key, value] : k.ratios) s.metric(i, key, value);
        ts += k.durNs + 1000;
    }
    return s.finish();
}

// 1024 x 12800 twice in, 1024 x 25600 out: 52428800 elements, 100 MB at the advisor's 2 bytes each.
const char* kCubeIn = "1024,12800;1024,12800";
const char* kCubeOut = "1024,25600";

Finding cube(const std::string& inputs, const std::string& outputs, double mac, double mte2,
             const std::string& core = "AI_CORE") {
    AnalysisStore s;
    return findingOf(kernelStore(s, {{"aclnnMm_MatMulCommon_MatMulV2", "MatMulV2", core, inputs, outputs,
                                        {{"aic_mac_ratio", mac}, {"aic_mte2_ratio", mte2}}}}),
                       "ascend_aicore_cube");
}

// Query 8 x 2048 x 1024 (BSH); the first output 8 x 8 x 2048 x 8 gives N = 8, so D = 128 and S = 2048.
Finding flashAttention(const std::string& type, const std::string& outputs, std::vector<std::pair<std::string, double>> ratios) {
    AnalysisStore s;
    return findingOf(kernelStore(s, {{"aclnnFlashAttentionScore_FlashAttentionScore", type, "MIX_AIC",
                                        "8,2048,1024;8,2048,1024;8,2048,1024", outputs, std::move(ratios)}}),
                       "ascend_aicore_flash_attention");
}

} // namespace

TEST_CASE("ascend shapes: the advisor's memory size and shape lists", "[diagnosis][ascend]") {
    CHECK(advisorTensorMegabytes(kCubeIn, kCubeOut) == Approx(100.0));
    // A one-dimensional input (a bias) counts twice; outputs never do.
    CHECK(advisorTensorMegabytes("2,4;4", "8") == Approx((8.0 + 8 + 8) * 2 / 1048576));
    CHECK_FALSE(advisorTensorMegabytes("2,4;", "8").has_value()); // an empty tensor: int("") fails there
    CHECK_FALSE(advisorTensorMegabytes("-1,4", "8").has_value());
    auto list = parseShapeList("32,4096;4096");
    REQUIRE(list);
    CHECK(list->size() == 2);
    CHECK((*list)[0] == std::vector<long long>{32, 4096});
    CHECK(shapeGroupLabel("MatMul", "2,2", "2") == "MatMul [2,2 - 2]");
    CHECK(shapeGroupLabel("MatMul", "", "") == "MatMul");
}

TEST_CASE("ascend advisor: cube operators from 100 MB, bound at 0.8 / 0.95, inner axis 256", "[diagnosis][ascend]") {
    Finding open = cube(kCubeIn, kCubeOut, 0.5, 0.5); // exactly 100 MB: analysed
    INFO(open.detail);
    CHECK(open.status == FindingStatus::Fired);
    CHECK(open.measured == Approx(0.45)); // max(0.8 - 0.5, 0.95 - 0.5)
    REQUIRE(open.operators.size() == 1);
    CHECK(open.operators[0].name == "aclnnMm_MatMulCommon_MatMulV2 [1024,12800;1024,12800 - 1024,25600]");
    CHECK(open.timeAtStakeNs == 10'000);
    REQUIRE_FALSE(open.operators[0].sliceIds.empty());
    Finding small = cube(kCubeIn, "1024,25599", 0.5, 0.5); // 1024 elements short of 100 MB: not analysed
    CHECK(small.status == FindingStatus::Passed);
    CHECK(mentions(small.detail, "0 cube operator/shape group(s)"));
    CHECK(cube(kCubeIn, kCubeOut, 0.5, 0.5, "AI_VECTOR_CORE").status == FindingStatus::Passed); // not AI_CORE
    // Bound: both at their thresholds; mte2 alone from 0.95; mac alone also from 0.95, as the advisor compares it.
    Finding both = cube(kCubeIn, kCubeOut, 0.8, 0.95);
    CHECK(both.status == FindingStatus::Passed);
    CHECK(mentions(both.detail, "mac_and_mte2"));
    CHECK(mentions(cube(kCubeIn, kCubeOut, 0.5, 0.95).detail, ": mte2"));
    CHECK(cube(kCubeIn, kCubeOut, 0.5, 0.9499).status == FindingStatus::Fired);
    CHECK(mentions(cube(kCubeIn, kCubeOut, 0.95, 0.5).detail, ": mac"));
    Finding macBelow = cube(kCubeIn, kCubeOut, 0.9499, 0.5);
    CHECK(macBelow.status == FindingStatus::Fired);
    CHECK(macBelow.measured == Approx(0.45));
    // An inner axis that is not a multiple of 256 is reported whatever the ratios.
    Finding unaffine = cube("1024,12801;1024,12800", kCubeOut, 0.8, 0.95);
    CHECK(unaffine.status == FindingStatus::Fired);
    REQUIRE(unaffine.operators.size() == 1);
    CHECK(mentions(unaffine.operators[0].name, "not a multiple of 256"));
    AnalysisStore noRatios;
    Finding m = findingOf(kernelStore(noRatios, {{"MatMul", "MatMulV2", "AI_CORE", kCubeIn, kCubeOut, {}}}),
                            "ascend_aicore_cube");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "PipeUtilization"));
}

TEST_CASE("ascend advisor: FlashAttention bound at 0.8 / 0.75, D and S multiples of 128", "[diagnosis][ascend]") {
    const std::string out = "8,8,2048,8;8,8,2048,8;1;8,2048,1024";
    Finding open = flashAttention("FlashAttentionScore", out, {{"aic_mte2_ratio", 0.5}, {"aiv_vec_ratio", 0.5}});
    INFO(open.detail);
    CHECK(open.status == FindingStatus::Fired);
    CHECK(open.measured == Approx(0.3)); // max(0.75 - 0.5, 0.8 - 0.5)
    Finding mte2 = flashAttention("FlashAttentionScore", out, {{"aic_mte2_ratio", 0.8}, {"aiv_vec_ratio", 0.5}});
    CHECK(mte2.status == FindingStatus::Passed);
    CHECK(mentions(mte2.detail, ": mac")); // the advisor's name for the aic_mte2 bound
    CHECK(flashAttention("FlashAttentionScore", out, {{"aic_mte2_ratio", 0.7999}, {"aiv_vec_ratio", 0.5}}).status ==
          FindingStatus::Fired);
    CHECK(mentions(flashAttention("FlashAttentionScore", out, {{"aic_mte2_ratio", 0.5}, {"aiv_vec_ratio", 0.75}}).detail,
                   ": vec"));
    CHECK(flashAttention("FlashAttentionScore", out, {{"aic_mte2_ratio", 0.5}, {"aiv_vec_ratio", 0.7499}}).status ==
          FindingStatus::Fired);
    // Backward: aic_fixpipe in place of aiv_vec.
    CHECK(mentions(flashAttention("FlashAttentionScoreGrad", out, {{"aic_mte2_ratio", 0.5}, {"aic_fixpipe_ratio", 0.75}}).detail,
                   ": fixpipe"));
    Finding grad = flashAttention("FlashAttentionScoreGrad", out, {{"aic_mte2_ratio", 0.5}, {"aic_fixpipe_ratio", 0.7499}});
    CHECK(grad.status == FindingStatus::Fired);
    CHECK(grad.measured == Approx(0.3));
    // N = 16 makes D = 64; S = 2000: each named.
    Finding head = flashAttention("FlashAttentionScore", "8,16,2048,8", {{"aic_mte2_ratio", 0.9}, {"aiv_vec_ratio", 0.9}});
    CHECK(head.status == FindingStatus::Fired);
    REQUIRE(head.operators.size() == 1);
    CHECK(mentions(head.operators[0].name, "D is not a multiple of 128"));
    Finding seq = flashAttention("FlashAttentionScore", "8,8,2000,8", {{"aic_mte2_ratio", 0.9}, {"aiv_vec_ratio", 0.9}});
    REQUIRE(seq.operators.size() == 1);
    CHECK(mentions(seq.operators[0].name, "S is not a multiple of 128"));
    // No FlashAttention task: nothing analysed, passed; no aic_mte2 ratio: missing input.
    AnalysisStore other;
    Finding p = findingOf(kernelStore(other, {{"MatMul", "MatMulV2", "AI_CORE", kCubeIn, kCubeOut, {{"aic_mte2_ratio", 0.5}}}}),
                            "ascend_aicore_flash_attention");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(mentions(p.detail, "0 FlashAttention"));
    Finding m = flashAttention("FlashAttentionScore", out, {});
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "aic_mte2"));
}

namespace {

// An SDMA operator of 1 ms from 1 ms on, and a MatMul task ending at matmulEndNs (starting 100 µs before).
Database& contentionStore(AnalysisStore& s, double bandwidthGBps, TimeNs matmulEndNs, double sdmaMB = 10) {
    TrackId t = s.computeTrack(0, "Stream 2");
    s.slice(t, matmulEndNs - 100'000, 100'000, "aclnnMatmul_MatMulV3");
    CommOpRank op;
    op.opName = "hcom_allGather__1";
    op.rank = 0;
    op.startNs = 1'000'000;
    op.elapseNs = 1'000'000;
    LinkBandwidth link;
    link.linkType = "SDMA";
    link.transitSizeMB = sdmaMB;
    link.bandwidthGBps = bandwidthGBps;
    op.links.push_back(link);
    writeCommOps(s.writer().database(), "communication.json", {op});
    return s.finish();
}

} // namespace

TEST_CASE("ascend advisor: SDMA under 0.8 x 18 GB/s while a MatMul runs", "[diagnosis][ascend]") {
    AnalysisStore slow;
    Finding f = findingOf(contentionStore(slow, 14.39, 1'050'000), "ascend_bandwidth_contention");
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.threshold == Approx(14.4));
    CHECK(f.measured == Approx(14.39));
    CHECK(f.timeAtStakeNs == 1'000'000);
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].startNs == 1'000'000);
    AnalysisStore atThreshold;
    CHECK(findingOf(contentionStore(atThreshold, 14.4, 1'050'000), "ascend_bandwidth_contention").status ==
          FindingStatus::Passed);
    // The MatMul ending at the operator's start overlaps it; ending 1 ns before does not.
    AnalysisStore touching;
    CHECK(findingOf(contentionStore(touching, 5, 1'000'000), "ascend_bandwidth_contention").status == FindingStatus::Fired);
    AnalysisStore apart;
    CHECK(findingOf(contentionStore(apart, 5, 999'999), "ascend_bandwidth_contention").status == FindingStatus::Passed);
    AnalysisStore noSdma; // no SDMA traffic: nothing to judge
    Finding m = findingOf(contentionStore(noSdma, 5, 1'050'000, 0), "ascend_bandwidth_contention");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "communication.json"));
}

namespace {

// One operator on two ranks: elapse per rank, RDMA transit time per rank (ns).
Database& rdmaStore(AnalysisStore& s, std::pair<TimeNs, TimeNs> elapseNs, std::pair<TimeNs, TimeNs> transitNs) {
    TrackId t = s.computeTrack(0, "Stream 2");
    s.slice(t, 0, 1000, "K");
    std::vector<CommOpRank> ops;
    for (int rank = 0; rank < 2; ++rank)
        ops.push_back(commOpOnLink(rank, "hcom_allReduce__7", 1000, rank == 0 ? elapseNs.first : elapseNs.second, "RDMA", 64,
                                   rank == 0 ? transitNs.first : transitNs.second));
    writeCommOps(s.writer().database(), "communication.json", ops);
    return s.finish();
}

} // namespace

TEST_CASE("ascend advisor: RDMA retransmission above 4000 ms when no rank finished sooner", "[diagnosis][ascend]") {
    constexpr TimeNs k4s = 4'000'000'000;
    AnalysisStore above;
    Finding f = findingOf(rdmaStore(above, {k4s, 5 * k4s / 4}, {1000, k4s + 1000}), "ascend_rdma_retransmission");
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(4000.001));
    CHECK(f.timeAtStakeNs == k4s + 1000);
    REQUIRE(f.ranges.size() == 1);
    CHECK(mentions(f.ranges[0].label, "rank 1"));
    AnalysisStore atThreshold; // a transit of exactly 4000 ms is not above it
    CHECK(findingOf(rdmaStore(atThreshold, {k4s, k4s}, {1000, k4s}), "ascend_rdma_retransmission").status ==
          FindingStatus::Passed);
    AnalysisStore desync; // a rank finished in under 4000 ms: the others waited for it, no retransmission
    CHECK(findingOf(rdmaStore(desync, {k4s - 1000, 5 * k4s / 4}, {1000, 2 * k4s}), "ascend_rdma_retransmission").status ==
          FindingStatus::Passed);
    Finding m = onKernelOnly("ascend_rdma_retransmission");
    CHECK(m.status == FindingStatus::MissingInput);
}

TEST_CASE("ascend advisor: SyncBatchNorm from 20 calls", "[diagnosis][ascend]") {
    auto run = [](AnalysisStore& s, int calls, bool hostOps = true) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 1'000'000, "K");
        TrackId python = s.hostTrack("Python", "Thread 1");
        if (hostOps) s.slice(python, 0, 10, "aten::add", "cpu_op");
        for (int i = 0; i < calls; ++i) s.slice(python, 100 + i * 100, 50, i % 2 ? "SyncBatchNorm" : "syncbatchnorm", "python_function");
        return s.finish();
    };
    AnalysisStore twenty;
    Finding f = findingOf(run(twenty, 20), "ascend_sync_batchnorm");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 20);
    CHECK(f.timeAtStakeNs == 20 * 50);
    AnalysisStore nineteen;
    CHECK(findingOf(run(nineteen, 19), "ascend_sync_batchnorm").status == FindingStatus::Passed);
    AnalysisStore none;
    Finding p = findingOf(run(none, 0), "ascend_sync_batchnorm");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == 0);
    AnalysisStore noHost;
    Finding m = findingOf(run(noHost, 0, false), "ascend_sync_batchnorm");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "CPU"));
}

TEST_CASE("ascend advisor: recorded GC events from 1000 us", "[diagnosis][ascend]") {
    auto run = [](AnalysisStore& s, std::vector<TimeNs> pausesNs) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 10'000'000, "K");
        TrackId gc = s.hostTrack("Python", "GC");
        TimeNs ts = 0;
        for (TimeNs p : pausesNs) {
            s.slice(gc, ts, p, "GC", "GC");
            ts += p + 1000;
        }
        return s.finish();
    };
    AnalysisStore slow;
    Finding f = findingOf(run(slow, {999'999, 1'000'000}), "ascend_gc_events");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(1000));
    CHECK(f.timeAtStakeNs == 1'000'000);
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].startNs == 1'000'999);
    AnalysisStore below;
    CHECK(findingOf(run(below, {999'999}), "ascend_gc_events").status == FindingStatus::Passed);
    AnalysisStore none;
    Finding m = findingOf(run(none, {}), "ascend_gc_events");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "gc_detect_threshold"));
}

TEST_CASE("ascend advisor: device memory calls from 10000 us in all", "[diagnosis][ascend]") {
    auto run = [](AnalysisStore& s, TimeNs freeNs, const std::string& name = "AscendCL@aclrtFree",
                  const std::string& category = {}) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 100'000'000, "K");
        TrackId cann = s.hostTrack("CANN", "Thread 1");
        s.slice(cann, 0, 100, "AscendCL@aclnnAdd");
        s.slice(cann, 1000, freeNs / 2, name, category);
        s.slice(cann, 1000 + freeNs, freeNs - freeNs / 2, name, category);
        return s.finish();
    };
    AnalysisStore slow;
    Finding f = findingOf(run(slow, 10'000'000), "ascend_memory_operators");
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(10000));
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "AscendCL@aclrtFree");
    CHECK(f.operators[0].count == 2);
    CHECK(f.timeAtStakeNs == 10'000'000);
    AnalysisStore below;
    CHECK(findingOf(run(below, 9'999'999), "ascend_memory_operators").status == FindingStatus::Passed);
    AnalysisStore db; // the DB import's name: without the prefix, at level acl
    CHECK(findingOf(run(db, 10'000'000, "aclMallocMemInner", "acl"), "ascend_memory_operators").status ==
          FindingStatus::Fired);
    Finding m = onKernelOnly("ascend_memory_operators");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "AscendCL"));
}

namespace {

// reps repetitions, 20 µs apart, of three 1 µs AI_VECTOR_CORE tasks A, B, C (B and C at bStartNs / cStartNs
// into the repetition) and an AI_CPU task at 10 µs that ends every sequence; per task aicore_time and the
// transfer times. stepEndNs > 0 adds a last AI_CPU task ending there (it sets the device time).
struct FusibleRun {
    int reps = 6;
    TimeNs bStartNs = 3'250, cStartNs = 7'000;
    double aicoreUs = 1.0, mte2Us = 0.5, fixpipeUs = 0;
    TimeNs stepEndNs = 0;
};

Finding fusible(const FusibleRun& r) {
    AnalysisStore s;
    TrackId t = s.computeTrack(0, "Stream 2");
    auto task = [&](TimeNs ts, const std::string& name, const std::string& core) {
        PendingSliceIndex i = s.slice(t, ts, 1000, name);
        s.writer().addMetric(i, "Accelerator Core", std::nullopt, core, {}, "Task");
        s.writer().addMetric(i, "Input Shapes", std::nullopt, "8,8", {}, "Shapes");
        s.writer().addMetric(i, "Output Shapes", std::nullopt, "8,8", {}, "Shapes");
        s.metric(i, "aicore_time", core == "AI_CPU" ? 0 : r.aicoreUs, "us");
        s.metric(i, "aic_mte2_time", core == "AI_CPU" ? 0 : r.mte2Us, "us");
        s.metric(i, "aiv_mte2_time", 0, "us");
        s.metric(i, "aic_fixpipe_time", core == "AI_CPU" ? 0 : r.fixpipeUs, "us");
        s.metric(i, "aiv_mte3_time", 0, "us");
    };
    for (int rep = 0; rep < r.reps; ++rep) {
        const TimeNs base = rep * 20'000;
        task(base, "A", "AI_VECTOR_CORE");
        task(base + r.bStartNs, "B", "AI_VECTOR_CORE");
        task(base + r.cStartNs, "C", "AI_VECTOR_CORE");
        task(base + 10'000, "X", "AI_CPU");
    }
    if (r.stepEndNs > 0) task(r.stepEndNs - 1000, "Y", "AI_CPU");
    return findingOf(s.finish(), "ascend_fusible_operators");
}

} // namespace

TEST_CASE("ascend advisor: fusible sequences, host bound under 0.4, MTE bound over 0.8, more than 5 times",
          "[diagnosis][ascend]") {
    // Host bound: 3 µs of work in 8 µs of wall time (0.375), 6 times.
    Finding f = fusible({});
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 6);
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "A > B > C (host bound)");
    CHECK(f.operators[0].count == 6);
    CHECK(f.timeAtStakeNs == 6 * 8'000);
    // Two tasks make no sequence (i < min_length): A > B is not reported, and X ends every sequence.
    CHECK(mentions(f.detail, "1 operator sequence(s)"));
    FusibleRun five;
    five.reps = 5;
    CHECK(fusible(five).status == FindingStatus::Passed);
    // Execution / wall time exactly 0.4 (3 µs in 7.5 µs) is not host bound; 1 ns more wall time is.
    FusibleRun atHost;
    atHost.cStartNs = 6'500;
    CHECK(fusible(atHost).status == FindingStatus::Passed);
    FusibleRun overHost;
    overHost.cStartNs = 6'501;
    CHECK(fusible(overHost).status == FindingStatus::Fired);
    // A host-bound sequence must take more than 0.01 of the device time: 48 µs of 4800 µs is not more.
    FusibleRun share;
    share.stepEndNs = 4'800'000;
    CHECK(fusible(share).status == FindingStatus::Passed);
    share.stepEndNs = 4'799'000;
    CHECK(fusible(share).status == FindingStatus::Fired);
    // MTE bound (tasks back to back, not host bound): transfers 1 µs of 1.25 µs AI Core time is 0.8, not more.
    FusibleRun atMte;
    atMte.bStartNs = 1'000;
    atMte.cStartNs = 2'000;
    atMte.aicoreUs = 1.25;
    atMte.fixpipeUs = 0.5;
    atMte.stepEndNs = 100'000'000; // MTE-bound sequences need no share of the device time
    CHECK(fusible(atMte).status == FindingStatus::Passed);
    atMte.aicoreUs = 1.2499;
    Finding mte = fusible(atMte);
    CHECK(mte.status == FindingStatus::Fired);
    REQUIRE(mte.operators.size() == 1);
    CHECK(mte.operators[0].name == "A > B > C (MTE bound)");
    Finding m = onKernelOnly("ascend_fusible_operators");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(mentions(m.needs.en, "PipeUtilization"));
}

// The shared torch_npu rank 0 (Level1, PipeUtilization) through the new rules; the figures were computed
// from its kernel_details.csv and communication.json by a re-reading of the checkers in Python.
TEST_CASE("ascend advisor shared: rank 0 through the cube, FA, fusible, contention and host rules",
          "[diagnosis][ascend][shared]") {
    const std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("rank0.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({folder}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    DiagnosisReport report;
    REQUIRE(runDiagnosis(db, DiagnosisOptions{}, &report, &error));
    auto find = [&](const std::string& id) -> const Finding& {
        for (const Finding& f : report.findings)
            if (f.ruleId == id) return f;
        FAIL("no finding " << id);
        return report.findings.front();
    };
    // No MatMul name/shape group reaches 100 MB (the largest holds 72.83 MB); no FlashAttention.
    CHECK(find("ascend_aicore_cube").status == FindingStatus::Passed);
    CHECK(mentions(find("ascend_aicore_cube").detail, "0 cube operator/shape group(s) analysed"));
    CHECK(mentions(find("ascend_aicore_flash_attention").detail, "0 FlashAttention"));
    // 4 operators with SDMA traffic, 14 MatMul tasks; hcom_allReduce__586_0_1 overlaps one at 15.7676 GB/s.
    const Finding& contention = find("ascend_bandwidth_contention");
    CHECK(contention.status == FindingStatus::Passed);
    CHECK(contention.measured == Approx(15.7676));
    CHECK(mentions(contention.detail, "4 operator(s) with SDMA traffic, 14 MatMul task(s); 1 overlapping"));
    // 1264 counted sequences, none recurring more than twice.
    const Finding& fusibleOps = find("ascend_fusible_operators");
    CHECK(fusibleOps.status == FindingStatus::Passed);
    CHECK(fusibleOps.measured == 2);
    CHECK(find("ascend_sync_batchnorm").measured == 0);
    CHECK(find("ascend_memory_operators").status == FindingStatus::Passed);
    CHECK(find("ascend_gc_events").status == FindingStatus::MissingInput);        // no GC layer recorded
    CHECK(find("ascend_rdma_retransmission").status == FindingStatus::MissingInput); // HCCS only, no RDMA
}
