// HTA's launch figures on the real Kineto rank-0 ns-resolution sample, in exact ns. The expected
// values follow HTA's definitions (cuda_kernel_analysis, breakdown_analysis idle time, trace_counters
// queue length) over every event of the trace, computed beside it from the JSON text: HTA itself drops
// the last ProfilerStep and rounds to us unless HTA_DISABLE_NS_ROUNDING=1; per-launch rows match it
// either way.
#include "core/session/open_trace.h"
#include "../shared_samples.h"
#include "core/analysis/launch/idle_breakdown.h"
#include "core/analysis/launch/launch_stats.h"
#include "core/analysis/launch/queue_length.h"
#include "core/store/trace_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("Kineto rank-0 sample: launches, idle causes and queue length as HTA defines them", "[launch][shared]") {
    const std::string trace = sharedPathOrSkip("samples/kineto/rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz");
    TempDir dir;
    OpenOptions options;
    options.storePath = dir.file("rank0.opscope.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &result, &error));
    Database db(result.storePath, Database::Mode::ReadOnly);
    // Every kernel, memcpy and memset carries a correlation its runtime call shares; only 6,401 of the
    // 15,023 ac2g flow ends have a start, so flows alone would leave most of them unlinked.
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'launch.links.correlation'") == 6095);
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'launch.device_events'") == 6095);
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name = 'launch.device_events_linked'") == 6095);

    LaunchData data;
    REQUIRE(readLaunchData(db, &data, &error));
    LaunchStatsReport launches = computeLaunchStats(std::make_shared<const LaunchData>(data), LaunchStatsOptions{});
    REQUIRE(launches.launches.size() == 6095);
    const LaunchRow& first = launches.launches[0];
    CHECK(launches.correlationId(first) == 135071);
    CHECK(launches.runtimeCall(first) == "cudaLaunchKernel");
    CHECK(launches.cpuDurationNs(first) == 41768);
    CHECK(launches.gpuDurationNs(first) == 4928);
    CHECK(launches.launchDelayNs(first) == 0);
    CHECK(launches.correlationId(launches.launches[1]) == 135106);
    CHECK(launches.launchDelayNs(launches.launches[1]) == 756);
    CHECK(launches.runtimeCall(launches.launches[2]) == "cudaMemcpyAsync");
    CHECK(launches.launchDelayNs(launches.launches[2]) == 308);
    TimeNs delaySum = 0, delayMax = 0;
    std::int64_t longDelay = 0, longRuntime = 0, shortKernel = 0;
    for (const LaunchRow& r : launches.launches) {
        delaySum += launches.launchDelayNs(r);
        delayMax = std::max(delayMax, launches.launchDelayNs(r));
        longDelay += (r.outliers & kLongDelay) ? 1 : 0;
        longRuntime += (r.outliers & kLongRuntime) ? 1 : 0;
        shortKernel += (r.outliers & kShortKernel) ? 1 : 0;
    }
    CHECK(delaySum == 418637223421);
    CHECK(delayMax == 90937999); // the GPU queue lags the CPU by about 90 ms
    CHECK(longDelay == 5932);
    CHECK(longRuntime == 936);
    CHECK(shortKernel == 2682);

    IdleReport idle = computeIdleBreakdown(data, IdleOptions{});
    REQUIRE(idle.streams.size() == 1);
    CHECK(idle.streams[0].stream == "7");
    CHECK(idle.streams[0].hostWaitNs == 1347125);
    CHECK(idle.streams[0].kernelWaitNs == 6227613);
    CHECK(idle.streams[0].otherNs == 0);

    QueueReport queue = computeQueueLength(data, QueueOptions{});
    REQUIRE(queue.streams.size() == 1);
    const StreamQueue& q = queue.streams[0];
    CHECK(q.count == 12190);
    CHECK(q.min == 0);
    CHECK(q.max == 1022);
    CHECK(q.p25 == Approx(819.0));
    CHECK(q.p50 == Approx(1011.0));
    CHECK(q.p75 == Approx(1021.0));
    CHECK(q.mean == Approx(847.0496308449549));
    CHECK(q.std == Approx(283.8540905438258));
    CHECK(q.timeAtLimitNs == 0); // 1022 < 1024: never blocked
    QueueOptions eight;
    eight.limit = 8;
    CHECK(computeQueueLength(data, eight).streams[0].timeAtLimitNs == 476152452);
}
