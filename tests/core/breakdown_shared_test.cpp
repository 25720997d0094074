// The breakdown against the reference tools on the real samples in ../shared (skipped when absent):
// torch_npu's own step_trace_time.csv (rank0) and Overlap Analysis lanes (rank1), and HTA's temporal,
// kernel-type and overlap figures on two Kineto traces. Every opscope figure is computed from the
// device tasks; the summary files are read here only as the expected values.
#include "core/session/open_trace.h"
#include "core/analysis/breakdown/breakdown_analysis.h"
#include "core/model/small_file.h"
#include "core/store/trace_store.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <sstream>

using namespace opscope;
using namespace opscope::test;

namespace {

BreakdownReport breakdownOf(const TempDir& dir, const std::string& trace, const BreakdownOptions& options = {}) {
    Database db = openReadOnly(importedStore(dir, trace));
    Error error;
    BreakdownReport report;
    REQUIRE(computeBreakdown(db, options, &report, &error));
    return report;
}

// A decimal µs text ("1736408883674584.732", "8873.756000000001") as ns, truncated below the ns.
TimeNs microsTextToNs(const std::string& text) {
    std::size_t dot = text.find('.');
    TimeNs ns = std::stoll(text.substr(0, dot)) * 1000;
    if (dot == std::string::npos) return ns;
    std::string frac = text.substr(dot + 1, 3);
    while (frac.size() < 3) frac += '0';
    return ns + std::stoll(frac);
}

// Within 0.1 % of the reference (and exactly 0 when the reference is 0).
void checkClose(const char* column, TimeNs ours, TimeNs reference) {
    INFO(column << ": opscope " << ours << " ns, reference " << reference << " ns");
    if (reference == 0) CHECK(ours == 0);
    else CHECK(std::llabs(ours - reference) * 1000 <= std::llabs(reference));
}

std::map<std::string, std::string> csvRow(const std::string& path, const std::string& firstCell) {
    std::string text;
    Error error;
    REQUIRE(readSmallFile(path, &text, &error));
    std::istringstream in(text);
    std::string header, line;
    std::getline(in, header);
    auto split = [](const std::string& l) {
        std::vector<std::string> cells;
        std::stringstream s(l);
        std::string c;
        while (std::getline(s, c, ',')) {
            if (!c.empty() && c.back() == '\r') c.pop_back();
            cells.push_back(c);
        }
        return cells;
    };
    std::vector<std::string> names = split(header);
    while (std::getline(in, line)) {
        std::vector<std::string> cells = split(line);
        if (cells.empty() || cells[0] != firstCell) continue;
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < names.size() && i < cells.size(); ++i) row[names[i]] = cells[i];
        return row;
    }
    FAIL("no row " << firstCell << " in " << path);
    return {};
}

} // namespace

TEST_CASE("breakdown shared: torch_npu rank0 reproduces step_trace_time.csv within 0.1 %", "[devicetime][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0/rank0_ascend_pt");
    TempDir dir;
    BreakdownReport report = breakdownOf(dir, folder);
    REQUIRE(report.devices.size() == 1);
    const DeviceBreakdown& d = report.devices[0];
    CHECK(d.stepRule == StepRule::TorchNpuText);
    REQUIRE(d.steps.size() == 1);
    const StepBreakdown& s = d.steps[0];
    CHECK(s.step == 50);
    auto row = csvRow(folder + "/ASCEND_PROFILER_OUTPUT/step_trace_time.csv", "50");
    checkClose("Computing", s.computeNs, microsTextToNs(row.at("Computing")));
    checkClose("Communication(Not Overlapped)", s.communicationNotOverlappedNs,
               microsTextToNs(row.at("Communication(Not Overlapped)")));
    checkClose("Overlapped", s.overlapNs, microsTextToNs(row.at("Overlapped")));
    checkClose("Communication", s.communicationNs, microsTextToNs(row.at("Communication")));
    checkClose("Free", s.freeNs, microsTextToNs(row.at("Free")));
    checkClose("Stage", s.stageNs, microsTextToNs(row.at("Stage")));
    checkClose("Bubble", s.bubbleNs, microsTextToNs(row.at("Bubble")));
    checkClose("Communication(Not Overlapped and Exclude Receive)",
               std::max<TimeNs>(s.communicationNotOverlappedNs - s.bubbleNs, 0),
               microsTextToNs(row.at("Communication(Not Overlapped and Exclude Receive)")));
    checkClose("Preparing", s.preparingNs, microsTextToNs(row.at("Preparing")));
    // The headline: compute is 6.5 % of the stage, not "71.85 % device busy"; EVENT_WAIT is a wait.
    CHECK(static_cast<double>(s.computeNs) / static_cast<double>(s.stageNs) == Approx(0.065).margin(0.001));
    bool eventWaitIsWait = false;
    for (const KernelTypeTime& k : d.kernelTypes)
        for (const KernelNameTime& n : k.names)
            if (n.name == "EVENT_WAIT") eventWaitIsWait = k.deviceClass == DeviceClass::Wait;
    CHECK(eventWaitIsWait);
}

