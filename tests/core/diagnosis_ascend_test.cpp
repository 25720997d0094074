// The msprof-analyze advisor's rules (diagnosis_rules_ascend.cpp), each fired and not fired exactly at
// its documented threshold, and missing input with what to collect.
#include "analysis_fixture.h"
#include "ascend_db_fixture.h"
#include "ascend_test_support.h"
#include "rule_finding.h"

#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/session/open_trace.h"
#include "core/store/cluster_tables.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

struct Task {
    std::string name;
    TimeNs durNs;
    std::string core;
    std::string state = "static";
    std::vector<std::pair<std::string, double>> metrics = {};
};

// Tasks back to back on one compute stream, each with kernel_details' text and numeric columns.
Database& store(AnalysisStore& s, const std::vector<Task>& tasks) {
    TrackId t = s.computeTrack(0, "Stream 2");
    TimeNs ts = 0;
    for (const Task& task : tasks) {
        PendingSliceIndex i = s.slice(t, ts, task.durNs, task.name);
        if (!task.core.empty()) s.writer().addMetric(i, "Accelerator Core", std::nullopt, task.core, {}, "Task");
        if (!task.state.empty()) s.writer().addMetric(i, "OP State", std::nullopt, task.state, {}, "Task");
        for (const auto& [key, value] : task.metrics) s.metric(i, key, value);
        ts += task.durNs + 1000;
    }
    return s.finish();
}

// The finding of a rule on a store holding one kernel and nothing else.
Finding onKernelOnly(const std::string& rule) {
    AnalysisStore s;
    TrackId device = s.computeTrack(0, "Stream 2");
    s.slice(device, 0, 1000, "K");
    return findingOf(s.finish(), rule);
}

} // namespace

