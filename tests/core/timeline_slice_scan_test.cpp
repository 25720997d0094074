// The slice scan: two connections over halves of the id range give exactly what one gives, with gaps
// in the ids, a track across the split, rows on unknown tracks, and per-slice categories.
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "core/store/timeline_slice_scan.h"
#include "tests/timeline_fixture.h"

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;

namespace {

bool sameSlice(const TimelineSlice& a, const TimelineSlice& b) {
    return a.tsNs == b.tsNs && a.durNs == b.durNs && a.id == b.id && a.nameId == b.nameId && a.depth == b.depth &&
           a.flags == b.flags;
}

} // namespace

TEST_CASE("a slice scan split over two connections equals one over a single connection", "[slice_scan]") {
    FixtureStore store("slice-scan-split");
    const std::int64_t p = store.process("1", "p");
    const std::int64_t a = store.track(p, 0, "async", "a"), b = store.track(p, 0, "async", "b");
    const std::int64_t ghost = 999; // a track id with no track row: its slices are skipped
    for (int i = 0; i < 300; ++i) store.slice(a, i * 100, 50, i % 2, "x", i % 3 ? "c1" : "c2");
    for (int i = 0; i < 500; ++i) store.slice(b, i * 100, 50, 0, "y", "c1"); // spans the middle id
    for (int i = 0; i < 20; ++i) store.slice(ghost, i * 100, 50, 0, "z");
    store.db().exec("DELETE FROM slice WHERE id % 7 = 0"); // gaps in the ids
    store.finish(0, 100'000);
    const std::unordered_map<std::int64_t, std::uint32_t> trackIndex{{a, 0}, {b, 1}};

    Database db(store.path(), Database::Mode::ReadOnly);
    const SliceScan single = scanSlices(db, trackIndex, 2, true, std::numeric_limits<std::int64_t>::max());
    const SliceScan split = scanSlices(db, trackIndex, 2, true, 1);
    const std::int64_t expected = store.db().scalarInt("SELECT count(*) FROM slice WHERE track_id IN (1, 2)");
    REQUIRE(static_cast<std::int64_t>(single.slices.size()) == expected);
    REQUIRE(split.slices.size() == single.slices.size());
    for (std::size_t i = 0; i < single.slices.size(); ++i) {
        CHECK(sameSlice(split.slices[i], single.slices[i]));
        CHECK(split.categories[i] == single.categories[i]);
    }
    CHECK(split.contiguous);
    CHECK(single.contiguous);
    CHECK(split.trackRanges == single.trackRanges);
    CHECK(single.trackRanges[1].second == single.slices.size());
}

TEST_CASE("a track whose ids are not one run is reported, and read by the index instead", "[slice_scan]") {
    FixtureStore store("slice-scan-interleaved");
    const std::int64_t p = store.process("1", "p");
    const std::int64_t a = store.track(p, 0, "async", "a"), b = store.track(p, 0, "async", "b");
    store.slice(a, 0, 10, 0, "x");
    store.slice(b, 0, 10, 0, "y");
    store.slice(a, 20, 10, 0, "x"); // a again after b: ids not in (track, ts) order
    store.finish(0, 100);
    const std::unordered_map<std::int64_t, std::uint32_t> trackIndex{{a, 0}, {b, 1}};
    Database db(store.path(), Database::Mode::ReadOnly);
    CHECK_FALSE(scanSlices(db, trackIndex, 2, true).contiguous);
    const SliceScan byTrack = scanSlices(db, trackIndex, 2, false);
    CHECK(byTrack.contiguous);
    CHECK(byTrack.trackRanges[0] == std::make_pair(0u, 2u));
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    CHECK(data->tracks()[0].sliceCount == 2);
}

TEST_CASE("each slice keeps its own category when a name has several", "[slice_scan][timeline_data]") {
    FixtureStore store("slice-scan-categories");
    const std::int64_t p = store.process("1", "p");
    const std::int64_t t = store.track(p, 0, "async", "lane");
    const std::int64_t first = store.slice(t, 0, 10, 0, "op", "");           // no category
    const std::int64_t second = store.slice(t, 20, 10, 0, "op", "kernel");
    const std::int64_t third = store.slice(t, 40, 10, 0, "op", "memcpy");
    const std::int64_t other = store.slice(t, 60, 10, 0, "single", "cpu_op");
    store.finish(0, 100);
    Error error;
    auto data = TimelineData::load(store.path(), &error);
    REQUIRE(data);
    auto categoryOf = [&](std::int64_t id) {
        const TimelineSlice* s = data->findSlice(id);
        REQUIRE(s);
        return std::string(data->string(data->sliceCategory(static_cast<std::size_t>(s - data->slices().data()))));
    };
    CHECK(categoryOf(first).empty());
    CHECK(categoryOf(second) == "kernel");
    CHECK(categoryOf(third) == "memcpy");
    CHECK(categoryOf(other) == "cpu_op");
    CHECK(data->string(data->categoryOfName(data->findSlice(third)->nameId)) == "kernel"); // first one seen
}