TEST_CASE("breakdown shared: torch_npu rank1 (trace_view.json only) matches its own Overlap Analysis lanes", "[devicetime][shared]") {
    std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank1/rank1_ascend_pt");
    TempDir dir;
    BreakdownReport report = breakdownOf(dir, folder);
    REQUIRE(report.devices.size() == 1);
    REQUIRE(report.devices[0].steps.size() == 1);
    const StepBreakdown& s = report.devices[0].steps[0];
    // Sum each lane's slices starting inside the step's range, as torch_npu does.
    std::string text;
    Error error;
    REQUIRE(readSmallFile(folder + "/ASCEND_PROFILER_OUTPUT/trace_view.json", &text, &error));
    nlohmann::json doc = nlohmann::json::parse(text);
    const nlohmann::json& events = doc.is_array() ? doc : doc["traceEvents"];
    std::string overlapPid;
    std::map<std::string, std::string> laneOfTid;
    for (const auto& e : events)
        if (e.value("ph", "") == "M" && e.value("name", "") == "process_name" && e["args"].value("name", "") == "Overlap Analysis")
            overlapPid = e["pid"].dump();
    for (const auto& e : events)
        if (e.value("ph", "") == "M" && e.value("name", "") == "thread_name" && e["pid"].dump() == overlapPid)
            laneOfTid[e["tid"].dump()] = e["args"].value("name", "");
    std::map<std::string, TimeNs> lanes;
    for (const auto& e : events) {
        if (e.value("ph", "") != "X" || e["pid"].dump() != overlapPid) continue;
        TimeNs ts = microsTextToNs(e["ts"].is_string() ? e["ts"].get<std::string>() : e["ts"].dump());
        if (ts < s.rangeStartNs || ts >= s.rangeEndNs) continue;
        lanes[laneOfTid[e["tid"].dump()]] += microsTextToNs(e["dur"].dump());
    }
    REQUIRE(lanes.size() == 4);
    checkClose("Computing", s.computeNs, lanes["Computing"]);
    checkClose("Communication", s.communicationNs, lanes["Communication"]);
    checkClose("Communication(Not Overlapped)", s.communicationNotOverlappedNs, lanes["Communication(Not Overlapped)"]);
    checkClose("Free", s.freeNs, lanes["Free"]);
}

// Expected values: scripts/hta_reference.py on the same file (HTA's definitions in Python, reading
// the JSON numbers as decimals; whole trace, exact ns), output copied here.
TEST_CASE("breakdown shared: HTA's temporal, kernel-type and overlap figures on a Kineto trace with NCCL, exact ns", "[devicetime][shared]") {
    std::string trace = sharedPathOrSkip("samples/kineto/sampled_rank-0.json.gz");
    TempDir dir;
    BreakdownReport report = breakdownOf(dir, trace);
    REQUIRE(report.devices.size() == 1);
    const DeviceBreakdown& d = report.devices[0];
    CHECK(d.spanNs == 1222847000);    // kernel_time
    CHECK(d.idleNs == 675191000);     // idle_time
    CHECK(d.computeNs == 210320000);  // compute_time
    CHECK(d.spanNs - d.computeNs - d.idleNs == 337336000); // non_compute_time
    CHECK(d.communicationNs == 396199000);
    CHECK(d.memoryNs == 1325000);
    CHECK(d.overlapNs == 59216000);
    CHECK(d.commComputeOverlapPct == Approx(14.946024598749618).epsilon(1e-12));
    REQUIRE(d.kernelTypes.size() == 3);
    const KernelTypeTime& compute = d.kernelTypes[0];
    REQUIRE(compute.names.size() == 11);
    CHECK(compute.names[0].timeNs == 23469000);
    CHECK(compute.names[9].timeNs == 4132000);
    CHECK(compute.names[10].name == "others");
    CHECK(compute.names[10].timeNs == 117447000);
    const KernelTypeTime& memory = d.kernelTypes[2];
    REQUIRE(memory.names.size() == 5);
    CHECK(memory.names[0].name == "Memcpy HtoD (Pinned -> Device)");
    CHECK(memory.names[0].timeNs == 812000);
}

TEST_CASE("breakdown shared: HTA's figures on a nanosecond Kineto trace, exact ns", "[devicetime][shared]") {
    std::string trace = sharedPathOrSkip("samples/kineto/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
    TempDir dir;
    BreakdownReport report = breakdownOf(dir, trace);
    REQUIRE(report.devices.size() == 1);
    const DeviceBreakdown& d = report.devices[0];
    CHECK(d.spanNs == 480029179);
    CHECK(d.idleNs == 7574738);
    CHECK(d.computeNs == 468153602);
    CHECK(d.spanNs - d.computeNs - d.idleNs == 4300839);
    CHECK(d.memoryNs == 4300839);
    CHECK(d.communicationNs == 0);
    CHECK(d.commComputeOverlapPct == 0.0);
    const KernelTypeTime& compute = d.kernelTypes.at(0);
    REQUIRE(compute.names.size() == 11);
    CHECK(compute.names[0].timeNs == 26303973);
    CHECK(compute.names[10].timeNs == 241844519);
    CHECK(d.kernelTypes.at(1).names.at(0).timeNs == 3715404); // Memcpy DtoD
    CHECK(d.stepRule == StepRule::LaunchLink); // args.correlation links kernels to their launches
    CHECK(d.steps.size() == 5);
}