TEST_CASE("ascend advisor: AI_CPU operators when the longest task reaches 20 us", "[diagnosis][ascend]") {
    AnalysisStore at;
    Finding f = findingOf(store(at, {{"Cast", 20'000, "AI_CORE"}, {"IndexPut", 5'000, "AI_CPU"}}), "ascend_aicpu_operators");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(20.0));
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "IndexPut");
    CHECK(f.operators[0].sliceIds.size() == 1); // "go to" on the timeline
    CHECK(f.timeAtStakeNs == 5'000);

    AnalysisStore below;
    CHECK(findingOf(store(below, {{"Cast", 19'999, "AI_CORE"}, {"IndexPut", 5'000, "AI_CPU"}}), "ascend_aicpu_operators")
              .status == FindingStatus::Passed);
    AnalysisStore none;
    CHECK(findingOf(store(none, {{"Cast", 50'000, "AI_CORE"}}), "ascend_aicpu_operators").status == FindingStatus::Passed);
    AnalysisStore missing;
    Finding m = findingOf(store(missing, {{"Cast", 50'000, ""}}), "ascend_aicpu_operators");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("Level0") != std::string::npos);
}

TEST_CASE("ascend advisor: dynamic shape when no operator is static", "[diagnosis][ascend]") {
    AnalysisStore all;
    Finding f = findingOf(store(all, {{"A", 10'000, "AI_CORE", "dynamic"}, {"B", 10'000, "AI_CORE", "dynamic"}}),
                          "ascend_dynamic_shape");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 0);
    CHECK(f.timeAtStakeNs == 20'000);
    AnalysisStore one;
    CHECK(findingOf(store(one, {{"A", 10'000, "AI_CORE", "dynamic"}, {"B", 10'000, "AI_CORE", "static"}}),
                    "ascend_dynamic_shape")
              .status == FindingStatus::Passed);
    AnalysisStore missing;
    Finding m = findingOf(store(missing, {{"A", 10'000, "AI_CORE", ""}}), "ascend_dynamic_shape");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("OP State") != std::string::npos);
}

TEST_CASE("ascend advisor: block dim not a multiple of the core count", "[diagnosis][ascend]") {
    auto tasks = [](double blockDim, double mixBlockDim, const std::string& core) {
        return std::vector<Task>{{"Op", 30'000, core, "static", {{"Block Dim", blockDim}, {"Mix Block Dim", mixBlockDim}}}};
    };
    AnalysisStore odd;
    Finding f = findingOf(store(odd, tasks(20, 0, "AI_CORE")), "ascend_block_dim", R"({"ai_core_num":24,"aiv_num":48})");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 1);
    AnalysisStore multiple;
    CHECK(findingOf(store(multiple, tasks(48, 0, "AI_CORE")), "ascend_block_dim", R"({"ai_core_num":24,"aiv_num":48})")
              .status == FindingStatus::Passed);
    // Vector tasks count against the vector cores: 24 blocks on 48 vector cores is not a multiple.
    AnalysisStore vector;
    CHECK(findingOf(store(vector, tasks(24, 0, "AI_VECTOR_CORE")), "ascend_block_dim", R"({"ai_core_num":24,"aiv_num":48})")
              .status == FindingStatus::Fired);
    // MIX_AIC: a mix block dim that is a multiple of the vector count clears it.
    AnalysisStore mix;
    CHECK(findingOf(store(mix, tasks(20, 96, "MIX_AIC")), "ascend_block_dim", R"({"ai_core_num":24,"aiv_num":48})")
              .status == FindingStatus::Passed);
    // Other core types are not checked.
    AnalysisStore mixAiv;
    CHECK(findingOf(store(mixAiv, tasks(20, 0, "MIX_AIV")), "ascend_block_dim", R"({"ai_core_num":24,"aiv_num":48})")
              .status == FindingStatus::Passed);
    // No core count known: says where to get it.
    AnalysisStore unknown;
    Finding m = findingOf(store(unknown, tasks(20, 0, "AI_CORE")), "ascend_block_dim");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("ai_core_num") != std::string::npos);
    // Every operator dynamic: skipped with a guard, as the advisor does.
    AnalysisStore dynamic;
    Finding g = findingOf(store(dynamic, {{"Op", 30'000, "AI_CORE", "dynamic", {{"Block Dim", 20}}}}), "ascend_block_dim",
                          R"({"ai_core_num":24})");
    CHECK(g.status == FindingStatus::Passed);
    CHECK_FALSE(g.guard.empty());
}

TEST_CASE("ascend advisor: operators bound by no pipe, at 0.8 and at 20 us", "[diagnosis][ascend]") {
    auto one = [](TimeNs durNs, double mac) {
        return std::vector<Task>{{"MatMul", durNs, "AI_CORE", "static", {{"aic_mac_ratio", mac}, {"aic_mte2_ratio", 0.3}}}};
    };
    AnalysisStore at;
    Finding f = findingOf(store(at, one(20'001, 0.8)), "ascend_operator_no_bound"); // 0.8 is not above 0.8
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(20.001));
    AnalysisStore bound;
    CHECK(findingOf(store(bound, one(20'001, 0.801)), "ascend_operator_no_bound").status == FindingStatus::Passed);
    AnalysisStore shortTask;
    CHECK(findingOf(store(shortTask, one(20'000, 0.5)), "ascend_operator_no_bound").status == FindingStatus::Passed);
    AnalysisStore missing;
    Finding m = findingOf(store(missing, {{"MatMul", 30'000, "AI_CORE"}}), "ascend_operator_no_bound");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("PipeUtilization") != std::string::npos);
}

TEST_CASE("ascend advisor: aclopCompile from 20 calls", "[diagnosis][ascend]") {
    auto calls = [](AnalysisStore& s, int n) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 1'000'000, "K");
        TrackId host = s.hostTrack("CANN", "Thread 1");
        s.slice(host, 0, 10, "AscendCL@aclrtMalloc");
        for (int i = 0; i < n; ++i) s.slice(host, 100 + i * 100, 50, "AscendCL@aclopCompileAndExecute");
        return s.finish();
    };
    AnalysisStore twenty;
    Finding f = findingOf(calls(twenty, 20), "ascend_op_compile");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 20);
    CHECK(f.ranges.size() == 10);
    AnalysisStore nineteen;
    CHECK(findingOf(calls(nineteen, 19), "ascend_op_compile").status == FindingStatus::Passed);
    Finding m = onKernelOnly("ascend_op_compile");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("Level1") != std::string::npos);
}

TEST_CASE("ascend advisor shared: the torch_npu rank0 sample through the advisor's rules", "[diagnosis][ascend][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    const std::string store = importedStore(dir, folder, "r0.opscope.sqlite");
    Error error;
    Database db = Database(store, Database::Mode::ReadOnly);
    // kernel_details.csv: all 187 compute tasks are dynamic (4 HCCL rows say N/A), no AI_CPU task.
    Finding dynamic = findingOf(db, "ascend_dynamic_shape");
    CHECK(dynamic.status == FindingStatus::Fired);
    CHECK(dynamic.measured == 0);
    CHECK_FALSE(dynamic.operators.empty());
    CHECK(findingOf(db, "ascend_aicpu_operators").status == FindingStatus::Passed);
    CHECK(findingOf(db, "ascend_block_dim").status == FindingStatus::MissingInput); // no info.json core count
    // PipeUtilization ratios are there, but the advisor skips the bound check on a dynamic-shape run.
    Finding bound = findingOf(db, "ascend_operator_no_bound");
    CHECK(bound.status == FindingStatus::Passed);
    CHECK_FALSE(bound.guard.empty());
    // The AI Core Freq track holds 1800 MHz throughout: no decrease.
    Finding freq = findingOf(db, "ascend_aicore_frequency");
    CHECK(freq.status == FindingStatus::Passed);
    CHECK(freq.measured == 0);
    // 7 SynchronizeStreamWithTimeout, 2 of them right after one of the 191 Node@launch: 0.0105.
    Finding sync = findingOf(db, "ascend_synchronize_stream");
    CHECK(sync.status == FindingStatus::Passed);
    CHECK(sync.measured == Approx(0.0105));
    // 8 torch/utils/data/dataloader.py frames; the longest, __next__, takes 3481.13 us.
    Finding loader = findingOf(db, "ascend_slow_dataloader");
    CHECK(loader.status == FindingStatus::Passed);
    CHECK(loader.measured == Approx(3481.13));
    // The longest Free gap is 1318.826 us: none near 200000 us.
    CHECK(findingOf(db, "ascend_conjectured_gc").status == FindingStatus::Passed);
    // Vector types from 1% of the task time: 108 name/shape groups, 30 bound; a MemSet with all three
    // ratios 0 leaves the most room (0.7).
    Finding vector = findingOf(db, "ascend_aicore_vector");
    CHECK(vector.status == FindingStatus::Fired);
    CHECK(vector.measured == Approx(0.7));
    CHECK(vector.detail.find("108 vector operator/shape group(s) analysed: 30 bound, 78 with optimization space") == 0);
    REQUIRE_FALSE(vector.operators.empty());
    CHECK(vector.operators[0].name == "aclnnNLLLoss_NLLLossAiCore_MemSet");
    // 56 SDMA plane tasks over HCCS above 512 B; 4 of them (1937312 B, 1162496 B ...) not a multiple of 512.
    Finding alignment = findingOf(db, "ascend_byte_alignment");
    CHECK(alignment.status == FindingStatus::Fired);
    CHECK(alignment.measured == 4);
    CHECK(alignment.detail.find("56 SDMA task(s)") == 0);
    REQUIRE_FALSE(alignment.ranges.empty());
    CHECK(alignment.ranges[0].label == "SDMA 1937312 B over HCCS");
    // communication.json's 4 operators each move 16 MB or more over SDMA.
    Finding packets = findingOf(db, "ascend_small_packets");
    CHECK(packets.status == FindingStatus::Passed);
    CHECK(packets.detail == "SDMA: 0 of 4 operator(s) under 16 MB; RDMA: 0 of 0 operator(s) under 1 MB");
}

TEST_CASE("ascend advisor: AI Core frequency decrease ratio from 0.05", "[diagnosis][ascend]") {
    // MatMul runs [0, 10 us) under the 1800 MHz sample at 0 and the sample at 5 us:
    // ratio = (1800 - f) / (2 * 1800); f = 1620 gives exactly 0.05.
    auto run = [](AnalysisStore& s, double lowered) -> Database& {
        TrackId t = s.computeTrack(0, "Stream 2");
        PendingSliceIndex i = s.slice(t, 0, 10'000, "MatMul");
        s.writer().addMetric(i, "Accelerator Core", std::nullopt, "AI_CORE", {}, "Task");
        s.slice(t, 20'000, 10'000, "Add"); // under the lowered sample only
        TrackId freq = s.counterTrack(0, "AI Core Freq", "MHz");
        s.writer().addCounter(freq, 0, 1800);
        s.writer().addCounter(freq, 5'000, lowered);
        s.writer().addCounter(freq, 15'000, 1800);
        s.writer().addCounter(freq, 25'000, 1800);
        return s.finish();
    };
    AnalysisStore at;
    Finding f = findingOf(run(at, 1620), "ascend_aicore_frequency");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(0.05));
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "MatMul");
    AnalysisStore above;
    Finding p = findingOf(run(above, 1621), "ascend_aicore_frequency");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == Approx(179.0 / 3600.0));
    // With info.json's aic_frequency given as 2000 MHz, 1800 itself is a drop.
    AnalysisStore configured;
    CHECK(findingOf(run(configured, 1800), "ascend_aicore_frequency", R"({"max_frequency_mhz":2000})").status ==
          FindingStatus::Fired);
    Finding m = onKernelOnly("ascend_aicore_frequency");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("AI Core Freq") != std::string::npos);
}

TEST_CASE("ascend advisor: synchronize stream above a 0.5 co-occurrence ratio", "[diagnosis][ascend]") {
    // 1000 launches; a SynchronizeStream right after `synced` of them, and one after nothing.
    // db: as a DB import names the call (bare, at level "acl"), else as the JSON timeline does.
    auto run = [](AnalysisStore& s, int synced, bool db = false) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 1'000'000, "K");
        TrackId host = s.hostTrack("CANN", "Thread 1");
        const std::string sync = db ? "aclrtSynchronizeStream" : "AscendCL@aclrtSynchronizeStream";
        const std::string level = db ? "acl" : "";
        s.slice(host, 0, 10, sync, level);
        TimeNs ts = 100;
        for (int i = 0; i < 1000; ++i) {
            s.slice(host, ts, 10, "Node@launch", db ? "node" : "");
            if (i < synced) s.slice(host, ts + 20, 30, sync, level);
            ts += 100;
        }
        return s.finish();
    };
    AnalysisStore at;
    Finding f = findingOf(run(at, 500), "ascend_synchronize_stream");
    CHECK(f.status == FindingStatus::Passed);
    CHECK(f.measured == Approx(0.5));
    AnalysisStore above;
    Finding fired = findingOf(run(above, 501), "ascend_synchronize_stream");
    CHECK(fired.status == FindingStatus::Fired);
    CHECK(fired.measured == Approx(0.501));
    CHECK(fired.timeAtStakeNs == 501 * 30);
    CHECK(fired.ranges.size() == 10);
    Finding m = onKernelOnly("ascend_synchronize_stream");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("Level1") != std::string::npos);
    // The msprof DB's bare call names at level acl count as the JSON's AscendCL@ names; a bare name at
    // another level is not an AscendCL call.
    AnalysisStore fromDb;
    Finding dbFired = findingOf(run(fromDb, 501, true), "ascend_synchronize_stream");
    CHECK(dbFired.status == FindingStatus::Fired);
    CHECK(dbFired.measured == Approx(0.501));
    AnalysisStore otherLevel;
    TrackId device = otherLevel.computeTrack(0, "Stream 2");
    otherLevel.slice(device, 0, 1'000'000, "K");
    TrackId host = otherLevel.hostTrack("CANN", "Thread 1");
    otherLevel.slice(host, 100, 10, "Node@launch");
    otherLevel.slice(host, 120, 30, "aclrtSynchronizeStream", "runtime");
    CHECK(findingOf(otherLevel.finish(), "ascend_synchronize_stream").measured == 0);
}

TEST_CASE("ascend advisor: slow dataloader from 10000 us", "[diagnosis][ascend]") {
    auto run = [](AnalysisStore& s, TimeNs loaderNs) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 100'000'000, "K");
        TrackId python = s.hostTrack("Python", "Thread 1");
        s.slice(python, 0, 50, "aten::add", "cpu_op");
        s.slice(python, 100, loaderNs, "enumerate(DataLoader)#_SingleProcessDataLoaderIter.__next__", "python_function");
        return s.finish();
    };
    AnalysisStore at;
    Finding f = findingOf(run(at, 10'000'000), "ascend_slow_dataloader");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(10000.0));
    CHECK(f.timeAtStakeNs == 10'000'000);
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].startNs == 100);
    AnalysisStore below;
    Finding p = findingOf(run(below, 9'999'999), "ascend_slow_dataloader");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == Approx(9999.999));
    Finding m = onKernelOnly("ascend_slow_dataloader");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("CPU activity") != std::string::npos);
}

TEST_CASE("ascend advisor: conjectured GC in a Free gap over 200000 us with an idle host", "[diagnosis][ascend]") {
    // A Free gap of freeNs from 1 ms on; AscendCL calls inside it: `calls` of callNs each; one call before it.
    auto run = [](AnalysisStore& s, TimeNs freeNs, int calls, TimeNs callNs, bool gcEvents = false) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 1'000'000, "K");
        TrackId free = s.hostTrack("Overlap Analysis", "Free");
        s.slice(free, 1'000'000, freeNs, "Free");
        TrackId cann = s.hostTrack("CANN", "Thread 1");
        s.slice(cann, 0, 100, "AscendCL@aclrtMalloc");
        for (int i = 0; i < calls; ++i) s.slice(cann, 1'000'000 + 1000 + i * (callNs + 1000), callNs, "AscendCL@aclnnAdd");
        if (gcEvents) s.slice(s.hostTrack("Python", "GC"), 0, 10, "GC", "GC");
        return s.finish();
    };
    AnalysisStore longGap;
    Finding f = findingOf(run(longGap, 200'000'001, 1, 10), "ascend_conjectured_gc");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(200000.001));
    CHECK(f.timeAtStakeNs == 200'000'001);
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].startNs == 1'000'000);
    AnalysisStore atThreshold; // 200000 us is not longer than the threshold
    CHECK(findingOf(run(atThreshold, 200'000'000, 1, 10), "ascend_conjectured_gc").status == FindingStatus::Passed);
    // AscendCL time: 1% of a 300000 us gap is host activity, just under it is not.
    AnalysisStore busy;
    CHECK(findingOf(run(busy, 300'000'000, 1, 3'000'000), "ascend_conjectured_gc").status == FindingStatus::Passed);
    AnalysisStore nearlyBusy;
    CHECK(findingOf(run(nearlyBusy, 300'000'000, 1, 2'999'999), "ascend_conjectured_gc").status == FindingStatus::Fired);
    // AscendCL count: 30 calls in 300000 us is 0.0001 per us, 29 is below.
    AnalysisStore many;
    CHECK(findingOf(run(many, 300'000'000, 30, 1), "ascend_conjectured_gc").status == FindingStatus::Passed);
    AnalysisStore fewer;
    CHECK(findingOf(run(fewer, 300'000'000, 29, 1), "ascend_conjectured_gc").status == FindingStatus::Fired);
    // GC events recorded: the advisor reads them, it does not conjecture.
    AnalysisStore recorded;
    Finding g = findingOf(run(recorded, 200'000'001, 1, 10, true), "ascend_conjectured_gc");
    CHECK(g.status == FindingStatus::Passed);
    CHECK_FALSE(g.guard.empty());
    Finding m = onKernelOnly("ascend_conjectured_gc");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("Overlap Analysis") != std::string::npos);
    // A DB import's calls (bare names at level acl) are the AscendCL calls: 30 in 300000 us keep the gap busy.
    AnalysisStore db;
    db.slice(db.computeTrack(0, "Stream 2"), 0, 1'000'000, "K");
    db.slice(db.hostTrack("Overlap Analysis", "Free"), 1'000'000, 300'000'000, "Free");
    TrackId cann = db.hostTrack("CANN", "Thread 1");
    for (int i = 0; i < 30; ++i) db.slice(cann, 1'001'000 + i * 1001, 1, "aclnnAdd", "acl");
    Finding dbBusy = findingOf(db.finish(), "ascend_conjectured_gc");
    CHECK(dbBusy.status == FindingStatus::Passed);
    CHECK(dbBusy.measured == 0);
}

TEST_CASE("ascend advisor: vector operators bound at 0.9 / 0.7, analysed from 1% of the task time", "[diagnosis][ascend]") {
    struct Vec {
        TimeNs durNs;
        double vec, mte2, mte3;
    };
    // An AI_CORE MatMul of otherNs, then Add tasks (AI_VECTOR_CORE, shapes "4,4" -> "4,4") with their ratios.
    auto run = [](AnalysisStore& s, TimeNs otherNs, const std::vector<Vec>& adds, bool ratios = true) -> Database& {
        TrackId t = s.computeTrack(0, "Stream 2");
        PendingSliceIndex m = s.slice(t, 0, otherNs, "MatMul", {}, "MatMul");
        s.writer().addMetric(m, "Accelerator Core", std::nullopt, "AI_CORE", {}, "Task");
        TimeNs ts = otherNs + 1000;
        for (const Vec& a : adds) {
            PendingSliceIndex i = s.slice(t, ts, a.durNs, "aclnnAdd_AddAiCore_Add", {}, "Add");
            s.writer().addMetric(i, "Accelerator Core", std::nullopt, "AI_VECTOR_CORE", {}, "Task");
            s.writer().addMetric(i, "Input Shapes", std::nullopt, "4,4;4,4", {}, "Shapes");
            s.writer().addMetric(i, "Output Shapes", std::nullopt, "4,4", {}, "Shapes");
            if (ratios) {
                s.metric(i, "aiv_vec_ratio", a.vec);
                s.metric(i, "aiv_mte2_ratio", a.mte2);
                s.metric(i, "aiv_mte3_ratio", a.mte3);
            }
            ts += a.durNs + 1000;
        }
        return s.finish();
    };
    AnalysisStore open;
    Finding f = findingOf(run(open, 99'000, {{1'000, 0.05, 0.69, 0.125}}), "ascend_aicore_vector");
    INFO(f.detail);
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(0.65)); // 0.7 - vec; the three sum to 0.865, under 0.9
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "aclnnAdd_AddAiCore_Add [4,4;4,4 - 4,4]");
    CHECK(f.timeAtStakeNs == 1'000);
    AnalysisStore mte2Bound; // mte2 at 0.7 (sum 0.875): bound, no optimization space
    Finding b = findingOf(run(mte2Bound, 99'000, {{1'000, 0.05, 0.7, 0.125}}), "ascend_aicore_vector");
    CHECK(b.status == FindingStatus::Passed);
    CHECK(b.detail.find("1 bound") != std::string::npos);
    AnalysisStore totalBound; // 0.25 + 0.25 + 0.4 = 0.9: bound by the three together
    CHECK(findingOf(run(totalBound, 99'000, {{1'000, 0.25, 0.25, 0.4}}), "ascend_aicore_vector").status ==
          FindingStatus::Passed);
    AnalysisStore totalBelow;
    CHECK(findingOf(run(totalBelow, 99'000, {{1'000, 0.25, 0.25, 0.39}}), "ascend_aicore_vector").status ==
          FindingStatus::Fired);
    // Add is 999 of 100000 ns: under 1% of the task time, not analysed.
    AnalysisStore small;
    Finding s = findingOf(run(small, 99'001, {{999, 0.05, 0.69, 0.125}}), "ascend_aicore_vector");
    CHECK(s.status == FindingStatus::Passed);
    CHECK(s.detail.find("0 vector operator/shape group(s)") == 0);
    AnalysisStore noRatios;
    Finding m = findingOf(run(noRatios, 99'000, {{1'000, 0, 0, 0}}, false), "ascend_aicore_vector");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("PipeUtilization") != std::string::npos);
}

