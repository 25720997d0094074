// Launch statistics, idle causes and queue length on fixtures with known answers, each threshold
// tested at its value on both sides.
#include "core/session/open_trace.h"
#include "../launch_fixtures.h"
#include "core/analysis/launch/idle_breakdown.h"
#include "core/analysis/launch/launch_stats.h"
#include "core/analysis/launch/queue_length.h"
#include "core/store/host_call_reader.h"
#include "core/store/store_file_bytes.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace opscope;
using namespace opscope::test;

namespace {

LaunchData loadTrace(const TempDir& dir, const std::string& json) {
    OpenResult result;
    Error error;
    if (!openTrace({dir.write("t.json", json)}, OpenOptions{}, ImportProgress{}, &result, &error)) FAIL(describe(error));
    Database db(result.storePath, Database::Mode::ReadOnly);
    LaunchData data;
    if (!readLaunchData(db, &data, &error)) FAIL(describe(error));
    return data;
}

} // namespace

TEST_CASE("launch rows: delay = kernel start - call end (0 when negative), HTA outliers at their cutoffs", "[launch]") {
    TempDir dir;
    LaunchData data = loadTrace(dir, kLaunchTrace);
    LaunchStatsReport r = computeLaunchStats(std::make_shared<const LaunchData>(data), LaunchStatsOptions{});
    REQUIRE(r.launches.size() == 5);
    CHECK(r.unlinkedEvents == 0);
    const LaunchRow& l1 = r.launches[0];
    CHECK(r.correlationId(l1) == 11);
    CHECK(r.runtimeCall(l1) == "cudaLaunchKernel");
    CHECK(r.kernel(l1) == "L1");
    CHECK(r.stream(l1) == "7");
    CHECK(r.device(l1) == "0");
    CHECK(r.cpuDurationNs(l1) == 50000);
    CHECK(r.gpuDurationNs(l1) == 10000);
    CHECK(r.launchDelayNs(l1) == 10000);
    CHECK(l1.outliers == kShortKernel); // CPU 50 us is not above the cutoff
    CHECK(r.launches[1].outliers == kLongRuntime); // 50.001 us
    CHECK(r.cpuDurationNs(r.launches[1]) == 50001);
    CHECK(r.launchDelayNs(r.launches[2]) == 100000);
    CHECK(r.launches[2].outliers == 0);
    CHECK(r.launchDelayNs(r.launches[3]) == 100001);
    CHECK(r.launches[3].outliers == kLongDelay);
    CHECK(r.runtimeCall(r.launches[3]) == "cudaMemcpyAsync");
    CHECK(r.launchDelayNs(r.launches[4]) == 0);
    CHECK(r.launches[4].outliers == 0);
    // per kernel: L1 twice
    REQUIRE(r.kernels.size() == 4);
    const KernelLaunchSummary* l1Summary = nullptr;
    for (const KernelLaunchSummary& k : r.kernels)
        if (k.kernel == "L1") l1Summary = &k;
    REQUIRE(l1Summary);
    CHECK(l1Summary->count == 2);
    CHECK(l1Summary->gpuTotalNs == 40000);
    CHECK(l1Summary->shortKernels == 1);
    CHECK(r.kernels.front().kernel == "L2"); // most GPU time first

    LaunchStatsOptions moved;
    moved.runtimeCutoffNs = 50001;
    moved.launchDelayCutoffNs = 100000 - 1;
    LaunchStatsReport m = computeLaunchStats(std::make_shared<const LaunchData>(data), moved);
    CHECK(m.launches[1].outliers == 0);          // 50.001 us is now at the cutoff: neither long nor short (GPU > CPU)
    CHECK(m.launches[2].outliers == kLongDelay); // 100 us > 99.999 us
}

