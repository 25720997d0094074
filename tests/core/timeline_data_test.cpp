#include "core/model/slice_flags.h"
#include "core/store/slice_details.h"
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

TEST_CASE("timeline data loads tracks in display order with grouping info", "[timeline_data]") {
    FixtureStore store("timeline-data-tracks");
    SmallTimeline fx(store);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    CHECK(data->traceRange().startNs == SmallTimeline::kStartNs);
    CHECK(data->traceRange().endNs == SmallTimeline::kEndNs);
    REQUIRE(data->tracks().size() == 5);
    // host process (sort 0) first: its async lane, then threads by tid; then the GPU process.
    CHECK(data->tracks()[0].id == fx.emptyTrack);
    CHECK(data->tracks()[1].id == fx.mainTrack);
    CHECK(data->tracks()[2].id == fx.workerTrack);
    CHECK(data->tracks()[3].id == fx.streamTrack);
    CHECK(data->tracks()[4].id == fx.counterTrack);
    const TimelineTrack& main = data->tracks()[1];
    CHECK(data->processes()[main.processIndex].name == "python train.py");
    CHECK(main.tid == "100");
    CHECK(main.threadName == "MainThread");
    CHECK(main.depthCount == 3);
    CHECK(main.sliceCount == 6);
    CHECK(data->tracks()[0].empty());
    CHECK(data->tracks()[4].kind == TrackKind::Counter);
    CHECK(data->tracks()[4].unit == "MB");
}

