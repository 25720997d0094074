// One "device busy" on every path: the breakdown, bubbles (core and session), per-device balance, the
// baseline a comparison reads, the report and the diagnosis all give the same number on a fixture and on
// the shared torch_npu rank 0; a wait is a gap that says what it waits for.
#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/compare/comparison.h"
#include "core/analysis/breakdown/device_busy.h"
#include "core/analysis/diagnosis/diagnosis_context.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/analysis/breakdown/per_device_stats.h"
#include "core/report/html_report.h"
#include "core/report/report_data.h"
#include "core/session/open_trace.h"
#include "core/session/trace_session.h"
#include "ascend_test_support.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

#include <regex>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string task(const std::string& name, long ts, long dur, const std::string& type, int tid) {
    return ascendHardwareTask(name, ts, dur, type, tid);
}

std::string importStore(const TempDir& dir, const std::string& name, std::string events) {
    std::string t = R"([{"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)" + events;
    t.back() = ']';
    OpenOptions options;
    options.storePath = dir.file(name + ".opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write(name + ".json", t)}, options, ImportProgress{}, &opened, &error));
    return opened.storePath;
}

// Stream 2: MatMul [0,10), EVENT_WAIT [10,90), MatMul [90,100), Add [100,120), EVENT_RECORD [120,121) us;
// stream 4: an HCCL Notify Wait [0,100) (communication); stream 5: a MEMCPY_ASYNC [130,140) (memory).
// Device busy = [0,120) ∪ [130,140) = 130 us of a 140 us span; compute 40 us.
std::string mixedStore(const TempDir& dir) {
    return importStore(dir, "mixed",
                       task("MatMul", 0, 10, "AI_CORE", 2) + task("EVENT_WAIT", 10, 80, "EVENT_WAIT_SQE", 2) +
                           task("MatMul", 90, 10, "AI_CORE", 2) + task("Add", 100, 20, "AI_VECTOR_CORE", 2) +
                           task("EVENT_RECORD", 120, 1, "EVENT_RECORD_SQE", 2) + task("Notify Wait", 0, 100, "Notify Wait", 4) +
                           task("MEMCPY_ASYNC", 130, 10, "MEMCPY_ASYNC", 5));
}

struct BusyFigures {
    TimeNs breakdownBusy = -1, breakdownSpan = -1, breakdownCompute = -1;
    TimeNs bubblesBusy = -1, bubblesSpan = -1, bubblesCompute = -1;
    TimeNs sessionBusy = -1, balanceBusy = -1, baselineBusy = -1, baselineCompute = -1, reportBusy = -1;
    double starvationMeasured = -1;
};

BusyFigures figuresOf(const std::string& storePath) {
    BusyFigures f;
    Database db = openReadOnly(storePath);
    Error error;
    BreakdownReport breakdown;
    REQUIRE(computeBreakdown(db, BreakdownOptions{}, &breakdown, &error));
    REQUIRE(breakdown.devices.size() == 1);
    f.breakdownBusy = breakdown.devices[0].busyNs;
    f.breakdownSpan = breakdown.devices[0].spanNs;
    f.breakdownCompute = breakdown.devices[0].computeNs;
    BubbleReport bubbles;
    REQUIRE(computeBubbles(db, BubbleOptions{}, &bubbles, &error));
    REQUIRE(bubbles.devices.size() == 1);
    f.bubblesBusy = bubbles.devices[0].busyNs;
    f.bubblesSpan = bubbles.devices[0].spanEndNs - bubbles.devices[0].spanStartNs;
    f.bubblesCompute = bubbles.devices[0].computeNs;
    f.balanceBusy = deviceBalance(bubbles).totalBusyNs;
    std::shared_ptr<TraceSession> session = TraceSession::openStore(storePath, &error);
    REQUIRE(session);
    BubbleReport viaSession;
    REQUIRE(session->bubbles(BubbleOptions{}, &viaSession, &error));
    REQUIRE(viaSession.devices.size() == 1);
    f.sessionBusy = viaSession.devices[0].busyNs;
    BaselineAggregates baseline;
    REQUIRE(computeBaseline(db, BaselineOptions{}, &baseline, &error));
    f.baselineBusy = baseline.busyNs;
    f.baselineCompute = baseline.computeNs;
    ReportData report;
    REQUIRE(collectReportData(db, ReportOptions{}, &report, &error));
    f.reportBusy = report.balance.totalBusyNs;
    DiagnosisReport diagnosis;
    REQUIRE(runDiagnosis(db, DiagnosisOptions{}, &diagnosis, &error));
    for (const Finding& finding : diagnosis.findings)
        if (finding.ruleId == "compute_starvation") f.starvationMeasured = finding.measured;
    return f;
}