TEST_CASE("launch rows point into launch data the report keeps alive", "[launch]") {
    TempDir dir;
    auto data = std::make_shared<const LaunchData>(loadTrace(dir, kLaunchTrace));
    const std::weak_ptr<const LaunchData> watch = data;
    LaunchStatsReport r = computeLaunchStats(std::move(data), LaunchStatsOptions{});
    CHECK(!watch.expired()); // the caller's pointer is gone: the report holds the events its rows read
    REQUIRE(r.launches.size() == 5);
    CHECK(r.kernel(r.launches[0]) == "L1");
    CHECK(r.cpuDurationNs(r.launches[1]) == 50001);
    CHECK(&r.event(r.launches[0]) == &r.data->events[r.launches[0].event]);
    static_assert(sizeof(LaunchRow) == 8, "launch_stats.h documents an 8-byte row");
    r = LaunchStatsReport{};
    CHECK(watch.expired());
}

TEST_CASE("idle per stream: host wait, kernel wait under 30 us, other; the threshold on both sides", "[launch][idle]") {
    TempDir dir;
    LaunchData data = loadTrace(dir, kIdleTrace);
    IdleReport r = computeIdleBreakdown(data, IdleOptions{});
    REQUIRE(r.streams.size() == 1);
    const StreamIdle& s = r.streams[0];
    CHECK(s.device == "0");
    CHECK(s.stream == "7");
    CHECK(s.hostWaitNs == 30001);
    CHECK(s.kernelWaitNs == 29999);     // 29.999 us < 30 us
    CHECK(s.otherNs == 30000 + 60000);  // 30 us is not under 30 us; the unlinked k5 cannot be host wait
    CHECK(s.idleNs() == 150000);
    CHECK(s.hostWaitGaps == 1);
    CHECK(s.kernelWaitGaps == 1);
    CHECK(s.otherGaps == 2);

    IdleOptions above;
    above.kernelWaitThresholdNs = 30001;
    IdleReport a = computeIdleBreakdown(data, above);
    CHECK(a.streams[0].kernelWaitNs == 29999 + 30000);
    CHECK(a.streams[0].otherNs == 60000);
    IdleOptions below;
    below.kernelWaitThresholdNs = 29999;
    IdleReport b = computeIdleBreakdown(data, below);
    CHECK(b.streams[0].kernelWaitNs == 0);
    CHECK(b.streams[0].otherNs == 29999 + 30000 + 60000);
}

TEST_CASE("queue length: +1 at a call, -1 at its kernel, statistics over change points", "[launch][queue]") {
    TempDir dir;
    LaunchData data = loadTrace(dir, kIdleTrace);
    QueueReport r = computeQueueLength(data, QueueOptions{});
    REQUIRE(r.streams.size() == 1);
    const StreamQueue& q = r.streams[0];
    std::vector<std::int64_t> lengths;
    for (const QueuePoint& p : q.points) lengths.push_back(p.length);
    CHECK(lengths == std::vector<std::int64_t>{1, 0, 1, 2, 1, 0, 1, 0});
    CHECK(q.points[3].tsNs == 30000);
    CHECK(q.count == 8);
    CHECK(q.mean == Approx(0.75));
    CHECK(q.std == Approx(std::sqrt(0.5)));
    CHECK(q.min == 0);
    CHECK(q.max == 2);
    CHECK(q.p25 == Approx(0.0));
    CHECK(q.p50 == Approx(1.0));
    CHECK(q.p75 == Approx(1.0));
    CHECK(q.timeAtLimitNs == 0); // never at 1024

    QueueOptions two;
    two.limit = 2; // at the limit counts: 30 us .. 49.999 us
    CHECK(computeQueueLength(data, two).streams[0].timeAtLimitNs == 19999);
    QueueOptions three;
    three.limit = 3;
    CHECK(computeQueueLength(data, three).streams[0].timeAtLimitNs == 0);
    QueueOptions one;
    one.limit = 1;
    CHECK(computeQueueLength(data, one).streams[0].timeAtLimitNs == 10000 + 15000 + 19999 + 40000 + 10000);
}

