// One meaning of "device busy": waits and markers on compute tracks are gaps, not work, in the
// snapshot every analysis loads; operator shares are op_statistic.csv's Ratio over compute tasks.
#include "core/session/open_trace.h"
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/report/html_report.h"
#include "core/report/report_data.h"
#include "core/store/trace_store.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string hw(const std::string& name, long ts, long dur, const std::string& type, int tid = 2) {
    return R"({"ph":"X","pid":1024,"tid":)" + std::to_string(tid) + R"(,"name":")" + name + R"(","ts":)" +
           std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + R"(,"args":{"Task Type":")" + type + R"("}},)";
}

// Stream 2: MatMul 10 us, EVENT_WAIT 80 us, MatMul 10 us, Add 20 us; stream 4: an HCCL task.
std::string storeOf(const TempDir& dir) {
    std::string t = R"([{"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)";
    t += hw("MatMul", 0, 10, "AI_CORE") + hw("EVENT_WAIT", 10, 80, "EVENT_WAIT_SQE") + hw("MatMul", 90, 10, "AI_CORE") +
         hw("Add", 100, 20, "AI_VECTOR_CORE") + hw("EVENT_RECORD", 120, 1, "EVENT_RECORD_SQE") +
         hw("Notify Wait", 0, 100, "Notify Wait", 4);
    t.back() = ']';
    OpenOptions options;
    options.storePath = dir.file("busy.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("busy.json", t)}, options, ImportProgress{}, &opened, &error));
    return opened.storePath;
}

} // namespace

TEST_CASE("device busy: operator shares are the Ratio over compute tasks; waits are not operators", "[devicetime]") {
    TempDir dir;
    Database db = openReadOnly(storeOf(dir));
    OperatorStats stats;
    Error error;
    REQUIRE(computeOperatorStats(db, OperatorStatsOptions{}, &stats, &error));
    CHECK(stats.rows.size() == 2); // compute tracks: stream 2 only (stream 4 runs no compute task)
    OperatorStatsOptions all;
    all.tracks.scope = TrackScope::All;
    REQUIRE(computeOperatorStats(db, all, &stats, &error));
    CHECK(stats.computeTaskNs == 40000);
    CHECK(stats.skippedNotWork == 2); // EVENT_WAIT, EVENT_RECORD
    REQUIRE(stats.rows.size() == 3);
    CHECK(stats.rows[0].key == "Add"); // 20 us
    CHECK(stats.rows[0].busyShare == Approx(0.5));
    CHECK(stats.rows[1].key == "MatMul");
    CHECK(stats.rows[1].busyShare == Approx(0.5));
    // The 100 us HCCL task is the longest, but communication is listed after the compute operators.
    CHECK(stats.rows[2].key == "Notify Wait");
    CHECK(stats.rows[2].busyShare == 0.0);
    CHECK(stats.rows[2].deviceClass == DeviceClass::Communication);
    for (const OperatorStatsRow& r : stats.rows) CHECK(r.key != "EVENT_WAIT");
}

TEST_CASE("device busy: a wait on a compute stream is a bubble, not busy time", "[devicetime]") {
    TempDir dir;
    Database db = openReadOnly(storeOf(dir));
    BubbleOptions options;
    options.tracks.scope = TrackScope::Compute;
    BubbleReport report;
    Error error;
    REQUIRE(computeBubbles(db, options, &report, &error));
    const BubbleSummary* stream2 = nullptr;
    for (const BubbleSummary& t : report.tracks)
        if (t.label.find("2") != std::string::npos && t.busyNs == 40000) stream2 = &t;
    REQUIRE(stream2 != nullptr);
    // The span is the breakdown's: every device slice, the marker after Add included (a 1 us gap).
    CHECK(stream2->spanEndNs - stream2->spanStartNs == 121000);
    CHECK(stream2->idleNs == 81000);       // EVENT_WAIT's 80 us and the marker's 1 us
    CHECK(stream2->largestBubbleNs == 80000);
}

