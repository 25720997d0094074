#include "analysis_fixture.h"

#include "core/analysis/bubbles/bubble_analysis.h"
#include "core/analysis/breakdown/interval_union.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

using namespace opscope;
using opscope::test::AnalysisStore;

namespace {

BubbleReport bubblesOf(Database& db, BubbleOptions options = {}) {
    BubbleReport report;
    Error error;
    REQUIRE(computeBubbles(db, options, &report, &error));
    return report;
}

} // namespace

TEST_CASE("interval unions, gaps and coverage", "[bubbles]") {
    std::vector<Interval> v{{50, 60}, {0, 10}, {5, 20}, {20, 30}, {40, 40}};
    mergeIntervals(v);
    REQUIRE(v.size() == 2);
    CHECK(v[0].startNs == 0);
    CHECK(v[0].endNs == 30);
    CHECK(totalLengthNs(v) == 40);
    std::vector<Interval> gaps = gapsBetween(v, 1);
    REQUIRE(gaps.size() == 1);
    CHECK(gaps[0].startNs == 30);
    CHECK(gaps[0].endNs == 50);
    CoverageIndex index({{0, 10}, {20, 30}, {25, 40}});
    CHECK(index.coveredNs(5, 25) == 10);
    CHECK(index.coveredNs(-100, 100) == 30);
    CHECK(index.coveredNs(10, 20) == 0);
    CHECK(index.coveredNs(35, 36) == 1);
    std::size_t hint = 0; // windows in start order give the same answers through the hint
    CHECK(index.coveredNs(-100, 5, &hint) == 5);
    CHECK(index.coveredNs(5, 25, &hint) == 10);
    CHECK(index.coveredNs(10, 20, &hint) == 0);
    CHECK(index.coveredNs(35, 36, &hint) == 1);
    CHECK(index.coveredNs(36, 100, &hint) == 4);
}

TEST_CASE("bubbles of a compute track to the nanosecond", "[bubbles]") {
    AnalysisStore store;
    TrackId s = store.computeTrack(0, "Stream 0");
    store.slice(s, 100, 100, "A");  // [100, 200)
    store.slice(s, 250, 50, "B");   // [250, 300)
    store.slice(s, 260, 10, "B.1"); // nested: no double count
    store.slice(s, 1000, 100, "C"); // [1000, 1100)
    store.finish();
    BubbleReport r = bubblesOf(store.db());
    REQUIRE(r.tracks.size() == 1);
    const BubbleSummary& t = r.tracks[0];
    CHECK(t.spanStartNs == 100);
    CHECK(t.spanEndNs == 1100);
    CHECK(t.busyNs == 250);
    CHECK(t.idleNs == 750);
    CHECK(t.busyShare == 0.25);
    CHECK(t.idleShare == 0.75);
    CHECK(t.bubbleCount == 2);
    CHECK(t.bubbleTotalNs == 750);
    CHECK(t.largestBubbleNs == 700);
    REQUIRE(r.trackBubbles.size() == 2);
    CHECK(r.trackBubbles[0].startNs == 200);
    CHECK(r.trackBubbles[0].durNs == 50);
    CHECK(r.trackBubbles[1].startNs == 300);
    CHECK(r.trackBubbles[1].durNs == 700);
    CHECK(r.trackBubbles[1].cause == BubbleCause::Unknown);
    CHECK_FALSE(r.hasHostTracks);

    BubbleOptions big;
    big.minBubbleNs = 100;
    BubbleReport filtered = bubblesOf(store.db(), big);
    CHECK(filtered.tracks[0].bubbleCount == 1);
    CHECK(filtered.tracks[0].idleNs == 750); // idle time keeps the small gap

    BubbleOptions clipped;
    clipped.range = TimeRange{150, 1050};
    BubbleReport inRange = bubblesOf(store.db(), clipped);
    CHECK(inRange.tracks[0].spanStartNs == 150);
    CHECK(inRange.tracks[0].spanEndNs == 1050);
    CHECK(inRange.tracks[0].busyNs == 50 + 50 + 50);
}

