// Attribution by launch across a lagging queue: each kernel lands in the step and phase whose host
// code launched it, and the phase comparison gives the optimizer its kernels.
#include "core/session/open_trace.h"
#include "../launch_fixtures.h"
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/launch/host_operator_diff.h"
#include "core/analysis/launch/launch_attribution.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string importLagging(const TempDir& dir) {
    OpenResult result;
    Error error;
    if (!openTrace({dir.write("lag.json", kLaggingTrace)}, OpenOptions{}, ImportProgress{}, &result, &error))
        FAIL(describe(error));
    return result.storePath;
}

std::string nameOf(const HostCallData& host, std::int64_t id) {
    const HostSliceRecord* s = host.find(id);
    return s ? std::string(host.text(s->nameId)) : std::string("-");
}

} // namespace

TEST_CASE("attribution follows the launch, not the device time window", "[launch][attribution]") {
    TempDir dir;
    Database db(importLagging(dir), Database::Mode::ReadOnly);
    LaunchData launches;
    HostCallData host;
    Error error;
    REQUIRE(readLaunchData(db, &launches, &error));
    REQUIRE(readHostCalls(db, &host, &error));
    AttributionReport r = attributeLaunches(launches, host);
    REQUIRE(r.events.size() == 4);
    CHECK(r.steps == std::vector<std::int64_t>{1, 2});
    const LaunchAttribution& fwd = r.events[0];
    CHECK(fwd.step == 1);
    CHECK(fwd.phase == LaunchPhase::Forward);
    CHECK(nameOf(host, fwd.innermostOperatorId) == "aten::mm");
    CHECK(nameOf(host, fwd.topOperatorId) == "aten::linear");
    CHECK(nameOf(host, fwd.annotationId) == "## forward ##");
    CHECK(nameOf(host, fwd.stepSliceId) == "ProfilerStep#1");
    const LaunchAttribution& bwd = r.events[1]; // the autograd thread has no ProfilerStep: by time
    CHECK(bwd.step == 1);
    CHECK(bwd.phase == LaunchPhase::Backward);
    CHECK(nameOf(host, bwd.innermostOperatorId) == "autograd::engine::evaluate_function: MmBackward0");
    const LaunchAttribution& opt = r.events[2]; // runs at 230 us, inside step 2's host window
    CHECK(opt.step == 1);
    CHECK(opt.phase == LaunchPhase::Optimizer);
    CHECK(nameOf(host, opt.innermostOperatorId) == "aten::_foreach_add_");
    CHECK(nameOf(host, opt.topOperatorId) == "Optimizer.step#SGD.step");
    CHECK(r.events[3].step == 2);
    CHECK(r.events[3].phase == LaunchPhase::Forward);
}

TEST_CASE("phases by launch: the optimizer claims the kernels it launched", "[launch][attribution][phases]") {
    TempDir dir;
    Database db(importLagging(dir), Database::Mode::ReadOnly);
    DiagnosisReport report;
    Error error;
    REQUIRE(runDiagnosis(db, DiagnosisOptions{}, &report, &error));
    const PhaseRow* optimizer = nullptr;
    const PhaseRow* step1 = nullptr;
    const PhaseRow* forward = nullptr;
    for (const PhaseRow& p : report.phases) {
        if (p.kind == "optimizer") optimizer = &p;
        if (p.kind == "forward") forward = &p;
        if (p.kind == "step" && p.name == "ProfilerStep#1") step1 = &p;
    }
    REQUIRE(optimizer);
    CHECK(optimizer->byLaunch);
    CHECK(optimizer->deviceBusyNs == 30000); // k_opt, although no kernel runs inside its host window
    CHECK(optimizer->deviceSpanNs == 30000);
    CHECK(optimizer->utilization == Approx(1.0));
    REQUIRE(forward); // two windows, measured one by one: k_fwd's span and k_fwd2's, not 160..280 us
    CHECK(forward->instances == 2);
    CHECK(forward->deviceBusyNs == 30000);
    CHECK(forward->deviceSpanNs == 30000);
    REQUIRE(step1);
    CHECK(step1->deviceBusyNs == 20000 + 20000 + 30000); // k_fwd, k_bwd, k_opt
    CHECK(step1->deviceSpanNs == 260000 - 160000);
}

TEST_CASE("trace diff host section: added, deleted, increased, decreased by count", "[launch][compare]") {
    std::vector<HostOperatorCount> base{{"aten::mm", 2, 20}, {"aten::add", 3, 30}, {"aten::relu", 1, 5}, {"aten::cat", 4, 8}};
    std::vector<HostOperatorCount> now{{"aten::mm", 3, 25}, {"aten::add", 1, 40}, {"aten::gelu", 2, 6}, {"aten::cat", 4, 9}};
    std::vector<HostOperatorDiff> d = diffHostOperators(base, now);
    REQUIRE(d.size() == 5);
    CHECK(d[0].name == "aten::gelu");
    CHECK(d[0].change == CountChange::Added);
    CHECK(d[1].name == "aten::relu");
    CHECK(d[1].change == CountChange::Deleted);
    CHECK(d[2].name == "aten::mm");
    CHECK(d[2].change == CountChange::Increased);
    CHECK(d[3].name == "aten::add");
    CHECK(d[3].change == CountChange::Decreased);
    CHECK(d[3].diffDurationNs() == 10); // counts decide the class; the duration change is beside
    CHECK(d[4].change == CountChange::Unchanged);
}

TEST_CASE("host operators counted from the every-track snapshot equal those from the host calls", "[launch][compare]") {
    TempDir dir;
    const std::string store = importLagging(dir);
    Database db(store, Database::Mode::ReadOnly);
    Error error;
    HostCallData host;
    REQUIRE(readHostCalls(db, &host, &error));
    StoreSnapshot all;
    TrackSelection every;
    every.scope = TrackScope::All;
    REQUIRE(loadSnapshot(db, every, &all, &error));
    auto same = [](const std::vector<HostOperatorCount>& a, const std::vector<HostOperatorCount>& b) {
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(a[i].name == b[i].name);
            CHECK(a[i].count == b[i].count);
            CHECK(a[i].totalNs == b[i].totalNs);
        }
    };
    const std::vector<HostOperatorCount> whole = countHostOperators(host, std::nullopt);
    CHECK_FALSE(whole.empty());
    same(countHostOperators(all, std::nullopt), whole);
    // A window keeps the operators that start inside it, on both paths alike.
    const TimeRange window{whole.empty() ? 0 : all.traceRange.startNs, all.traceRange.startNs + (all.traceRange.endNs - all.traceRange.startNs) / 2};
    same(countHostOperators(all, window), countHostOperators(host, window));
}
