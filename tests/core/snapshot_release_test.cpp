// The analyses that walk every slice of a snapshot hand a mapped snapshot's pages back behind them
// (PageReleasingWalk): after each one the process holds at most a window of the file, where before it
// held the whole of it (a 10 GB trace's 2 GB of slices stayed resident through diagnose).
#include "core/analysis/breakdown/device_busy.h"
#include "core/analysis/bubbles/host_work.h"
#include "core/analysis/operators/operator_grouping.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/analysis/snapshot/store_access.h"
#include "core/model/spillable_array.h"
#include "core/store/sqlite_db.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <string>

using namespace opscope;
using namespace opscope::test;

namespace {

constexpr int kSlices = 150000; // 9.6 MB of records: several 2 MiB windows

std::string importManySlices(const TempDir& dir) {
    std::string t;
    t.reserve(static_cast<std::size_t>(kSlices) * 80);
    t += "[";
    for (int i = 0; i < kSlices; ++i) {
        t += R"({"ph":"X","name":"op)" + std::to_string(i % 11) + R"(","pid":1,"tid":)" + std::to_string(1 + i % 2) +
             R"(,"ts":)" + std::to_string(i * 10) + R"(,"dur":5},)";
    }
    t.back() = ']';
    auto r = importChromeText(dir, t, "many.json");
    REQUIRE(r.ok);
    return r.storePath;
}

} // namespace

TEST_CASE("analyses over a mapped snapshot hold at most a window of it when they finish", "[snapshot][mapped]") {
    TempDir dir, scratch;
    const std::string store = importManySlices(dir);
    Database db(store, Database::Mode::ReadOnly);
    StoreSnapshot snap;
    Error error;
    REQUIRE(TrackCatalog::load(db, &snap.catalog, &error));
    REQUIRE(StringTable::load(db, &snap.strings, &error));
    TrackSelection all;
    all.scope = TrackScope::All;
    const std::vector<std::int64_t> ids = selectTracks(snap.catalog, all).logicalIds;
    SliceLoadFilter filter;
    filter.mapFromBytes = 1;
    filter.scratchDirectories = {scratch.path().string()};
    REQUIRE(loadSlices(db, snap.catalog, ids, &snap.slices, &error, filter));
    REQUIRE(snap.slices.slices.mapped());
    REQUIRE(snap.slices.slices.size() == static_cast<std::size_t>(kSlices));
    const std::size_t window = PageReleasingWalk<SliceRecord>::kWindowBytes;
    const std::size_t whole = snap.slices.slices.mappedBytes();
    REQUIRE(whole > 4 * window);
    CHECK(snap.slices.slices.residentMappedBytes() <= window);

    HostActivity host; // no compute track: every slice is host work
    host.build(snap, {}, HostWorkPatterns{});
    CHECK(host.sliceCount() == static_cast<std::size_t>(kSlices));
    CHECK(snap.slices.slices.residentMappedBytes() <= window);

    std::size_t visited = 0;
    host.forEachSlice([&](const HostSliceRef&) { ++visited; });
    CHECK(visited == static_cast<std::size_t>(kSlices));
    CHECK(snap.slices.slices.residentMappedBytes() <= window);

    OperatorGrouping groups;
    REQUIRE(groupOperators(db, snap, GroupingOptions{}, &groups, &error));
    CHECK(groups.labels.size() == 11);
    CHECK(snap.slices.slices.residentMappedBytes() <= window);

    const std::vector<TimeNs> busy = busyTimePerTrack(snap.slices, std::nullopt);
    REQUIRE(busy.size() == 2);
    CHECK(busy[0] + busy[1] == TimeNs{kSlices} * 5000);
    CHECK(snap.slices.slices.residentMappedBytes() <= window);

    CHECK(selectBusyTracks(snap, all).logicalIds == ids);
    CHECK(snap.slices.slices.residentMappedBytes() <= window);

    // A plain loop over every record, as the analyses had, holds the whole file: what the walks prevent.
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < snap.slices.slices.size(); ++i) sum += snap.slices.slices[i].durNs;
    CHECK(sum == std::int64_t{kSlices} * 5000);
    CHECK(snap.slices.slices.residentMappedBytes() > whole / 2);
}