void checkOneBusy(const BusyFigures& f) {
    CHECK(f.bubblesBusy == f.breakdownBusy);
    CHECK(f.bubblesSpan == f.breakdownSpan);
    CHECK(f.bubblesCompute == f.breakdownCompute);
    CHECK(f.sessionBusy == f.breakdownBusy);
    CHECK(f.balanceBusy == f.breakdownBusy);
    CHECK(f.baselineBusy == f.breakdownBusy);
    CHECK(f.baselineCompute == f.breakdownCompute);
    CHECK(f.reportBusy == f.breakdownBusy);
    // Compute starvation is judged on compute time, not on device busy.
    CHECK(f.starvationMeasured == Approx(static_cast<double>(f.breakdownCompute) / static_cast<double>(f.breakdownSpan)));
}

const Bubble* bubbleAt(const std::vector<Bubble>& bubbles, TimeNs startNs, std::int64_t trackId = -1) {
    for (const Bubble& b : bubbles)
        if (b.startNs == startNs && (trackId < 0 || b.trackId == trackId)) return &b;
    return nullptr;
}

} // namespace

TEST_CASE("device busy: breakdown, bubbles, session, balance, baseline, report and diagnosis agree", "[devicetime][busy]") {
    TempDir dir;
    BusyFigures f = figuresOf(mixedStore(dir));
    CHECK(f.breakdownBusy == 130000);
    CHECK(f.breakdownSpan == 140000);
    CHECK(f.breakdownCompute == 40000);
    checkOneBusy(f);
}

TEST_CASE("device busy: a wait is a gap that says what it waits for", "[devicetime][busy][wait]") {
    TempDir dir;
    SECTION("an event wait with nothing else running: the device's gap waits for an event") {
        std::string store = importStore(dir, "event",
                                        task("MatMul", 0, 10, "AI_CORE", 2) + task("EVENT_WAIT", 10, 80, "EVENT_WAIT_SQE", 2) +
                                            task("MatMul", 90, 10, "AI_CORE", 2));
        Database db = openReadOnly(store);
        BubbleReport report;
        Error error;
        REQUIRE(computeBubbles(db, BubbleOptions{}, &report, &error));
        REQUIRE(report.devices.size() == 1);
        CHECK(report.devices[0].busyNs == 20000);
        CHECK(report.devices[0].idleNs == 80000);
        CHECK(report.devices[0].waitNs == 80000);
        const Bubble* gap = bubbleAt(report.deviceBubbles, 10000);
        REQUIRE(gap != nullptr);
        CHECK(gap->durNs == 80000);
        CHECK(gap->waitFor == WaitFor::Event);
        CHECK(std::string(waitForText(gap->waitFor)) == "event");
        CHECK(report.waitName(*gap) == "EVENT_WAIT");
        CHECK(gap->waitNs == 80000);
        REQUIRE(!report.largest.empty());
        CHECK(report.largest[0].bubble.waitFor == WaitFor::Event); // the Details of the largest bubble carry it
        CHECK(report.largest[0].waitName == "EVENT_WAIT");
    }
    SECTION("a compute stream waiting while the communication stream runs: its gap waits for a collective") {
        Database db = openReadOnly(mixedStore(dir));
        BubbleReport report;
        Error error;
        REQUIRE(computeBubbles(db, BubbleOptions{}, &report, &error));
        const Bubble* gap = nullptr;
        for (const Bubble& b : report.trackBubbles)
            if (b.startNs == 10000 && b.durNs == 80000) gap = &b;
        REQUIRE(gap != nullptr);
        CHECK(gap->waitFor == WaitFor::Collective);
        CHECK(std::string(waitForText(gap->waitFor)) == "collective");
        CHECK(report.waitName(*gap) == "Notify Wait");
        CHECK(gap->waitNs == 80000);
        // On the device the collective is work: no device gap there; the gap before the copy has no wait.
        CHECK(bubbleAt(report.deviceBubbles, 10000) == nullptr);
        const Bubble* beforeCopy = bubbleAt(report.deviceBubbles, 120000);
        REQUIRE(beforeCopy != nullptr);
        CHECK(beforeCopy->durNs == 10000);
        CHECK(beforeCopy->waitFor == WaitFor::Nothing);
        CHECK(report.waitName(*beforeCopy).empty());
    }
    SECTION("a notify wait outside any HCCL operator waits for a notify") {
        CHECK(waitTarget("Notify_Wait") == "notify");
        CHECK(waitTarget("Stream Wait Event") == "event");
        CHECK(waitTarget("STREAM_WAIT") == "stream");
    }
}

