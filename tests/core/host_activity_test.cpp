// The host work a device gap is set against: per class and for host busy, the covered time of any
// window equals a brute force over every host slice, nested calls and overlapping threads included.
#include "analysis_fixture.h"

#include "core/analysis/bubbles/host_work.h"

#include <catch2/catch.hpp>

#include <random>
#include <vector>

using namespace opscope;
using opscope::test::AnalysisStore;

namespace {

struct Placed {
    TimeNs startNs, endNs;
    HostWorkClass workClass;
    TrackId track;
};

// The covered length of [a, b) by the intervals of one class (or of launch and host compute), by
// marking every nanosecond: the windows below are short.
TimeNs bruteCovered(const std::vector<Placed>& slices, TimeNs a, TimeNs b, bool (*wanted)(HostWorkClass)) {
    TimeNs covered = 0;
    for (TimeNs t = a; t < b; ++t) {
        bool in = false;
        for (const Placed& s : slices) in = in || (wanted(s.workClass) && s.startNs <= t && t < s.endNs);
        covered += in ? 1 : 0;
    }
    return covered;
}

} // namespace

TEST_CASE("host activity: coverage per class and host busy equal a brute force, nesting included", "[bubbles]") {
    AnalysisStore store;
    const TrackId device = store.computeTrack(0, "Stream 2");
    store.slice(device, 0, 10, "kernel");
    const TrackId threads[] = {store.hostTrack("python", "main"), store.hostTrack("python", "worker")};
    // Each thread: calls with nested children (a launch inside an operator inside another), and a
    // synchronize now and then; the two threads overlap in time.
    const char* names[] = {"aten::linear", "aclnnMatmul", "cudaLaunchKernel", "aten::add"};
    const char* cats[] = {"cpu_op", "cpu_op", "cuda_runtime", "cpu_op"};
    std::mt19937_64 rng(3);
    std::vector<Placed> placed;
    const HostWorkPatterns patterns;
    for (TrackId track : threads) {
        TimeNs ts = 0;
        for (int i = 0; i < 60; ++i) {
            ts += static_cast<TimeNs>(rng() % 20);
            const TimeNs outer = 5 + static_cast<TimeNs>(rng() % 30);
            const bool sync = rng() % 6 == 0;
            store.slice(track, ts, outer, sync ? "cudaStreamSynchronize" : names[0], sync ? "cuda_runtime" : cats[0]);
            placed.push_back({ts, ts + outer, classifyHostWork(patterns, sync ? "cudaStreamSynchronize" : names[0],
                                                               sync ? "cuda_runtime" : cats[0], "python", ""),
                              track});
            for (int depth = 1; depth < 4 && !sync; ++depth) { // each inside the one before
                const TimeNs start = ts + depth, dur = std::max<TimeNs>(1, outer - 2 * depth);
                store.slice(track, start, dur, names[depth], cats[depth]);
                placed.push_back({start, start + dur, classifyHostWork(patterns, names[depth], cats[depth], "python", ""), track});
            }
            ts += outer;
        }
    }
    Database& db = store.finish();
    StoreSnapshot snapshot;
    Error error;
    TrackSelection all;
    all.scope = TrackScope::All;
    REQUIRE(loadSnapshot(db, all, &snapshot, &error));
    HostActivity host;
    host.build(snapshot, snapshot.catalog.computeTracks(), patterns);
    REQUIRE_FALSE(host.empty());
    // Each slice read back from the snapshot, by track and by start, with its class.
    REQUIRE(host.sliceCount() == placed.size());
    for (std::size_t i = 0; i < placed.size(); ++i) {
        const HostSliceRef s = host.slice(i);
        INFO("slice " << i);
        CHECK(s.tsNs == placed[i].startNs);
        CHECK(s.endNs == placed[i].endNs);
        CHECK(s.workClass == placed[i].workClass);
        CHECK(s.trackId == placed[i].track);
        CHECK(std::string(snapshot.strings.at(s.nameId)).size() > 0);
    }
    TimeNs end = 0;
    for (const Placed& p : placed) end = std::max(end, p.endNs);
    static HostWorkClass current;
    for (std::size_t c = 0; c < kHostWorkClassCount; ++c) {
        current = static_cast<HostWorkClass>(c);
        for (TimeNs a = 0; a < end; a += 37) {
            INFO("class " << c << " window " << a);
            CHECK(host.coveredNs(current, a, a + 50) ==
                  bruteCovered(placed, a, a + 50, [](HostWorkClass k) { return k == current; }));
        }
    }
    for (TimeNs a = 0; a < end; a += 37) {
        INFO("busy window " << a);
        CHECK(host.hostBusyNs(a, a + 50) == bruteCovered(placed, a, a + 50, [](HostWorkClass k) {
                  return k == HostWorkClass::Launch || k == HostWorkClass::HostCompute;
              }));
    }
    // Nested calls of one class add no time: the launch class is the union of the launches alone.
    CHECK(host.coveredNs(HostWorkClass::Launch, 0, end) > 0);
    CHECK(host.coveredNs(HostWorkClass::Sync, 0, end) > 0);
}