TEST_CASE("ascend advisor: SDMA transfers above 512 B not a multiple of 512 B", "[diagnosis][ascend]") {
    // One plane task of the given transport, link and size, after a compute kernel.
    auto run = [](AnalysisStore& s, const std::string& transport, const std::string& link, int size) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 1'000'000, "K");
        TrackId plane = s.deviceTrack(0, "Plane 0");
        s.slice(plane, 10, 5'000, "Memcpy", "communication", {},
                R"J({"transport type": ")J" + transport + R"J(", "link type": ")J" + link + R"J(", "size(Byte)": )J" +
                    std::to_string(size) + "}");
        return s.finish();
    };
    AnalysisStore misaligned;
    Finding f = findingOf(run(misaligned, "SDMA", "HCCS", 513), "ascend_byte_alignment");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 1);
    CHECK(f.timeAtStakeNs == 5'000);
    REQUIRE(f.ranges.size() == 1);
    CHECK(f.ranges[0].label == "SDMA 513 B over HCCS");
    AnalysisStore atMin; // 512 B is not above min_size: not checked
    Finding m512 = findingOf(run(atMin, "SDMA", "HCCS", 512), "ascend_byte_alignment");
    CHECK(m512.status == FindingStatus::Passed);
    CHECK(m512.detail.find("0 SDMA task(s)") == 0);
    AnalysisStore aligned;
    CHECK(findingOf(run(aligned, "SDMA", "HCCS", 1024), "ascend_byte_alignment").status == FindingStatus::Passed);
    AnalysisStore onChip;
    CHECK(findingOf(run(onChip, "SDMA", "ON_CHIP", 513), "ascend_byte_alignment").status == FindingStatus::Passed);
    AnalysisStore rdma;
    CHECK(findingOf(run(rdma, "RDMA", "ROCE", 513), "ascend_byte_alignment").status == FindingStatus::Passed);
    Finding missing = onKernelOnly("ascend_byte_alignment");
    CHECK(missing.status == FindingStatus::MissingInput);
    CHECK(missing.needs.en.find("multi-card") != std::string::npos);
}