TEST_CASE("device busy shared: the torch_npu rank0 compute share equals op_statistic.csv's Ratio", "[devicetime][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    const std::string store = importedStore(dir, folder, "r0.opscope.sqlite");
    Error error;
    Database db = openReadOnly(store);
    OperatorStatsOptions options;
    options.grouping.by = GroupBy::Type;
    OperatorStats stats;
    REQUIRE(computeOperatorStats(db, options, &stats, &error));
    REQUIRE(!stats.rows.empty());
    // op_statistic.csv: ForeachAddList, 1959.079 us, Ratio 22.077 %; EVENT_WAIT is no operator.
    CHECK(stats.rows[0].key == "ForeachAddList");
    CHECK(stats.rows[0].busyShare * 100.0 == Approx(22.077).margin(0.01));
    for (const OperatorStatsRow& r : stats.rows) CHECK(r.key.find("EVENT_WAIT") == std::string::npos);
}

TEST_CASE("report: the summary opens with device time per step, or says there is no device activity", "[devicetime][report]") {
    TempDir dir;
    std::string t = R"([{"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},)"
                    R"({"ph":"X","cat":"cpu_op","name":"ProfilerStep#3","pid":9,"tid":1,"ts":0,"dur":100},)"
                    R"({"ph":"X","cat":"kernel","name":"gemm","pid":0,"tid":7,"ts":10,"dur":40,"args":{"stream":7}}])";
    OpenOptions options;
    options.storePath = dir.file("r.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("r.json", t)}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    ReportData data;
    REQUIRE(collectReportData(db, ReportOptions{}, &data, &error));
    REQUIRE(data.breakdown.devices.size() == 1);
    std::string html = renderHtmlReport(data, ReportImages{});
    std::size_t summary = html.find("<section id=\"summary\">"), deviceTime = html.find("Device time per step");
    REQUIRE(deviceTime != std::string::npos);
    CHECK(deviceTime > summary);
    CHECK(deviceTime < html.find("<section id=\"devices\">"));
    CHECK(html.find("<td>GPU 0</td><td>3</td>") != std::string::npos);

    std::string cpu = R"([{"ph":"X","cat":"cpu_op","name":"aten::mm","pid":1,"tid":1,"ts":0,"dur":5}])";
    options.storePath = dir.file("c.opscope.sqlite");
    REQUIRE(openTrace({dir.write("c.json", cpu)}, options, ImportProgress{}, &opened, &error));
    Database cdb = openReadOnly(opened.storePath);
    ReportData cdata;
    REQUIRE(collectReportData(cdb, ReportOptions{}, &cdata, &error));
    CHECK(renderHtmlReport(cdata, ReportImages{}).find("No device activity") != std::string::npos);
}

TEST_CASE("load imbalance compares compute streams with compute streams, never with a copy stream", "[devicetime][diagnosis]") {
    TempDir dir;
    // GPU 0: stream 7 busy with kernels 10 x 9 us of each 10 us; stream 8 with 10 short copies;
    // stream 9 with 10 short kernels. Only 7 and 9 are compared.
    std::string t = R"([{"ph":"M","name":"process_name","pid":0,"args":{"name":"GPU 0"}},)";
    auto ev = [](const std::string& cat, const std::string& name, int tid, int ts, int dur) {
        return R"({"ph":"X","cat":")" + cat + R"(","name":")" + name + R"(","pid":0,"tid":)" + std::to_string(tid) +
               R"(,"ts":)" + std::to_string(ts) + R"(,"dur":)" + std::to_string(dur) + R"(,"args":{"stream":)" +
               std::to_string(tid) + "}},";
    };
    for (int i = 0; i < 10; ++i)
        t += ev("kernel", "gemm", 7, i * 10, 9) + ev("gpu_memcpy", "Memcpy HtoD", 8, i * 10, 1) + ev("kernel", "relu", 9, i * 10, 2);
    t.back() = ']';
    OpenOptions options;
    options.storePath = dir.file("imb.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("imb.json", t)}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    DiagnosisReport report;
    REQUIRE(runDiagnosis(db, DiagnosisOptions{}, &report, &error));
    const Finding* imbalance = nullptr;
    for (const Finding& f : report.findings)
        if (f.ruleId == "load_imbalance") imbalance = &f;
    REQUIRE(imbalance != nullptr);
    REQUIRE(imbalance->ranges.size() == 2);
    for (const EvidenceRange& r : imbalance->ranges) CHECK(r.label.find("8") == std::string::npos);
    CHECK(imbalance->ranges[1].label.find("9") != std::string::npos); // the least busy compute stream
}
