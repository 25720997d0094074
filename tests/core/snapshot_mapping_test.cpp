// A large snapshot's slices in a mapped scratch file (SliceLoadFilter::mapFromBytes): mapped from its
// threshold on and not one byte below it, with the same slices either way, whether the rows come
// grouped by track or not and on one connection or several; a folder that refuses the file leaves
// them in memory with the reason; the folder keeps nothing.
#include "core/analysis/snapshot/store_access.h"
#include "core/store/sqlite_db.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <tuple>

using namespace opscope;
using namespace opscope::test;

namespace {

// Two threads; on the first every third slice overlaps the next, which moves to an overflow lane (folded
// into its thread's logical track).
std::string importOverlapping(const TempDir& dir) {
    std::string t = "[";
    for (int i = 0; i < 60; ++i) {
        const int ts = i * 100;
        t += R"({"ph":"X","name":"a)" + std::to_string(i % 7) + R"(","pid":1,"tid":1,"ts":)" + std::to_string(ts) +
             R"(,"dur":)" + std::to_string(i % 3 == 0 ? 150 : 60) + "},";
        t += R"({"ph":"X","name":"b","pid":1,"tid":2,"ts":)" + std::to_string(ts + 5) + R"(,"dur":30},)";
    }
    t.back() = ']';
    auto r = importChromeText(dir, t, "overlap.json");
    REQUIRE(r.ok);
    return r.storePath;
}

struct Load {
    SliceSet set;
    std::string refusal;
    std::size_t parts = 0;
};

std::int64_t wantedSlices(const TrackCatalog& catalog) {
    std::int64_t n = 0;
    for (const TrackRecord& t : catalog.tracks()) n += t.sliceCount;
    return n;
}

Load load(const std::string& store, std::size_t mapFromBytes, std::vector<std::string> directories,
          std::int64_t parallelScanMinSlices = std::int64_t{1} << 40, std::int64_t* wanted = nullptr,
          bool reversed = true) {
    // Reversed, the tracks are asked for last first: the rows, read in id order, are then not grouped
    // by track and are placed into a second array; else they are kept where they were read.
    Database db(store, Database::Mode::ReadOnly);
    TrackCatalog catalog;
    Error error;
    REQUIRE(TrackCatalog::load(db, &catalog, &error));
    if (wanted) *wanted = wantedSlices(catalog);
    TrackSelection all;
    all.scope = TrackScope::All;
    Load out;
    SliceLoadFilter filter;
    filter.mapFromBytes = mapFromBytes;
    filter.scratchDirectories = std::move(directories);
    filter.mappingRefusal = &out.refusal;
    filter.parallelScanMinSlices = parallelScanMinSlices;
    filter.scanParts = &out.parts;
    std::vector<std::int64_t> ids = selectTracks(catalog, all).logicalIds;
    if (reversed) std::reverse(ids.begin(), ids.end());
    REQUIRE(loadSlices(db, catalog, ids, &out.set, &error, filter));
    return out;
}

auto fields(const SliceRecord& s) {
    return std::make_tuple(s.id, s.tsNs, s.durNs, s.selfNs, s.argId, s.nameId, s.catId, s.typeId, s.trackIndex, s.depth,
                           s.flags);
}

void requireSame(const SliceSet& a, const SliceSet& b) {
    REQUIRE(a.trackIds == b.trackIds);
    REQUIRE(a.trackBegin == b.trackBegin);
    REQUIRE(a.byId == b.byId);
    REQUIRE(a.slices.size() == b.slices.size());
    for (std::size_t i = 0; i < a.slices.size(); ++i) REQUIRE(fields(a.slices[i]) == fields(b.slices[i]));
}

bool folderEmpty(const TempDir& dir) { return std::filesystem::is_empty(dir.path()); }

} // namespace

TEST_CASE("snapshot slices are mapped from the threshold on, the same slices as in memory", "[snapshot][mapped]") {
    TempDir dir, scratch;
    const std::string store = importOverlapping(dir);
    const bool reversed = GENERATE(false, true);
    const std::string folder = scratch.path().string();
    const std::int64_t single = std::int64_t{1} << 40;
    std::int64_t wanted = 0;
    const Load memory = load(store, 0, {folder}, single, &wanted, reversed); // 0: never mapped
    REQUIRE(wanted == 120);
    CHECK_FALSE(memory.set.slices.mapped());
    CHECK(memory.set.trackCount() == 2);
    CHECK(memory.set.byId.empty() == !reversed); // reversed, the second thread's slices come first

    const std::size_t bytes = static_cast<std::size_t>(wanted) * sizeof(SliceRecord);
    const Load below = load(store, bytes + 1, {folder}, single, nullptr, reversed);
    CHECK_FALSE(below.set.slices.mapped());
    requireSame(below.set, memory.set);

    const Load at = load(store, bytes, {folder}, single, nullptr, reversed);
    CHECK(at.set.slices.mapped());
    CHECK(at.refusal.empty());
    requireSame(at.set, memory.set);
    CHECK(folderEmpty(scratch)); // the files have no name
}

TEST_CASE("snapshot slices read on several connections at once are mapped the same", "[snapshot][mapped]") {
    TempDir dir, scratch;
    const std::string store = importOverlapping(dir);
    const Load memory = load(store, 0, {}, 1);
    const Load mapped = load(store, 1, {scratch.path().string()}, 1);
    CHECK(mapped.set.slices.mapped());
    CHECK(mapped.parts == memory.parts);
    requireSame(mapped.set, memory.set);
}

TEST_CASE("a folder that refuses the snapshot's scratch file leaves the slices in memory, with the reason", "[snapshot][mapped]") {
    TempDir dir;
    const std::string store = importOverlapping(dir);
    const Load memory = load(store, 0, {});
    const Load refused = load(store, 1, {(dir.path() / "no such folder").string()});
    CHECK_FALSE(refused.set.slices.mapped());
    CHECK_FALSE(refused.refusal.empty());
    requireSame(refused.set, memory.set);
}