TEST_CASE("the device union view: no compute track of the device runs anything", "[bubbles]") {
    AnalysisStore store;
    TrackId a = store.computeTrack(0, "Stream 0");
    TrackId b = store.computeTrack(0, "Stream 1");
    TrackId other = store.computeTrack(1, "Stream 0");
    store.slice(a, 0, 100, "A1");
    store.slice(a, 300, 100, "A2");
    store.slice(b, 50, 150, "B1");
    store.slice(other, 0, 10, "X");
    store.slice(other, 390, 10, "Y");
    store.finish();
    BubbleReport r = bubblesOf(store.db());
    REQUIRE(r.devices.size() == 2);
    const BubbleSummary& d0 = r.devices[0].label == "NPU 0" ? r.devices[0] : r.devices[1];
    CHECK(d0.trackId == 0);
    CHECK(d0.busyNs == 300);
    CHECK(d0.bubbleCount == 1);
    CHECK(d0.largestBubbleNs == 100);
    REQUIRE(r.largest.size() == 2);
    const BubbleDetail& top = r.largest[0]; // NPU 1's 380 ns gap, then NPU 0's 100 ns gap
    CHECK(top.bubble.durNs == 380);
    CHECK(top.opBefore == "X");
    CHECK(top.opAfter == "Y");
    CHECK(r.largest[1].bubble.startNs == 200);
    CHECK(r.largest[1].opBefore == "B1");
    CHECK(r.largest[1].opAfter == "A2");
}

TEST_CASE("bubble causes from overlapping host work", "[bubbles]") {
    AnalysisStore store;
    TrackId s = store.computeTrack(0, "Stream 0");
    TrackId host = store.hostTrack("python", "main");
    TrackId hccl = store.hostTrack("HCCL", "Group 0 Communication");
    // Kernels leave five 1000 ns gaps: [1000,2000) [3000,4000) [5000,6000) [7000,8000) [9000,10000).
    for (TimeNs t = 0; t <= 10000; t += 2000) store.slice(s, t, 1000, "K");
    store.slice(host, 900, 1000, "AscendCL@aclrtSynchronizeStream");  // covers 900 of gap 1
    store.slice(hccl, 3000, 800, "Notify_Wait");                      // communication process
    store.slice(host, 5100, 700, "Memcpy HtoD");                      // data transfer
    store.slice(host, 7000, 300, "aclnnAdd");                         // launch ...
    store.slice(host, 7300, 400, "aten::add", "cpu_op");              // ... plus host op = 700
    store.slice(host, 9000, 200, "cudaStreamWaitEvent");              // only 20%: unknown
    store.slice(host, 0, 20000, "ProfilerStep#1");                    // excluded: encloses everything
    store.finish();
    BubbleReport r = bubblesOf(store.db());
    CHECK(r.hasHostTracks);
    REQUIRE(r.trackBubbles.size() == 5);
    CHECK(r.trackBubbles[0].cause == BubbleCause::SyncWait);
    CHECK(r.trackBubbles[1].cause == BubbleCause::CommunicationWait);
    CHECK(r.trackBubbles[2].cause == BubbleCause::DataTransfer);
    CHECK(r.trackBubbles[3].cause == BubbleCause::HostBoundLaunch);
    CHECK(r.trackBubbles[4].cause == BubbleCause::Unknown);
    const BubbleSummary& d = r.devices[0];
    CHECK(d.causeNs[static_cast<std::size_t>(BubbleCause::SyncWait)] == 1000);
    CHECK(d.causeCount[static_cast<std::size_t>(BubbleCause::Unknown)] == 1);

    REQUIRE(r.largest.size() == 5);
    const BubbleDetail& first = r.largest[0]; // all 1000 ns: ordered by start
    CHECK(first.bubble.startNs == 1000);
    CHECK(first.classCoveredNs[static_cast<std::size_t>(HostWorkClass::Sync)] == 900);
    REQUIRE_FALSE(first.hostWork.empty());
    CHECK(first.hostWork[0].name == "AscendCL@aclrtSynchronizeStream");
    CHECK(first.hostWork[0].overlapNs == 900);
    CHECK(first.hostWork[0].trackLabel == "python / main");
    const BubbleDetail& launch = r.largest[3];
    CHECK(launch.hostBusyNs == 700);
    CHECK(launch.hostWork.size() == 2);

    BubbleOptions strict;
    strict.causeCoverage = 0.95;
    CHECK(bubblesOf(store.db(), strict).trackBubbles[0].cause == BubbleCause::Unknown);
}