TEST_CASE("timeline slices are grouped by depth and sorted by start", "[timeline_data]") {
    FixtureStore store("timeline-data-slices");
    SmallTimeline fx(store);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    const TimelineTrack& main = data->tracks()[static_cast<std::size_t>(data->trackIndexOf(fx.mainTrack))];
    auto depth1 = data->depthSlices(main, 1);
    REQUIRE(depth1.size() == 3);
    CHECK(depth1[0].id == fx.forward);
    CHECK(depth1[1].id == fx.backward);
    CHECK(depth1[2].id == fx.launch);
    CHECK(data->string(depth1[0].nameId) == "aten::forward");
    CHECK(data->string(data->categoryOfName(depth1[0].nameId)) == "cpu_op");
    CHECK(main.depths[1].endsSorted);
    auto depth2 = data->depthSlices(main, 2);
    REQUIRE(depth2.size() == 2);
    CHECK(depth2[0].tsNs == 1'006'000);
    CHECK(depth2[0].durNs == 20'000);
    CHECK(data->depthSlices(main, 3).empty());

    int trackIndex = -1;
    const TimelineSlice* relu = data->findSlice(fx.relu, &trackIndex);
    REQUIRE(relu);
    CHECK(relu->depth == 2);
    CHECK(trackIndex == data->trackIndexOf(fx.mainTrack));
    CHECK(data->findSlice(999999) == nullptr);
}

TEST_CASE("first visible slice is found by binary search on the end", "[timeline_data]") {
    FixtureStore store("timeline-data-visible");
    SmallTimeline fx(store);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    const TimelineTrack& main = data->tracks()[static_cast<std::size_t>(data->trackIndexOf(fx.mainTrack))];
    auto run = data->depthSlices(main, 1);
    CHECK(firstVisibleSlice(run, main.depths[1], 0) == 0);
    CHECK(firstVisibleSlice(run, main.depths[1], 1'044'999) == 0); // forward ends at 1'045'000
    CHECK(firstVisibleSlice(run, main.depths[1], 1'045'001) == 1);
    CHECK(firstVisibleSlice(run, main.depths[1], 1'090'000) == 3);

    // Ends out of order (a long slice, then a short one inside it at the same depth).
    std::vector<TimelineSlice> odd = {{0, 100, 1, 0, 0, 0}, {10, 5, 2, 0, 0, 0}, {200, 5, 3, 0, 0, 0}};
    DepthRun info{0, 3, false, 100};
    CHECK(firstVisibleSlice(odd, info, 50) == 0);
    CHECK(firstVisibleSlice(odd, info, 150) <= 2);
}

TEST_CASE("timeline data loads counters and flows with both ends placed", "[timeline_data]") {
    FixtureStore store("timeline-data-flows");
    SmallTimeline fx(store);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    const TimelineTrack& counter = data->tracks()[static_cast<std::size_t>(data->trackIndexOf(fx.counterTrack))];
    CHECK(counter.counterEnd - counter.counterBegin == 10);
    CHECK(counter.counterMin == 100.0);
    CHECK(counter.counterMax == 130.0);
    REQUIRE(data->flows().size() == 2);
    const TimelineFlowEnd out = data->flowOut(data->flows()[0]), in = data->flowIn(data->flows()[0]);
    CHECK(out.sliceId == fx.matmul);
    CHECK(in.sliceId == fx.kernelMatmul);
    CHECK(static_cast<int>(out.trackIndex) == data->trackIndexOf(fx.mainTrack));
    CHECK(static_cast<int>(in.trackIndex) == data->trackIndexOf(fx.streamTrack));
    CHECK(out.depth == 2);
    CHECK(out.timeNs == 1'026'000); // the arrow leaves at the out slice's end
    CHECK(in.timeNs == 1'020'000);  // and arrives at the in slice's start
}

TEST_CASE("timeline data stays under 40 bytes per slice", "[timeline_data]") {
    FixtureStore store("timeline-data-memory");
    std::int64_t p = store.process("1", "p");
    std::int64_t t = store.track(p, 0, "async", "lane");
    for (int i = 0; i < 20000; ++i) store.slice(t, i * 10, 5, 0, "s" + std::to_string(i % 50));
    store.finish(0, 200000);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    CHECK(data->slices().size() == 20000);
    CHECK(data->memoryBytes() < 40 * 20000);
}

TEST_CASE("a store that is not one gives an error value", "[timeline_data]") {
    Error error;
    auto data = TimelineData::load("/nonexistent/dir/x.sqlite", &error);
    CHECK_FALSE(data);
    CHECK(error.code == ErrorCode::BadDatabase);
}

TEST_CASE("slice details carry fields, args, flows and metric groups", "[slice_details]") {
    FixtureStore store("slice-details");
    SmallTimeline fx(store);
    SliceDetails d;
    Error error;
    REQUIRE(loadSliceDetails(store.db(), fx.forward, &d, &error));
    CHECK(d.name == "aten::forward");
    CHECK(d.category == "cpu_op");
    CHECK(d.trackName == "MainThread");
    CHECK(d.processName == "python train.py");
    CHECK(d.tsNs == 1'005'000);
    CHECK(d.durNs == 40'000);
    CHECK(d.selfNs == 10'000);
    CHECK(d.depth == 1);
    REQUIRE(d.parentId);
    CHECK(*d.parentId == fx.step);
    // {"Input Dims":[[8,16],[16,4]],"seq":7,"nested":{"a":"x"}} in key order of nlohmann (sorted)
    REQUIRE(d.args.size() >= 4);
    auto row = [&](const std::string& key) {
        for (const SliceArgRow& r : d.args) if (r.key == key) return r;
        return SliceArgRow{};
    };
    CHECK(row("seq").value == "7");
    CHECK(row("Input Dims").isContainer);
    CHECK(row("a").value == "x");
    CHECK(row("a").level == 1);

    REQUIRE(loadSliceDetails(store.db(), fx.kernelMatmul, &d, &error));
    REQUIRE(d.flows.size() == 1);
    CHECK_FALSE(d.flows[0].outgoing);
    CHECK(d.flows[0].otherSliceId == fx.matmul);
    CHECK(d.flows[0].otherName == "aten::matmul");
    CHECK(d.flows[0].otherTrackName == "MainThread");
    REQUIRE(d.metricGroups.size() == 2);
    CHECK(d.metricGroups[0].name == "PMU");
    REQUIRE(d.metricGroups[0].rows.size() == 2);
    CHECK(d.metricGroups[0].rows[0].name == "aic_mac_ratio");
    CHECK(d.metricGroups[0].rows[0].unit == "%");
    CHECK(*d.metricGroups[0].rows[0].num == 87.5);
    CHECK(d.metricGroups[1].name == "Memory");

    CHECK_FALSE(loadSliceDetails(store.db(), 424242, &d, &error));
    CHECK(error.code == ErrorCode::None);
}

TEST_CASE("args that are not JSON become a single row", "[slice_details]") {
    auto rows = parseArgRows("not json {");
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].key == "args");
    CHECK(rows[0].value == "not json {");
    CHECK(parseArgRows("").empty());
}

// Stores whose slice ids have wide gaps (not written by our importer) still place both flow ends:
// the loader then maps ids through sorted pairs instead of a direct table.
TEST_CASE("flows between slices with sparse ids find both ends", "[timeline_data]") {
    FixtureStore store("timeline-data-sparse-flow");
    const std::int64_t p = store.process("1", "host");
    const std::int64_t host = store.track(p, 0, "async", "host");
    const std::int64_t device = store.track(p, 0, "async", "device");
    const std::int64_t out = store.slice(host, 1'000, 500, 0, "launch");
    const std::int64_t in = store.slice(device, 2'000, 300, 0, "kernel");
    const std::int64_t farId = 50'000'000;
    store.db().exec("UPDATE slice SET id = " + std::to_string(farId) + " WHERE id = " + std::to_string(in));
    store.flow(out, farId);
    store.finish(1'000, 2'300);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    REQUIRE(data->flows().size() == 1);
    const TimelineFlowEnd a = data->flowOut(data->flows()[0]), b = data->flowIn(data->flows()[0]);
    CHECK(a.sliceId == out);
    CHECK(b.sliceId == farId);
    CHECK(static_cast<int>(a.trackIndex) == data->trackIndexOf(host));
    CHECK(static_cast<int>(b.trackIndex) == data->trackIndexOf(device));
    CHECK(a.timeNs == 1'500);
    CHECK(b.timeNs == 2'000);
}

TEST_CASE("counters load in time order per track whatever the table's order; ties keep the table's order",
          "[timeline_data]") {
    FixtureStore store("timeline-data-counter-order");
    const std::int64_t p = store.process("1", "p");
    const std::int64_t a = store.track(p, 0, "counter", "a"), b = store.track(p, 0, "counter", "b");
    // Interleaved tracks, times backwards, and two samples of b at one time (5, then 7).
    store.counter(b, 300, 1);
    store.counter(a, 20, 2);
    store.counter(b, 100, 5);
    store.counter(a, 10, 3);
    store.counter(b, 100, 7);
    store.counter(b, 50, 4);
    store.finish(0, 1000);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    auto samples = [&](std::int64_t id) {
        const TimelineTrack& t = data->tracks()[static_cast<std::size_t>(data->trackIndexOf(id))];
        std::vector<std::pair<std::int64_t, double>> out;
        for (std::uint32_t i = t.counterBegin; i < t.counterEnd; ++i) out.emplace_back(data->counterTs()[i], data->counterValues()[i]);
        return out;
    };
    CHECK(samples(a) == std::vector<std::pair<std::int64_t, double>>{{10, 3}, {20, 2}});
    CHECK(samples(b) == std::vector<std::pair<std::int64_t, double>>{{50, 4}, {100, 5}, {100, 7}, {300, 1}});
}

TEST_CASE("device waits are flagged by slice id, with ids close together and far apart", "[timeline_data]") {
    FixtureStore store("timeline-data-waits");
    const std::int64_t p = store.process("1", "npu");
    const std::int64_t device = [&] {
        store.db().exec("INSERT INTO device(name, kind) VALUES('NPU 0', 'npu')");
        return store.db().lastInsertRowId();
    }();
    const std::int64_t t = store.track(p, 0, "async", "stream");
    std::vector<std::int64_t> ids;
    for (int i = 0; i < 6; ++i) ids.push_back(store.slice(t, i * 100, 50, 0, "task"));
    // One slice far away in id: its wait makes the span of wait ids too wide for one bit per id.
    const bool far = GENERATE(false, true);
    if (far) {
        store.db().exec("INSERT INTO slice(id, track_id, ts, dur, depth, self_dur, name_id, flags) "
                        "VALUES(5000000000, " + std::to_string(t) + ", 900, 50, 0, 50, 1, 0)");
        ids.push_back(5'000'000'000);
    }
    auto wait = [&](std::int64_t id) {
        store.db().exec("INSERT INTO device_slice_class(slice_id, device_id, class, rule) VALUES(" + std::to_string(id) +
                        ", " + std::to_string(device) + ", 'wait', 'test')");
    };
    wait(ids[1]);
    wait(ids[4]);
    if (far) wait(ids.back());
    store.db().exec("INSERT INTO device_slice_class(slice_id, device_id, class, rule) VALUES(" + std::to_string(ids[2]) +
                    ", " + std::to_string(device) + ", 'compute', 'test')"); // classified, not a wait
    store.finish(0, 1000);
    // Read through the partial index device_slice_class_wait, or by a scan in a store written before it.
    const bool indexed = GENERATE(true, false);
    const char* kWaits = "SELECT slice_id FROM device_slice_class WHERE class = 'wait' ORDER BY slice_id";
    if (indexed) {
        Statement plan = store.db().prepare(std::string("EXPLAIN QUERY PLAN ") + kWaits);
        std::string steps;
        while (plan.step()) steps += plan.text(3) + "\n";
        CHECK(steps.find("device_slice_class_wait") != std::string::npos);
    } else {
        store.db().exec("DROP INDEX device_slice_class_wait");
    }
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    std::vector<std::int64_t> flagged;
    for (const TimelineSlice& s : data->slices())
        if (s.flags & kTimelineSliceDeviceWait) flagged.push_back(s.id);
    std::sort(flagged.begin(), flagged.end());
    std::vector<std::int64_t> expected{ids[1], ids[4]};
    if (far) expected.push_back(ids.back());
    CHECK(flagged == expected);
}
