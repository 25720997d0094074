// The timeline pack: a store's slice layout written once and read back instead of scanning the slice
// table. Read back, it is the layout the scan builds, to the byte; a pack that does not match its store,
// or whose positions fall outside its arrays, is refused and the store is scanned instead.
#include "core/session/open_trace.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "core/store/timeline_flows.h"
#include "core/store/timeline_lod.h"
#include "core/store/timeline_pack.h"
#include "tests/timeline_fixture.h"
#include "tests/timeline_load.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>

#include <unistd.h>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::loadTimeline;
using opscope::testing::SmallTimeline;

namespace {

bool sameSlice(const TimelineSlice& a, const TimelineSlice& b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Everything the slice layout gives the timeline, compared field by field.
void requireSameLayout(const TimelineData& a, const TimelineData& b) {
    REQUIRE(a.slices().size() == b.slices().size());
    for (std::size_t i = 0; i < a.slices().size(); ++i) {
        INFO("slice " << i);
        REQUIRE(sameSlice(a.slices()[i], b.slices()[i]));
        REQUIRE(a.sliceCategory(i) == b.sliceCategory(i));
    }
    REQUIRE(a.stringCount() == b.stringCount());
    for (std::uint32_t name = 0; name <= a.stringCount(); ++name) REQUIRE(a.categoryOfName(name) == b.categoryOfName(name));
    REQUIRE(a.tracks().size() == b.tracks().size());
    for (std::size_t t = 0; t < a.tracks().size(); ++t) {
        const TimelineTrack &ta = a.tracks()[t], &tb = b.tracks()[t];
        INFO("track " << ta.id);
        REQUIRE(ta.id == tb.id);
        REQUIRE(ta.sliceCount == tb.sliceCount);
        REQUIRE(ta.depthCount == tb.depthCount);
        REQUIRE(ta.depths.size() == tb.depths.size());
        for (std::size_t d = 0; d < ta.depths.size(); ++d) {
            const DepthRun &ra = ta.depths[d], &rb = tb.depths[d];
            REQUIRE(ra.begin == rb.begin);
            REQUIRE(ra.end == rb.end);
            REQUIRE(ra.endsSorted == rb.endsSorted);
            REQUIRE(ra.maxDurNs == rb.maxDurNs);
            REQUIRE(ra.lodCount == rb.lodCount);
            for (std::size_t k = 0; k < ra.lodCount; ++k) {
                const LodLevel &la = a.lodLevels(ra)[k], &lb = b.lodLevels(rb)[k];
                REQUIRE(la.log2Ns == lb.log2Ns);
                REQUIRE(la.itemCount == lb.itemCount);
                const auto sa = a.lodStarts(la), sb = b.lodStarts(lb);
                REQUIRE(std::equal(sa.begin(), sa.end(), sb.begin(), sb.end()));
            }
        }
    }
    REQUIRE(a.flows().size() == b.flows().size());
    for (std::size_t i = 0; i < a.flows().size(); ++i) {
        REQUIRE(a.flows()[i].outSlice == b.flows()[i].outSlice);
        REQUIRE(a.flows()[i].inSlice == b.flows()[i].inSlice);
    }
    REQUIRE(a.memoryBytes() == b.memoryBytes());
}

// Long busy runs (summaries are built from kLodMinRunSlices on), nesting, names with several
// categories, a slice on a track that does not exist, and gaps in the ids.
void writeBusyStore(FixtureStore& store, bool oneCategoryPerName) {
    const std::int64_t p = store.process("1", "p");
    const std::int64_t th = store.thread(p, "1", "main");
    const std::int64_t a = store.track(p, th, "thread", "main"), b = store.track(p, 0, "async", "lane");
    std::mt19937_64 rng(11);
    std::int64_t ts = 1'000;
    for (int i = 0; i < 400; ++i) {
        const std::int64_t dur = 100 + static_cast<std::int64_t>(rng() % 5'000);
        const std::string name = "op" + std::to_string(i % 7);
        const std::string cat = oneCategoryPerName ? "c" + std::to_string(i % 7) : "c" + std::to_string(i % 3);
        store.slice(a, ts, dur, 0, name, cat);
        if (i % 3 == 0) store.slice(a, ts + 10, dur / 2, 1, "child", cat);
        ts += dur + static_cast<std::int64_t>(rng() % (i % 10 == 0 ? 200'000 : 300));
    }
    store.slice(999, 5, 5, 0, "ghost"); // no track row: not drawn
    for (int i = 0; i < 150; ++i) store.slice(b, 2'000 + i * 700, 600, 0, "task", {});
    store.db().exec("DELETE FROM slice WHERE id % 13 = 0");
    store.finish(0, ts + 1'000);
}

std::int64_t blobs(Database& db, int part) {
    return db.scalarInt("SELECT count(*) FROM timeline_pack WHERE part = " + std::to_string(part), -1);
}

} // namespace

TEST_CASE("a stored layout reads back as the scan builds it", "[timeline_pack]") {
    for (const bool onePerName : {true, false}) {
        INFO("one category per name: " << onePerName);
        FixtureStore store(onePerName ? "pack-same-one" : "pack-same-many");
        writeBusyStore(store, onePerName);
        writeTimelinePack(store.db());
        const auto scanned = loadTimeline(store.path(), false), stored = loadTimeline(store.path(), true);
        CHECK_FALSE(scanned->sliceLayoutStored());
        REQUIRE(stored->sliceLayoutStored());
        CHECK(stored->sliceLayoutRefusal().empty());
        requireSameLayout(*scanned, *stored);
        // The fixture is built to exercise the summaries and both kinds of category.
        std::size_t levels = 0;
        for (const TimelineTrack& t : stored->tracks())
            for (const DepthRun& r : t.depths) levels += r.lodCount;
        CHECK(levels > 0);
        CHECK(stored->memoryBytes() > 0);
    }
}

// The pack sorts each track's slices into one vector per depth as they come (timeline_pack.cpp): a depth
// with no slice between two that have some, depths interleaved in time, and a shallow track after a deep
// one (whose vectors it reuses) must lay out as the scan's counting sort does.
TEST_CASE("a track's depths, a gap among them, pack as the scan groups them", "[timeline_pack]") {
    FixtureStore store("pack-depths");
    const std::int64_t p = store.process("1", "p");
    const std::int64_t th = store.thread(p, "1", "main");
    const std::int64_t deep = store.track(p, th, "thread", "deep"), shallow = store.track(p, 0, "async", "shallow");
    for (int i = 0; i < 300; ++i) {
        const std::int64_t ts = 1'000 + i * 1'000;
        store.slice(deep, ts, 900, 0, "outer");
        if (i % 2 == 0) store.slice(deep, ts + 10, 100, 3, "deepest"); // depths 1 and 2 stay empty
        if (i % 5 == 0) store.slice(deep, ts + 20, 50, 4, "leaf");
    }
    for (int i = 0; i < 200; ++i) store.slice(shallow, 500 + i * 1'500, 1'000, 0, "task");
    store.finish(0, 400'000);
    writeTimelinePack(store.db());
    const auto scanned = loadTimeline(store.path(), false), stored = loadTimeline(store.path(), true);
    REQUIRE(stored->sliceLayoutStored());
    requireSameLayout(*scanned, *stored);
    bool sawEmptyDepth = false;
    for (const TimelineTrack& t : stored->tracks())
        for (const DepthRun& r : t.depths) sawEmptyDepth |= r.begin == r.end;
    CHECK(sawEmptyDepth);
}

// The pass sizes a track's buffers from track.slice_count: a hint only. Too small, zero, negative or
// far beyond what the file could hold, the pack is the same and nothing is sized by it.
TEST_CASE("a track's slice_count only sizes the pack's buffers", "[timeline_pack]") {
    for (const char* count : {"1", "0", "-5", "1000000000000", "slice_count * 2"}) {
        INFO("slice_count = " << count);
        FixtureStore store("pack-hint");
        writeBusyStore(store, false);
        store.db().exec(std::string("UPDATE track SET slice_count = ") + count);
        writeTimelinePack(store.db());
        const auto scanned = loadTimeline(store.path(), false), stored = loadTimeline(store.path(), true);
        REQUIRE(stored->sliceLayoutStored());
        requireSameLayout(*scanned, *stored);
    }
}

TEST_CASE("the small fixture's layout, flows and all, reads back the same", "[timeline_pack]") {
    FixtureStore store("pack-small");
    SmallTimeline fx(store);
    writeTimelinePack(store.db());
    const auto scanned = loadTimeline(store.path(), false), stored = loadTimeline(store.path(), true);
    REQUIRE(stored->sliceLayoutStored());
    requireSameLayout(*scanned, *stored);
    REQUIRE(stored->flows().size() == 2);
    CHECK(stored->flowOut(stored->flows()[0]).sliceId == fx.matmul);
    CHECK(stored->flowIn(stored->flows()[0]).sliceId == fx.kernelMatmul);
}

TEST_CASE("a store whose ids are not in track order packs as the index orders it", "[timeline_pack]") {
    FixtureStore store("pack-interleaved");
    const std::int64_t p = store.process("1", "p");
    const std::int64_t a = store.track(p, 0, "async", "a"), b = store.track(p, 0, "async", "b");
    store.slice(a, 0, 10, 0, "x");
    store.slice(b, 0, 10, 0, "y");
    store.slice(a, 20, 10, 0, "x"); // a again after b
    store.finish(0, 100);
    writeTimelinePack(store.db());
    const auto scanned = loadTimeline(store.path(), false), stored = loadTimeline(store.path(), true);
    REQUIRE(stored->sliceLayoutStored());
    requireSameLayout(*scanned, *stored);
    CHECK(stored->tracks()[0].sliceCount == 2);
}

TEST_CASE("blobs hold exactly the chunk size, the last one of a part less", "[timeline_pack]") {
    FixtureStore store("pack-chunks");
    writeBusyStore(store, false);
    Database& db = store.db();
    const std::int64_t slices = db.scalarInt("SELECT count(*) FROM slice WHERE track_id IN (SELECT id FROM track)");
    const std::int64_t sliceBytes = slices * static_cast<std::int64_t>(sizeof(TimelineSlice));
    // At the chunk size, one byte under and one over: a whole number of blobs, or one more.
    for (const std::int64_t chunk : {sliceBytes, sliceBytes - 1, sliceBytes + 1, std::int64_t{32}, std::int64_t{33}}) {
        INFO("chunk " << chunk);
        writeTimelinePack(db, static_cast<std::size_t>(chunk));
        CHECK(blobs(db, 3) == (sliceBytes + chunk - 1) / chunk);
        CHECK(db.scalarInt("SELECT max(length(data)) FROM timeline_pack WHERE part = 3") == std::min(chunk, sliceBytes));
        const auto stored = loadTimeline(store.path(), true);
        REQUIRE(stored->sliceLayoutStored());
        requireSameLayout(*loadTimeline(store.path(), false), *stored);
    }
    // Writing again replaces the pack rather than adding to it.
    writeTimelinePack(db);
    CHECK(blobs(db, 0) == 1);
    CHECK(blobs(db, 3) == 1);
}

TEST_CASE("a store without a pack, or with a stale or damaged one, is scanned", "[timeline_pack]") {
    FixtureStore store("pack-refused");
    writeBusyStore(store, false);
    Database& db = store.db();
    const auto reference = loadTimeline(store.path(), false);
    {
        const auto data = loadTimeline(store.path(), true);
        CHECK_FALSE(data->sliceLayoutStored());
        CHECK(data->sliceLayoutRefusal() == "the store holds no timeline pack");
    }
    struct Damage {
        const char* sql;
        const char* why;
    };
    // Each damage on a fresh pack; the header's fields are int64 at offset 8 * field.
    const Damage damages[] = {
        {"UPDATE track SET slice_count = slice_count + 1 WHERE id = 1", "the pack does not describe the store's slices"},
        {"UPDATE timeline_pack SET data = substr(data, 1, 50) WHERE part = 0", "the pack's header has the wrong size"},
        {"UPDATE timeline_pack SET data = zeroblob(112) WHERE part = 0", "the pack was written in another format"},
        {"DELETE FROM timeline_pack WHERE id = (SELECT max(id) FROM timeline_pack WHERE part = 3)",
         "the pack's parts do not have the sizes its header gives"},
        {"INSERT INTO timeline_pack(part, data) VALUES(9, x'00')", "the pack holds a part it should not"},
        // Text where a blob belongs: its length() counts characters, not bytes.
        {"UPDATE timeline_pack SET data = substr(data, 1, 4) || substr(data, 5) WHERE part = 2",
         "the pack holds a value that is not a blob"},
        // Slice positions of the first track's first run pushed past the array.
        {"UPDATE timeline_pack SET data = CAST(x'ffffff7f' || substr(data, 5) AS BLOB) WHERE part = 2",
         "a track's depth runs do not tile its slices"},
        // The first summary start moved off its run's first slice.
        {"UPDATE timeline_pack SET data = CAST(x'01000000' || substr(data, 5) AS BLOB) WHERE part = 7",
         "a summary does not cover its run"},
        // A slice's depth changed (bytes 28-29 of the record).
        {"UPDATE timeline_pack SET data = CAST(substr(data, 1, 28) || x'0500' || substr(data, 31) AS BLOB) "
         "WHERE part = 3",
         "a slice is not in the run of its depth"},
        // The first track's id (bytes 0-7 of its record) made one the store does not have.
        {"UPDATE timeline_pack SET data = CAST(x'7f' || substr(data, 2) AS BLOB) WHERE part = 1",
         "the pack names a track the store does not have"},
    };
    for (const Damage& d : damages) {
        INFO(d.sql);
        db.exec("BEGIN");
        db.exec("UPDATE track SET slice_count = (SELECT count(*) FROM slice WHERE track_id = track.id)");
        db.exec("COMMIT");
        writeTimelinePack(db);
        REQUIRE(loadTimeline(store.path(), true)->sliceLayoutStored());
        db.exec(d.sql);
        const auto data = loadTimeline(store.path(), true);
        CHECK_FALSE(data->sliceLayoutStored());
        CHECK(data->sliceLayoutRefusal() == d.why);
        requireSameLayout(*reference, *data); // scanned instead, as if there were no pack
    }
}

TEST_CASE("a pack whose header claims more than the file holds sizes nothing by it", "[timeline_pack]") {
    FixtureStore store("pack-huge-count");
    SmallTimeline fx(store);
    writeTimelinePack(store.db());
    // Fields 3 and 4 (slices, slice categories) set to 2^40: more records than the file has bytes.
    store.db().exec("UPDATE timeline_pack SET data = CAST(substr(data, 1, 24) || x'0000000000010000' || "
                    "x'0000000000010000' || substr(data, 41) AS BLOB) WHERE part = 0");
    const auto data = loadTimeline(store.path(), true);
    CHECK_FALSE(data->sliceLayoutStored());
    CHECK(data->sliceLayoutRefusal() == "the pack's parts do not have the sizes its header gives");
    CHECK(data->slices().size() == 9);
}

TEST_CASE("an import writes the pack, and a merge of parallel inputs writes its own", "[timeline_pack]") {
    const auto dir = std::filesystem::temp_directory_path() / ("opscope-pack-import-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto write = [&](const std::string& name, const std::string& json) {
        std::ofstream((dir / name).string()) << json;
        return (dir / name).string();
    };
    const std::string a = write("a.json", R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":5},)"
                                          R"({"ph":"X","name":"b","pid":1,"tid":1,"ts":10,"dur":5}])");
    const std::string b = write("b.json", R"([{"ph":"X","name":"c","pid":2,"tid":1,"ts":1,"dur":5}])");
    for (const std::vector<std::string>& inputs : {std::vector<std::string>{a}, std::vector<std::string>{a, b}}) {
        INFO(inputs.size() << " inputs");
        OpenOptions options;
        options.storePath = (dir / ("s" + std::to_string(inputs.size()) + ".opscope.sqlite")).string();
        OpenResult result;
        Error error;
        REQUIRE(openTrace(inputs, options, {}, &result, &error));
        const auto stored = loadTimeline(result.storePath, true), scanned = loadTimeline(result.storePath, false);
        REQUIRE(stored->sliceLayoutStored());
        requireSameLayout(*scanned, *stored);
        CHECK(stored->slices().size() == inputs.size() + 1);
        Database db(result.storePath, Database::Mode::ReadOnly);
        CHECK(blobs(db, 0) == 1); // the parts' own packs are not copied into the merged store
    }
    std::filesystem::remove_all(dir);
}

namespace {
std::shared_ptr<const TimelineData> loadMapped(const std::string& path, std::size_t fromBytes, const std::string& dir) {
    Database db(path, Database::Mode::ReadOnly);
    TimelineLoadOptions options;
    options.mapSlicesFromBytes = fromBytes;
    options.scratchDirectory = dir;
    Error error;
    auto data = TimelineData::load(db, options, &error);
    if (!data) throw std::runtime_error("timeline of " + path + " did not load: " + error.detail);
    return data;
}
} // namespace

// The largest stores' slices are read into a mapped scratch file (TimelineLoadOptions::mapSlicesFromBytes,
// README "Opening the largest stores"): from exactly that many bytes of slices and categories on, not one byte
// fewer; what the timeline reads is the same either way, and the folder holds nothing afterwards.
TEST_CASE("a stored layout of at least mapSlicesFromBytes is mapped, with the same slices", "[timeline_pack]") {
    FixtureStore store("pack-mapped");
    writeBusyStore(store, false); // several categories per name: the per-slice categories are mapped too
    writeTimelinePack(store.db());
    const auto inMemory = loadTimeline(store.path(), true);
    REQUIRE(inMemory->sliceLayoutStored());
    REQUIRE_FALSE(inMemory->slicesMapped()); // a few hundred slices, far below the default
    const std::size_t bytes = inMemory->slices().size() * (sizeof(TimelineSlice) + 4);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("opscope-pack-mapped-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);

    const auto below = loadMapped(store.path(), bytes + 1, dir.string());
    CHECK_FALSE(below->slicesMapped());
    CHECK(below->mappedBytes() == 0);
    const auto at = loadMapped(store.path(), bytes, dir.string());
    REQUIRE(at->slicesMapped());
    CHECK(at->sliceMappingRefusal().empty());
    CHECK(at->mappedBytes() == bytes);
    CHECK(at->memoryBytes() == inMemory->memoryBytes() - bytes);
    CHECK(std::filesystem::is_empty(dir));
    for (std::size_t i = 0; i < at->slices().size(); ++i) {
        INFO("slice " << i);
        REQUIRE(sameSlice(at->slices()[i], inMemory->slices()[i]));
        REQUIRE(at->sliceCategory(i) == inMemory->sliceCategory(i));
    }
    REQUIRE(at->flows().size() == inMemory->flows().size());
    CHECK(at->findSlice(inMemory->slices()[7].id) != nullptr);

    // A folder that cannot hold the file: the slices stay in memory, and the reason is kept.
    const auto refused = loadMapped(store.path(), bytes, (dir / "missing").string());
    CHECK_FALSE(refused->slicesMapped());
    CHECK(refused->sliceMappingRefusal().find("missing") != std::string::npos);
    CHECK(refused->slices().size() == inMemory->slices().size());
    std::filesystem::remove_all(dir);
}

TEST_CASE("a mapped layout is checked like one in memory: a damaged pack is refused and scanned", "[timeline_pack]") {
    FixtureStore store("pack-mapped-damaged");
    writeBusyStore(store, true);
    writeTimelinePack(store.db());
    // A slice's depth changed inside the slices' blob: the structure check walks the mapped slices.
    store.db().exec("UPDATE timeline_pack SET data = CAST(substr(data, 1, 28) || x'0900' || substr(data, 31) AS BLOB) "
                    "WHERE id = (SELECT min(id) FROM timeline_pack WHERE part = 3)");
    const auto data = loadMapped(store.path(), 0, std::filesystem::temp_directory_path().string());
    CHECK_FALSE(data->sliceLayoutStored());
    CHECK(data->sliceLayoutRefusal() == "a slice is not in the run of its depth");
    CHECK_FALSE(data->slicesMapped()); // the scan's slices are in memory
    CHECK(data->slices().size() == loadTimeline(store.path(), false)->slices().size());
}

// A mapped timeline's flows and their groups are mapped beside its slices, and read the same.
TEST_CASE("a mapped timeline's flows and flow groups are mapped, and equal those in memory", "[timeline_pack]") {
    FixtureStore store("pack-mapped-flows");
    SmallTimeline fx(store);
    writeTimelinePack(store.db());
    const auto inMemory = loadTimeline(store.path(), true);
    const auto mapped = loadMapped(store.path(), 0, std::filesystem::temp_directory_path().string());
    REQUIRE(mapped->slicesMapped());
    CHECK(mapped->scratchDirectory() == std::filesystem::temp_directory_path().string());
    CHECK(inMemory->scratchDirectory().empty());
    REQUIRE(mapped->flows().mapped());
    CHECK_FALSE(inMemory->flows().mapped());
    REQUIRE(mapped->flows().size() == 2);
    for (std::size_t i = 0; i < 2; ++i) {
        CHECK(mapped->flows()[i].outSlice == inMemory->flows()[i].outSlice);
        CHECK(mapped->flows()[i].inSlice == inMemory->flows()[i].inSlice);
    }
    CHECK(mapped->flowOut(mapped->flows()[0]).sliceId == fx.matmul);
    const std::vector<FlowGroup> a = buildFlowGroups(*mapped), b = buildFlowGroups(*inMemory);
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k) {
        CHECK(a[k].flows.mapped());
        CHECK(a[k].flows == b[k].flows);
        CHECK(a[k].leavesNs == b[k].leavesNs);
        CHECK(a[k].maxSpanNs == b[k].maxSpanNs);
        CHECK(a[k].outTrack == b[k].outTrack);
        CHECK(a[k].inDepth == b[k].inDepth);
    }
}

// The grouping reads each group's slices in position order, then sorts by (departure, flow index)
// where that order is not already the departures': the same groups as the definition, computed here
// from the slices directly, on random flows between overlapping rows (ends not sorted), slices ending
// together (ties) and flows listed in no time order, mapped and in memory.
TEST_CASE("flow groups are the flows by row pair, sorted by departure then index", "[timeline_pack]") {
    for (const std::uint64_t seed : {1u, 2u, 3u}) {
        INFO("seed " << seed);
        FixtureStore store("pack-flow-groups-" + std::to_string(seed));
        const std::int64_t p = store.process("1", "p");
        const std::int64_t ta = store.track(p, store.thread(p, "1", "host"), "thread", "host");
        const std::int64_t tb = store.track(p, store.thread(p, "2", "device"), "thread", "device");
        std::mt19937_64 rng(seed);
        std::vector<std::int64_t> outs, ins;
        for (int i = 0; i < 300; ++i) {
            const std::int64_t ts = 1'000 + 100 * i + static_cast<std::int64_t>(rng() % 3);
            // Depth 0 short; depth 1 long and short, overlapping: its ends are not sorted.
            const int depth = static_cast<int>(rng() % 2);
            outs.push_back(store.slice(ta, ts, depth == 0 ? 50 : 50 + static_cast<std::int64_t>(rng() % 600), depth, "launch"));
            ins.push_back(store.slice(tb, ts + static_cast<std::int64_t>(rng() % 400), 10 + static_cast<std::int64_t>(rng() % 900), 0, "kernel"));
        }
        for (int i = 0; i < 400; ++i) store.flow(outs[rng() % outs.size()], ins[rng() % ins.size()]);
        store.finish(0, 200'000);
        writeTimelinePack(store.db());
        for (const std::size_t fromBytes : {std::size_t{0}, SIZE_MAX}) {
            const auto data = loadMapped(store.path(), fromBytes, std::filesystem::temp_directory_path().string());
            REQUIRE(data->flows().size() == 400);
            // The definition: group by (out track, out depth, in track, in depth) in order of first
            // appearance; within a group by (out slice's end, flow index); span the largest |in ts - out end|.
            std::vector<std::array<std::uint64_t, 4>> keys;
            std::vector<std::vector<std::pair<TimeNs, std::uint32_t>>> members;
            std::vector<TimeNs> spans;
            for (std::uint32_t i = 0; i < data->flows().size(); ++i) {
                const TimelineFlowEnd out = data->flowOut(data->flows()[i]), in = data->flowIn(data->flows()[i]);
                const std::array<std::uint64_t, 4> key{out.trackIndex, out.depth, in.trackIndex, in.depth};
                std::size_t k = std::find(keys.begin(), keys.end(), key) - keys.begin();
                if (k == keys.size()) {
                    keys.push_back(key);
                    members.emplace_back();
                    spans.push_back(0);
                }
                members[k].emplace_back(out.timeNs, i);
                spans[k] = std::max(spans[k], std::abs(in.timeNs - out.timeNs));
            }
            const std::vector<FlowGroup> groups = buildFlowGroups(*data);
            REQUIRE(groups.size() == keys.size());
            for (std::size_t k = 0; k < groups.size(); ++k) {
                std::sort(members[k].begin(), members[k].end());
                CHECK(groups[k].outTrack == keys[k][0]);
                CHECK(groups[k].outDepth == keys[k][1]);
                CHECK(groups[k].inTrack == keys[k][2]);
                CHECK(groups[k].inDepth == keys[k][3]);
                CHECK(groups[k].maxSpanNs == spans[k]);
                REQUIRE(groups[k].flows.size() == members[k].size());
                for (std::size_t j = 0; j < members[k].size(); ++j) {
                    REQUIRE(groups[k].flows[j] == members[k][j].second);
                    REQUIRE(groups[k].leavesNs[j] == members[k][j].first);
                }
            }
        }
    }
}