TEST_CASE("bubble histogram uses logarithmic bins from 1 us", "[bubbles]") {
    std::vector<HistogramBin> bins = makeBubbleBins(1);
    REQUIRE(bins.size() == 9); // < 1 us, 7 decades, >= 10 s
    CHECK(bins[0].highNs == 1000);
    CHECK(bins[1].lowNs == 1000);
    CHECK(bins[1].highNs == 10000);
    CHECK(bins[7].highNs == 10'000'000'000);
    CHECK(bins[8].highNs == -1);

    AnalysisStore store;
    TrackId s = store.computeTrack(0, "Stream 0");
    store.slice(s, 0, 10, "A");
    store.slice(s, 510, 10, "B");       // gap 500 ns
    store.slice(s, 5520, 10, "C");      // gap 5 us
    store.slice(s, 2'005'530, 10, "D"); // gap 2 ms
    store.finish();
    BubbleOptions options;
    options.binsPerDecade = 1;
    BubbleReport r = bubblesOf(store.db(), options);
    REQUIRE(r.trackHistogram.size() == 9);
    CHECK(r.trackHistogram[0].count == 1);
    CHECK(r.trackHistogram[1].count == 1);
    CHECK(r.trackHistogram[4].count == 1); // [1 ms, 10 ms)
    CHECK(r.trackHistogram[4].totalNs == 2'000'000);
    CHECK(r.deviceHistogram[4].count == 1);
}

TEST_CASE("callers choose which tracks count as compute", "[bubbles]") {
    AnalysisStore store;
    TrackId a = store.computeTrack(0, "Stream 0");
    TrackId b = store.computeTrack(0, "Stream 1");
    store.slice(a, 0, 100, "A");
    store.slice(a, 200, 100, "A");
    store.slice(b, 100, 100, "B");
    store.finish();
    CHECK(bubblesOf(store.db()).devices[0].bubbleCount == 0);
    BubbleOptions onlyA;
    onlyA.tracks.scope = TrackScope::Explicit;
    onlyA.tracks.explicitTracks = {a};
    BubbleReport r = bubblesOf(store.db(), onlyA);
    REQUIRE(r.tracks.size() == 1);
    CHECK(r.devices[0].bubbleCount == 1);
    CHECK(r.devices[0].busyShare == Approx(2.0 / 3.0));
}

TEST_CASE("annotation slices on compute tracks do not hide bubbles", "[bubbles]") {
    AnalysisStore store;
    TrackId s = store.computeTrack(0, "Stream 7");
    store.slice(s, 0, 1000, "DistributedDataParallel.forward", "gpu_user_annotation"); // spans the gap
    store.slice(s, 0, 100, "kernel_a", "kernel");
    store.slice(s, 900, 100, "kernel_b", "kernel");
    store.finish();
    BubbleReport r = bubblesOf(store.db());
    REQUIRE(r.tracks.size() == 1);
    CHECK(r.tracks[0].busyNs == 200);
    CHECK(r.tracks[0].bubbleCount == 1);
    CHECK(r.trackBubbles[0].durNs == 800);
}

TEST_CASE("the largest bubbles are the longest of every bubble, ties by start then track", "[bubbles]") {
    AnalysisStore store;
    TrackId a = store.computeTrack(0, "Stream 0");
    TrackId b = store.computeTrack(0, "Stream 1");
    // Gaps of 100, 300, 200, 300, 100 ns on stream 0 and 300, 50, 200 ns on stream 1, so that lengths tie
    // within a track and across the two.
    TimeNs t = 0;
    for (TimeNs gap : {100, 300, 200, 300, 100, 0}) {
        store.slice(a, t, 1000, "A");
        t += 1000 + gap;
    }
    t = 500;
    for (TimeNs gap : {300, 50, 200, 0}) {
        store.slice(b, t, 1000, "B");
        t += 1000 + gap;
    }
    store.finish();
    BubbleOptions options;
    options.largestCount = 5;
    options.largestFromDevices = false;
    BubbleReport r = bubblesOf(store.db(), options);
    REQUIRE(r.trackBubbles.size() == 8);
    std::vector<Bubble> sorted = r.trackBubbles;
    std::sort(sorted.begin(), sorted.end(), [](const Bubble& x, const Bubble& y) {
        if (x.durNs != y.durNs) return x.durNs > y.durNs;
        return x.startNs != y.startNs ? x.startNs < y.startNs : x.trackId < y.trackId;
    });
    REQUIRE(r.largest.size() == 5);
    for (std::size_t i = 0; i < r.largest.size(); ++i) {
        CHECK(r.largest[i].bubble.durNs == sorted[i].durNs);
        CHECK(r.largest[i].bubble.startNs == sorted[i].startNs);
        CHECK(r.largest[i].bubble.trackId == sorted[i].trackId);
    }
    // The three 300 ns gaps first, by start: stream 1's at 1500, then stream 0's at 2100 and 4600.
    CHECK(r.largest[0].bubble.startNs == 1500);
    CHECK(r.largest[1].bubble.startNs == 2100);
    CHECK(r.largest[2].bubble.startNs == 4600);
    CHECK(r.largest[3].bubble.startNs == 3400);
    CHECK(r.largest[4].bubble.startNs == 3850);
    // The table leaves every bubble in place.
    CHECK(r.trackBubbles[0].startNs == 1000);
}

TEST_CASE("host work of one name is communication on a communication process only", "[bubbles]") {
    // The class of a name is cached across tracks; what the process says must not travel with it.
    AnalysisStore store;
    TrackId s = store.computeTrack(0, "Stream 0");
    TrackId hccl = store.hostTrack("HCCL", "Group 0 Communication");
    TrackId host = store.hostTrack("python", "main");
    TrackId skipped = store.hostTrack("Overlap Analysis", "Communication");
    // Kernels leave three 1000 ns gaps: [1000,2000) [3000,4000) [5000,6000).
    for (TimeNs t = 0; t <= 6000; t += 2000) store.slice(s, t, 1000, "K");
    store.slice(hccl, 1000, 900, "Foo");    // communication process: communication
    store.slice(host, 3000, 900, "Foo");    // same name elsewhere: not communication
    store.slice(skipped, 5000, 900, "Foo"); // excluded process: no host work at all
    store.finish();
    BubbleReport r = bubblesOf(store.db());
    REQUIRE(r.trackBubbles.size() == 3);
    CHECK(r.trackBubbles[0].cause == BubbleCause::CommunicationWait);
    CHECK(r.trackBubbles[1].cause != BubbleCause::CommunicationWait);
    CHECK(r.trackBubbles[2].cause != BubbleCause::CommunicationWait);
    REQUIRE(r.largest.size() == 3);
    for (const BubbleDetail& b : r.largest) {
        if (b.bubble.startNs != 5000) continue;
        for (std::size_t c = 0; c < kHostWorkClassCount; ++c) CHECK(b.classCoveredNs[c] == 0);
    }
}

TEST_CASE("each largest bubble lists exactly the host slices overlapping it, edges touching excluded", "[bubbles]") {
    AnalysisStore store;
    TrackId s0 = store.computeTrack(0, "Stream 0");
    TrackId s1 = store.computeTrack(0, "Stream 1");
    TrackId main = store.hostTrack("python", "main");
    TrackId worker = store.hostTrack("python", "worker");
    // Stream 0: kernels of 1000 ns every 1700 ns (gaps of 700); stream 1 offset, gaps of 1100: bubbles of
    // the two tracks overlap each other.
    for (TimeNs t = 0; t < 20000; t += 1700) store.slice(s0, t, 1000, "K0");
    for (TimeNs t = 300; t < 20000; t += 2100) store.slice(s1, t, 1000, "K1");
    struct Host {
        TimeNs ts, dur;
        std::string name;
    };
    std::vector<Host> hosts;
    // On main: a long slice holding nested ones of every size; one ends exactly where a gap starts
    // (1000) and one starts exactly where it ends (1700): neither overlaps that gap.
    hosts.push_back({0, 19000, "outer"});
    hosts.push_back({400, 600, "ends-at-gap"});
    hosts.push_back({1700, 200, "starts-at-gap-end"});
    for (int i = 0; i < 40; ++i) hosts.push_back({2000 + i * 420, 150 + (i * 37) % 260, "m" + std::to_string(i)});
    for (const Host& h : hosts) store.slice(main, h.ts, h.dur, h.name);
    // On worker: wide slices crossing several gaps of both streams.
    for (int i = 0; i < 6; ++i) {
        Host h{static_cast<TimeNs>(i * 3100 + 50), static_cast<TimeNs>(2600 + i * 90), "w" + std::to_string(i)};
        hosts.push_back(h);
        store.slice(worker, h.ts, h.dur, h.name);
    }
    store.finish();
    BubbleOptions options;
    options.largestFromDevices = false;
    options.largestCount = 1000;     // every track bubble
    options.hostWorkPerBubble = 1000; // every overlapping slice
    BubbleReport r = bubblesOf(store.db(), options);
    REQUIRE(r.largest.size() == r.trackBubbles.size());
    REQUIRE(r.largest.size() > 15);
    bool sawEdges = false;
    for (const BubbleDetail& d : r.largest) {
        const TimeNs a = d.bubble.startNs, b = d.bubble.endNs();
        std::vector<std::pair<std::string, TimeNs>> expected, listed;
        for (const Host& h : hosts)
            if (h.ts < b && h.ts + h.dur > a) expected.push_back({h.name, std::min(b, h.ts + h.dur) - std::max(a, h.ts)});
        for (const HostWorkOverlap& o : d.hostWork) listed.push_back({o.name, o.overlapNs});
        std::sort(expected.begin(), expected.end());
        std::sort(listed.begin(), listed.end());
        CHECK(listed == expected);
        if (a == 1000 && b == 1700) {
            sawEdges = true;
            CHECK(std::none_of(listed.begin(), listed.end(), [](const auto& o) { return o.first == "ends-at-gap" || o.first == "starts-at-gap-end"; }));
        }
    }
    CHECK(sawEdges);
}
