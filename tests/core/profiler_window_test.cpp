// The profiling window's edges: a gap between the profiler's start marker task (PROFILING_ENABLE) and the
// first work is "profiler start", one between the last work and PROFILING_DISABLE "profiler stop"
// (docs/device-time.md); without the markers, or away from the span's edges, the usual causes hold.
#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/session/open_trace.h"
#include "test_support.h"
#include "tests/shared_samples.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string task(const std::string& name, long tsUs, long durUs, const std::string& type) {
    return R"({"ph":"X","pid":1024,"tid":2,"name":")" + name + R"(","ts":)" + std::to_string(tsUs) + R"(,"dur":)" +
           std::to_string(durUs) + R"(,"args":{"Task Type":")" + type + R"("}},)";
}

// Work at 100..110 and 120..130 us on one stream; `before` and `after` are put at the edges.
BubbleReport bubblesOf(const TempDir& dir, const std::string& before, const std::string& after) {
    std::string t = R"([{"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)";
    t += before + task("MatMul", 100, 10, "AI_CORE") + task("Add", 120, 10, "AI_VECTOR_CORE") + after;
    t.back() = ']';
    OpenOptions options;
    options.storePath = dir.file("window.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("window.json", t)}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    BubbleReport report;
    REQUIRE(computeBubbles(db, BubbleOptions{}, &report, &error));
    return report;
}

} // namespace

TEST_CASE("profiler window: the gaps after PROFILING_ENABLE and before PROFILING_DISABLE are named", "[devicetime][bubbles]") {
    TempDir dir;
    BubbleReport r = bubblesOf(dir, task("PROFILING_ENABLE", 0, 1, "PLACE_HOLDER_SQE"),
                               task("PROFILING_DISABLE", 199, 1, "PLACE_HOLDER_SQE"));
    REQUIRE(r.devices.size() == 1);
    REQUIRE(r.deviceBubbles.size() == 3);
    CHECK(r.deviceBubbles[0].startNs == 0);
    CHECK(r.deviceBubbles[0].durNs == 100'000);
    CHECK(r.deviceBubbles[0].cause == BubbleCause::ProfilerStart);
    CHECK(r.deviceBubbles[1].cause == BubbleCause::Unknown); // between the two operators: the workload's gap
    CHECK(r.deviceBubbles[2].startNs == 130'000);
    CHECK(r.deviceBubbles[2].durNs == 70'000);
    CHECK(r.deviceBubbles[2].cause == BubbleCause::ProfilerStop);
    const BubbleSummary& d = r.devices[0];
    CHECK(d.causeNs[static_cast<std::size_t>(BubbleCause::ProfilerStart)] == 100'000);
    CHECK(d.causeNs[static_cast<std::size_t>(BubbleCause::ProfilerStop)] == 70'000);
    CHECK(d.causeNs[static_cast<std::size_t>(BubbleCause::Unknown)] == 10'000);
    // The stream's own gaps say the same.
    REQUIRE(r.trackBubbles.size() == 3);
    CHECK(r.trackBubbles[0].cause == BubbleCause::ProfilerStart);
    CHECK(r.trackBubbles[2].cause == BubbleCause::ProfilerStop);
    CHECK(std::string(bubbleCauseText(BubbleCause::ProfilerStart)) == "profiler start");
    CHECK(std::string(bubbleCauseId(BubbleCause::ProfilerStop)) == "profiler_stop");
}

TEST_CASE("profiler window: without the markers the edge gaps keep their usual cause", "[devicetime][bubbles]") {
    TempDir dir;
    // Another marker (EVENT_RECORD) and a wait at the edges: gaps, but not the profiler's.
    BubbleReport r = bubblesOf(dir, task("EVENT_RECORD", 0, 1, "EVENT_RECORD_SQE"), task("EVENT_WAIT", 150, 50, "EVENT_WAIT_SQE"));
    REQUIRE(r.deviceBubbles.size() == 3);
    CHECK(r.deviceBubbles[0].durNs == 100'000);
    CHECK(r.deviceBubbles[0].cause == BubbleCause::Unknown);
    CHECK(r.deviceBubbles[2].cause == BubbleCause::Unknown);
    CHECK(r.deviceBubbles[2].waitFor == WaitFor::Event);
    CHECK(r.waitName(r.deviceBubbles[2]) == "EVENT_WAIT");
    CHECK(r.devices[0].causeNs[static_cast<std::size_t>(BubbleCause::ProfilerStart)] == 0);
}

TEST_CASE("profiler window: a start marker inside the span, or a stop marker at the start, names no edge", "[devicetime][bubbles]") {
    TempDir dir;
    // PROFILING_DISABLE opens the span and PROFILING_ENABLE closes it: each marker is at the wrong edge.
    BubbleReport r = bubblesOf(dir, task("PROFILING_DISABLE", 0, 1, "PLACE_HOLDER_SQE"),
                               task("PROFILING_ENABLE", 199, 1, "PLACE_HOLDER_SQE"));
    REQUIRE(r.deviceBubbles.size() == 3);
    for (const Bubble& b : r.deviceBubbles) CHECK_FALSE(isProfilerWindowCause(b.cause));
    // Work before the start marker: the gap after it is inside the span, not at its edge.
    TempDir other;
    BubbleReport inside = bubblesOf(other, task("Cast", 0, 5, "AI_CORE") + task("PROFILING_ENABLE", 50, 1, "PLACE_HOLDER_SQE"), "");
    REQUIRE(inside.deviceBubbles.size() == 2);
    CHECK(inside.deviceBubbles[0].startNs == 5'000);
    CHECK(inside.deviceBubbles[0].cause == BubbleCause::Unknown);
}

TEST_CASE("profiler window shared: torch_npu rank 0 opens with a 25.5 ms profiler-start gap", "[devicetime][bubbles][shared]") {
    const std::string folder = sharedPathOrSkip("samples/ascend/torch_npu_text_rank0");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("rank0.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({folder}, options, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    BubbleReport r;
    REQUIRE(computeBubbles(db, BubbleOptions{}, &r, &error));
    REQUIRE(r.devices.size() == 1);
    REQUIRE_FALSE(r.deviceBubbles.empty());
    const Bubble& first = r.deviceBubbles.front();
    CHECK(first.startNs == r.devices[0].spanStartNs);
    CHECK(first.cause == BubbleCause::ProfilerStart);
    CHECK(first.durNs > 25'000'000);
    CHECK(first.durNs < 26'000'000);
    CHECK(r.deviceBubbles.back().cause == BubbleCause::ProfilerStop);
    CHECK(r.deviceBubbles.back().endNs() == r.devices[0].spanEndNs);
    std::int64_t windowGaps = 0;
    for (const Bubble& b : r.deviceBubbles) windowGaps += isProfilerWindowCause(b.cause) ? 1 : 0;
    CHECK(windowGaps == 2);
}