TEST_CASE("ascend advisor: byte alignment reads the DB import's plane task metrics", "[diagnosis][ascend][db]") {
    TempDir dir, out;
    AscendOutcome result = importAscendPath(out, writeExport(dir, "PROF_1/msprof_1.db"));
    REQUIRE(result.ok);
    Database db(result.storePath, Database::Mode::ReadOnly);
    // The fixture's Memcpy: SDMA over HCCS, 4096 B: checked, aligned.
    Finding f = findingOf(db, "ascend_byte_alignment");
    CHECK(f.status == FindingStatus::Passed);
    CHECK(f.detail.find("1 SDMA task(s)") == 0);
}

TEST_CASE("ascend advisor: small packets above a 0.2 share (SDMA under 16 MB, RDMA under 1 MB)", "[diagnosis][ascend]") {
    // Communication operators, each moving sizeMB over one transport in 1 ms.
    auto run = [](AnalysisStore& s, const std::vector<std::pair<std::string, double>>& transfers) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 100'000'000, "K");
        std::vector<CommOpRank> ops;
        for (std::size_t i = 0; i < transfers.size(); ++i) {
            CommOpRank op;
            op.opName = "hcom_allReduce__" + std::to_string(i);
            op.rank = 0;
            LinkBandwidth link;
            link.linkType = transfers[i].first;
            link.transitSizeMB = transfers[i].second;
            link.transitNs = 1'000'000;
            op.links.push_back(link);
            ops.push_back(std::move(op));
        }
        writeCommOps(s.writer().database(), "communication.json", ops);
        return s.finish();
    };
    AnalysisStore atShare; // 1 of 5 SDMA operators under 16 MB: 0.2, not above
    Finding p = findingOf(run(atShare, {{"SDMA", 15.99}, {"SDMA", 16}, {"SDMA", 32}, {"SDMA", 64}, {"SDMA", 16}}),
                          "ascend_small_packets");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == Approx(0.2));
    AnalysisStore above; // 1 of 4: 0.25
    Finding f = findingOf(run(above, {{"SDMA", 15.99}, {"SDMA", 16}, {"SDMA", 32}, {"SDMA", 64}}), "ascend_small_packets");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == Approx(0.25));
    CHECK(f.timeAtStakeNs == 1'000'000);
    REQUIRE(f.operators.size() == 1);
    CHECK(f.operators[0].name == "hcom_allReduce__0");
    AnalysisStore rdma; // RDMA's minimum is 1 MB: 0.99 is small, 1 is not; 1 of 3
    Finding r = findingOf(run(rdma, {{"RDMA", 0.99}, {"RDMA", 1}, {"RDMA", 2}}), "ascend_small_packets");
    CHECK(r.status == FindingStatus::Fired);
    CHECK(r.measured == Approx(1.0 / 3.0));
    AnalysisStore none;
    Finding m = findingOf(run(none, {{"HCCS", 1}}), "ascend_small_packets");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("communication.json") != std::string::npos);
}

