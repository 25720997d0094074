#include "core/store/slice_details.h"
#include "core/store/timeline_data.h"
#include "tests/timeline_fixture.h"

#include <catch2/catch.hpp>

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