TEST_CASE("bubbles: a wait name shared by many gaps is held once by the report", "[devicetime][busy][wait]") {
    TempDir dir;
    // Three gaps with EVENT_WAIT, one with a wait task named for a stream, one with no wait task.
    std::string store = importStore(dir, "names",
                                    task("MatMul", 0, 10, "AI_CORE", 2) + task("EVENT_WAIT", 10, 10, "EVENT_WAIT_SQE", 2) +
                                        task("MatMul", 20, 10, "AI_CORE", 2) + task("EVENT_WAIT", 30, 10, "EVENT_WAIT_SQE", 2) +
                                        task("MatMul", 40, 10, "AI_CORE", 2) + task("STREAM_WAIT", 50, 10, "EVENT_WAIT_SQE", 2) +
                                        task("MatMul", 60, 10, "AI_CORE", 2) + task("EVENT_WAIT", 70, 10, "EVENT_WAIT_SQE", 2) +
                                        task("MatMul", 80, 10, "AI_CORE", 2) + task("MatMul", 100, 10, "AI_CORE", 2));
    Database db = openReadOnly(store);
    BubbleReport report;
    Error error;
    REQUIRE(computeBubbles(db, BubbleOptions{}, &report, &error));
    REQUIRE(report.deviceBubbles.size() == 5);
    CHECK(report.waitNames == std::vector<std::string>{"", "EVENT_WAIT", "STREAM_WAIT"});
    const std::vector<WaitFor> targets{WaitFor::Event, WaitFor::Event, WaitFor::Stream, WaitFor::Event, WaitFor::Nothing};
    const std::vector<std::string> names{"EVENT_WAIT", "EVENT_WAIT", "STREAM_WAIT", "EVENT_WAIT", ""};
    for (std::size_t i = 0; i < 5; ++i) {
        CHECK(report.deviceBubbles[i].waitFor == targets[i]);
        CHECK(report.waitName(report.deviceBubbles[i]) == names[i]);
    }
    CHECK(report.deviceBubbles[0].waitNameIndex == report.deviceBubbles[1].waitNameIndex);
    CHECK(std::string(waitForText(WaitFor::Notify)) == "notify");
    CHECK(std::string(waitForText(WaitFor::Collective)) == "collective");
    CHECK(std::string(waitForText(WaitFor::Nothing)).empty());
    // An index this report does not hold reads as no name, not past the table.
    Bubble stray = report.deviceBubbles[0];
    stray.waitNameIndex = static_cast<std::uint32_t>(report.waitNames.size());
    CHECK(report.waitName(stray).empty());
    // The largest bubbles carry their name themselves: the table shows them without the report.
    REQUIRE(!report.largest.empty());
    for (const BubbleDetail& d : report.largest) CHECK(d.waitName == report.waitName(d.bubble));
}

TEST_CASE("device busy shared: one figure on every path on the torch_npu rank 0", "[devicetime][busy][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    const std::string store = importedStore(dir, folder, "r0.opscope.sqlite");
    Error error;
    BusyFigures f = figuresOf(store);
    // The breakdown's figures on this sample (docs/device-time.md): busy 111,690.082 us, compute 8,873.740 us.
    CHECK(f.breakdownBusy == 111690082);
    CHECK(f.breakdownCompute == 8873740);
    checkOneBusy(f);
}