TEST_CASE("ascend advisor: environment variables as the advisor's conditions say", "[diagnosis][ascend]") {
    auto run = [](AnalysisStore& s, const std::vector<std::pair<std::string, std::string>>& env) -> Database& {
        TrackId device = s.computeTrack(0, "Stream 2");
        s.slice(device, 0, 1000, "K");
        for (const auto& [name, value] : env) s.writer().setMeta("ascend.env." + name, value);
        return s.finish();
    };
    // ACLNN_CACHE_LIMIT from 10000 is fine; 9999 is too small.
    AnalysisStore good;
    Finding p = findingOf(run(good, {{"ASCEND_GLOBAL_LOG_LEVEL", "3"}, {"ACLNN_CACHE_LIMIT", "10000"},
                                     {"HOST_CACHE_CAPACITY", "20"}, {"PYTORCH_NPU_ALLOC_CONF", "expandable_segments:True"},
                                     {"ASCEND_LAUNCH_BLOCKING", "0"}, {"HCCL_ALGO", ""}}),
                          "ascend_environment_variables");
    CHECK(p.status == FindingStatus::Passed);
    CHECK(p.measured == 0);
    AnalysisStore small;
    Finding f = findingOf(run(small, {{"ASCEND_GLOBAL_LOG_LEVEL", "1"}, {"ACLNN_CACHE_LIMIT", "9999"},
                                      {"HOST_CACHE_CAPACITY", ""}, {"PYTORCH_NPU_ALLOC_CONF", ""},
                                      {"ASCEND_LAUNCH_BLOCKING", "1"}, {"HCCL_ALGO", "ring"}}),
                          "ascend_environment_variables");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 6);
    CHECK(f.detail.find("ACLNN_CACHE_LIMIT=9999") != std::string::npos);
    CHECK(f.detail.find("HOST_CACHE_CAPACITY=(unset)") != std::string::npos);
    Finding m = onKernelOnly("ascend_environment_variables");
    CHECK(m.status == FindingStatus::MissingInput);
    CHECK(m.needs.en.find("profiler_metadata.json") != std::string::npos);
}

TEST_CASE("ascend advisor shared: rank 0's recorded environment through the environment rule", "[diagnosis][ascend][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    Database db(importedStore(dir, folder, "r0.opscope.sqlite"), Database::Mode::ReadOnly);
    // profiler_metadata.json records eight variables, all empty: three of them are worth setting.
    Finding f = findingOf(db, "ascend_environment_variables");
    CHECK(f.status == FindingStatus::Fired);
    CHECK(f.measured == 3);
    CHECK(f.detail == "8 variable(s) recorded; to change: ACLNN_CACHE_LIMIT=(unset), HOST_CACHE_CAPACITY=(unset), "
                      "PYTORCH_NPU_ALLOC_CONF=(unset)");
    // The import summary says the file was used, and for what.
    CHECK(db.scalarText("SELECT status || ': ' || reason FROM source_file WHERE path LIKE '%profiler_metadata.json'") ==
          "used: 8 environment variables");
}
