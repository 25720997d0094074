// Details both ways through the TraceSession: a kernel names its launching call, operators, step, phase
// and delay; a host slice lists the kernels launched from inside it, their device time and streams.
#include "../launch_fixtures.h"
#include "core/session/slice_details_json.h"
#include "core/session/trace_session.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

std::shared_ptr<TraceSession> openLagging(const TempDir& dir) {
    Error error;
    auto session = TraceSession::open({dir.write("lag.json", kLaggingTrace)}, OpenOptions{}, ImportProgress{}, nullptr, &error);
    if (!session) FAIL(describe(error));
    return session;
}

// The slice with this name (starting at tsNs when given).
std::int64_t sliceNamed(TraceSession& session, const std::string& name, TimeNs tsNs = -1) {
    std::int64_t id = 0;
    Error error;
    REQUIRE(session.query(&error, [&](Database& db) {
        Statement st = db.prepare("SELECT s.id FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = ?1 "
                                  "AND (?2 < 0 OR s.ts = ?2) ORDER BY s.id");
        st.bind(1, name);
        st.bind(2, tsNs);
        if (st.step()) id = st.int64(0);
        return true;
    }));
    REQUIRE(id != 0);
    return id;
}

} // namespace

TEST_CASE("details: a kernel shows its launching call, operators, step, phase and launch delay", "[launch][details]") {
    TempDir dir;
    auto session = openLagging(dir);
    SliceLaunchDetails d;
    Error error;
    REQUIRE(session->sliceLaunchDetails(sliceNamed(*session, "k_fwd"), &d, &error));
    REQUIRE(d.isLaunched);
    CHECK(d.launchedFrom.call.name == "cudaLaunchKernel");
    CHECK(d.launchedFrom.call.tsNs == 10'000);
    CHECK(d.launchedFrom.call.hasCorrelation);
    CHECK(d.launchedFrom.call.correlationId == 1);
    CHECK(d.launchedFrom.topOperator.name == "aten::linear");
    CHECK(d.launchedFrom.innermostOperator.name == "aten::mm");
    CHECK(d.launchedFrom.step == 1);
    CHECK(d.launchedFrom.phase == LaunchPhase::Forward);
    CHECK(d.launchedFrom.launchDelayNs == 160'000 - 12'000); // kernel start - call end
    CHECK(d.launched.empty());

    // The autograd thread has no step above the call: placed by time, phase from the fwdbwd flow.
    REQUIRE(session->sliceLaunchDetails(sliceNamed(*session, "k_bwd"), &d, &error));
    REQUIRE(d.isLaunched);
    CHECK(d.launchedFrom.step == 1);
    CHECK(d.launchedFrom.phase == LaunchPhase::Backward);
    CHECK(d.launchedFrom.innermostOperator.name == "autograd::engine::evaluate_function: MmBackward0");

    REQUIRE(session->sliceLaunchDetails(sliceNamed(*session, "k_opt"), &d, &error));
    CHECK(d.launchedFrom.phase == LaunchPhase::Optimizer);
    CHECK(d.launchedFrom.topOperator.name == "Optimizer.step#SGD.step");
    CHECK(d.launchedFrom.step == 1);
}

TEST_CASE("details: a host slice shows the kernels it launched, their device time and streams", "[launch][details]") {
    TempDir dir;
    auto session = openLagging(dir);
    SliceLaunchDetails d;
    Error error;
    REQUIRE(session->sliceLaunchDetails(sliceNamed(*session, "ProfilerStep#1"), &d, &error));
    CHECK_FALSE(d.isLaunched);
    // The step's own thread launched k_fwd and k_opt; k_bwd came from the autograd thread (not nested).
    REQUIRE(d.launched.size() == 2);
    CHECK(d.launched[0].name == "k_fwd");
    CHECK(d.launched[1].name == "k_opt");
    CHECK(d.launchedDeviceNs == 50'000);
    REQUIRE(d.launchedStreams.size() == 1);
    CHECK(d.launchedStreams[0].stream == "7");
    CHECK(d.launchedStreams[0].count == 2);
    CHECK(d.launchedStreams[0].durNs == 50'000);

    REQUIRE(session->sliceLaunchDetails(sliceNamed(*session, "aten::mm"), &d, &error));
    REQUIRE(d.launched.size() == 1);
    CHECK(d.launched[0].name == "k_fwd");
    CHECK(d.launchedDeviceNs == 20'000);

    // The call itself lists what it launched.
    REQUIRE(session->sliceLaunchDetails(sliceNamed(*session, "cudaLaunchKernel", 10'000), &d, &error));
    REQUIRE(d.launched.size() == 1);
    CHECK(d.launched[0].name == "k_fwd");

    // The JSON the CLI prints: keys documented in docs/cli.md.
    nlohmann::json j = nlohmann::json::object();
    addSliceLaunchJson(d, &j);
    CHECK(j["launched_from"].is_null());
    CHECK(j["launched"]["count"] == 1);
    CHECK(j["launched"]["device_ns"] == 20'000);
    CHECK(j["launched"]["kernels"][0]["name"] == "k_fwd");
}