TEST_CASE("diagnosis: a per-operator rule held back by min_time_share says so, on both sides of the share", "[devicetime][diagnosis]") {
    RuleConfig rule;
    rule.id = "example";
    rule.params = {{"threshold", 0.5}, {"min_time_share", 0.25}};
    std::vector<OperatorValue> ops(2);
    ops[0] = {"slow", 250, 1, {}, 0.9};  // beyond the threshold, 25 % of the 1000 ns base
    ops[1] = {"fine", 750, 1, {}, 0.1};
    Finding atShare = evaluateOperatorValues(ops, rule, true, "ratio", 1000);
    CHECK(atShare.status == FindingStatus::Fired); // 25 % >= 25 %: not held back
    CHECK(atShare.guard.empty());
    Finding below = evaluateOperatorValues(ops, rule, true, "ratio", 1001);
    CHECK(below.status == FindingStatus::Passed);
    CHECK(below.guard.find("min_time_share") == 0);
    CHECK(below.guard.find("1 operator(s)") != std::string::npos);
}

namespace {

// Every percentage written as "12.3 %" or "12.3%" in a text.
std::vector<double> percentagesIn(const std::string& text) {
    std::vector<double> out;
    static const std::regex number(R"((\d+(?:\.\d+)?)\s?%)");
    for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it)
        out.push_back(std::stod((*it)[1].str()));
    return out;
}

// No analysis output that carries a share or a percentage passes 100 %.
void checkNoShareAbove100(const std::string& storePath) {
    Database db = openReadOnly(storePath);
    Error error;
    BubbleReport bubbles;
    REQUIRE(computeBubbles(db, BubbleOptions{}, &bubbles, &error));
    for (const auto* list : {&bubbles.devices, &bubbles.tracks})
        for (const BubbleSummary& s : *list) {
            CHECK(s.busyShare <= 1.0);
            CHECK(s.idleShare <= 1.0);
            CHECK(s.computeShare <= 1.0);
            CHECK(s.computeNs <= s.busyNs);
            CHECK(s.waitNs <= s.idleNs);
        }
    OperatorStats stats;
    REQUIRE(computeOperatorStats(db, OperatorStatsOptions{}, &stats, &error));
    double shareSum = 0;
    for (const OperatorStatsRow& r : stats.rows) {
        CHECK(r.busyShare <= 1.0);
        shareSum += r.busyShare;
    }
    CHECK(shareSum <= 1.0 + 1e-9);
    BreakdownReport breakdown;
    REQUIRE(computeBreakdown(db, BreakdownOptions{}, &breakdown, &error));
    for (const DeviceBreakdown& d : breakdown.devices) {
        CHECK(d.commComputeOverlapPct <= 100.0);
        CHECK(d.busyNs <= d.spanNs);
        for (const StepBreakdown& s : d.steps) CHECK(s.memoryNs <= s.freeNs);
    }
    DiagnosisReport diagnosis;
    REQUIRE(runDiagnosis(db, DiagnosisOptions{}, &diagnosis, &error));
    for (const Finding& f : diagnosis.findings) {
        INFO(f.ruleId << ": " << f.detail);
        if (f.unit == "share") CHECK(f.measured <= 1.0);
        for (double pct : percentagesIn(f.detail + " " + f.guard)) CHECK(pct <= 100.0);
        for (const EvidenceRange& r : f.ranges)
            for (double pct : percentagesIn(r.label)) CHECK(pct <= 100.0);
    }
    ReportData report;
    REQUIRE(collectReportData(db, ReportOptions{}, &report, &error));
    for (double pct : percentagesIn(renderHtmlReport(report, ReportImages{}))) CHECK(pct <= 100.0);
}

} // namespace

TEST_CASE("no share above 100 % in bubbles, operators, breakdown, diagnosis and the report", "[devicetime][share]") {
    TempDir dir;
    checkNoShareAbove100(mixedStore(dir));
}

TEST_CASE("no share above 100 % on the shared torch_npu rank 0 and Kineto rank 0", "[devicetime][share][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    std::string kineto = sharedPathOrSkip("samples/kineto/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
    TempDir dir;
    Error error;
    for (const std::string& input : {folder, kineto}) {
        OpenOptions open;
        open.storePath = dir.file(std::to_string(input.size()) + ".opscope.sqlite");
        OpenResult opened;
        REQUIRE(openTrace({input}, open, ImportProgress{}, &opened, &error));
        checkNoShareAbove100(opened.storePath);
    }
}