TEST_CASE("queue length: a kernel starting before its call leaves the queue at the call's start, counted", "[launch][queue]") {
    // The call at 10 us; its kernel 1 ns before it (early), exactly at it (not early), 1 ns after it.
    auto traceWithKernelAt = [](const char* kernelTs) {
        return std::string(R"J({"traceEvents":[
          {"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":10,"dur":5,"args":{"correlation":1}},
          {"ph":"X","cat":"kernel","name":"k","pid":0,"tid":7,"ts":)J") + kernelTs + R"J(,"dur":5,"args":{"correlation":1}}]})J";
    };
    TempDir dirBefore, dirAt, dirAfter; // one store each: the three traces differ in one timestamp
    QueueReport before = computeQueueLength(loadTrace(dirBefore, traceWithKernelAt("9.999")), QueueOptions{});
    REQUIRE(before.streams.size() == 1);
    CHECK(before.streams[0].earlyStarts == 1);
    CHECK(before.streams[0].min == 0);
    REQUIRE(before.streams[0].points.size() == 2);
    CHECK(before.streams[0].points[1].tsNs == 10000); // counted at the call's start, not at 9999
    CHECK(before.streams[0].points[1].length == 0);
    QueueReport at = computeQueueLength(loadTrace(dirAt, traceWithKernelAt("10")), QueueOptions{});
    CHECK(at.streams[0].earlyStarts == 0);
    CHECK(at.streams[0].min == 0);
    QueueReport after = computeQueueLength(loadTrace(dirAfter, traceWithKernelAt("10.001")), QueueOptions{});
    CHECK(after.streams[0].earlyStarts == 0);
    CHECK(after.streams[0].points[1].tsNs == 10001);
}

TEST_CASE("a store without launch links reads as unlinked events", "[launch]") {
    LaunchData empty;
    CHECK(computeLaunchStats(std::make_shared<const LaunchData>(empty), {}).launches.empty());
    CHECK(computeLaunchStats(nullptr, {}).launches.empty());
    CHECK(computeIdleBreakdown(empty, {}).streams.empty());
    CHECK(computeQueueLength(empty, {}).streams.empty());
}

TEST_CASE("launch and host call data: room from the tracks' counts; crafted counts change nothing",
          "[launch][hardening]") {
    TempDir dir;
    OpenResult result;
    Error error;
    REQUIRE(openTrace({dir.write("t.json", kLaunchTrace)}, OpenOptions{}, ImportProgress{}, &result, &error));
    LaunchData first;
    HostCallData firstHost;
    {
        Database db(result.storePath, Database::Mode::ReadOnly);
        REQUIRE(readLaunchData(db, &first, &error));
        REQUIRE(readHostCalls(db, &firstHost, &error));
    }
    REQUIRE(first.events.size() == 5);
    REQUIRE(firstHost.slices.size() == 5);
    CHECK(first.events.capacity() == 5); // reserved once from the counts, not grown
    CHECK(firstHost.slices.capacity() == 5);
    for (const char* count : {"9223372036854775807", "-5", "1e300", "'many'"}) {
        INFO("slice_count " << count);
        {
            Database rw(result.storePath, Database::Mode::ReadWrite);
            rw.exec(std::string("UPDATE track SET slice_count = ") + count);
        }
        Database db(result.storePath, Database::Mode::ReadOnly);
        LaunchData again;
        HostCallData againHost;
        REQUIRE(readLaunchData(db, &again, &error));
        REQUIRE(readHostCalls(db, &againHost, &error));
        REQUIRE(again.events.size() == first.events.size());
        for (std::size_t i = 0; i < again.events.size(); ++i) {
            CHECK(again.events[i].sliceId == first.events[i].sliceId);
            CHECK(again.events[i].callSliceId == first.events[i].callSliceId);
        }
        REQUIRE(againHost.slices.size() == firstHost.slices.size());
        for (std::size_t i = 0; i < againHost.slices.size(); ++i) CHECK(againHost.slices[i].id == firstHost.slices[i].id);
        CHECK(again.events.capacity() <= storeFileBytes(db) / 8);
        CHECK(againHost.slices.capacity() <= storeFileBytes(db) / 8);
    }
}
