// The snapshot's slice scan: read in id ranges on several connections at once it gives the rows, the
// left-out annotations and waits, in the order of one scan; it splits only at or above its threshold and
// only over a read-only connection; a cancel stops every part. Device-class lookups from a hint agree
// with the binary search in any order. Store validation finds the slice id bounds by seeks and keeps its
// limits.
#include "core/analysis/snapshot/store_access.h"
#include "core/session/open_trace.h"
#include "core/store/device_class_reader.h"
#include "core/store/slice_row_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/store_validation.h"
#include "ascend_test_support.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <limits>
#include <map>
#include <thread>

using namespace opscope;
using namespace opscope::test;

namespace {

// 40 rounds on two streams of an Ascend device: compute tasks, event waits (left out as not work) and a
// communication task, so that every id range holds kept and left-out slices.
std::string importRounds(const TempDir& dir) {
    std::string t = R"([{"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)";
    for (long round = 0; round < 40; ++round) {
        const long base = round * 200;
        t += ascendHardwareTask("MatMul", base, 10, "AI_CORE", 2) +
             ascendHardwareTask("EVENT_WAIT", base + 10, 80, "EVENT_WAIT_SQE", 2) +
             ascendHardwareTask("Add", base + 90, 20, "AI_VECTOR_CORE", 2) +
             ascendHardwareTask("Notify Wait", base, 100, "Notify Wait", 4);
    }
    t.back() = ']';
    return importedStore(dir, dir.write("rounds.json", t), "rounds.opscope.sqlite");
}

struct Loaded {
    std::vector<std::array<std::int64_t, 4>> rows; // (logical track, id, ts, dur) in slice order
    std::int64_t skippedNotWork = 0, skippedAnnotations = 0;
    std::vector<std::int64_t> notWorkIds;
    std::size_t parts = 0;
};

Loaded load(Database& db, std::int64_t parallelScanMinSlices) {
    Loaded out;
    TrackCatalog catalog;
    DeviceClassIndex classes;
    Error error;
    REQUIRE(TrackCatalog::load(db, &catalog, &error));
    REQUIRE(readDeviceClassIndex(db, &classes, &error));
    TrackSelection all;
    all.scope = TrackScope::All;
    std::vector<NotWorkSlice> notWork;
    SliceLoadFilter filter;
    filter.deviceClasses = &classes;
    filter.skipped = &out.skippedAnnotations;
    filter.skippedNotWork = &out.skippedNotWork;
    filter.notWork = &notWork;
    filter.parallelScanMinSlices = parallelScanMinSlices;
    filter.scanParts = &out.parts;
    SliceSet set;
    REQUIRE(loadSlices(db, catalog, selectTracks(catalog, all).logicalIds, &set, &error, filter));
    for (std::size_t t = 0; t < set.trackCount(); ++t)
        for (std::uint32_t i = set.begin(t); i < set.end(t); ++i)
            out.rows.push_back({set.trackIds[t], set.slices[i].id, set.slices[i].tsNs, set.slices[i].durNs});
    for (const NotWorkSlice& s : notWork) out.notWorkIds.push_back(s.sliceId);
    return out;
}

} // namespace

TEST_CASE("slice scan: id ranges read at once give the rows of one scan", "[snapshot][slicescan]") {
    TempDir dir;
    const std::string path = importRounds(dir);
    Database db(path, Database::Mode::ReadOnly);
    const std::int64_t slices = db.scalarInt("SELECT count(*) FROM slice");
    REQUIRE(slices == 160);
    const Loaded one = load(db, std::numeric_limits<std::int64_t>::max());
    CHECK(one.parts == 1);
    CHECK(one.skippedNotWork == 40);
    CHECK(one.notWorkIds.size() == 40);
    CHECK(one.rows.size() == 120);

    const std::size_t cores = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
    const Loaded atThreshold = load(db, slices);
    CHECK(atThreshold.parts == cores); // split at the threshold (on a machine of more than one core)
    const Loaded belowThreshold = load(db, slices + 1);
    CHECK(belowThreshold.parts == 1);
    for (const Loaded* other : {&atThreshold, &belowThreshold}) {
        CHECK(other->rows == one.rows);
        CHECK(other->skippedNotWork == one.skippedNotWork);
        CHECK(other->skippedAnnotations == one.skippedAnnotations);
        CHECK(other->notWorkIds == one.notWorkIds);
    }
}

TEST_CASE("slice scan: the default threshold is 2^17 slices", "[snapshot][slicescan]") {
    CHECK(SliceLoadFilter{}.parallelScanMinSlices == 131072);
}

TEST_CASE("slice scan: a connection that can write is read in one scan", "[snapshot][slicescan]") {
    TempDir dir;
    const std::string path = importRounds(dir);
    Database writable(path, Database::Mode::ReadWrite);
    CHECK_FALSE(writable.isReadOnly());
    const Loaded loaded = load(writable, 1);
    CHECK(loaded.parts == 1);
    CHECK(loaded.rows.size() == 120);
    Database readOnly(path, Database::Mode::ReadOnly);
    CHECK(readOnly.isReadOnly());
}

TEST_CASE("slice scan: a raised cancel flag stops every part", "[snapshot][slicescan]") {
    TempDir dir;
    const std::string path = importRounds(dir);
    Database db(path, Database::Mode::ReadOnly);
    TrackCatalog catalog;
    Error error;
    REQUIRE(TrackCatalog::load(db, &catalog, &error));
    std::atomic<bool> cancel{true};
    db.setInterruptFlag(&cancel);
    CHECK(db.readOnlySibling().interruptFlag() == &cancel);
    SliceLoadFilter filter;
    filter.parallelScanMinSlices = 1;
    std::size_t parts = 0;
    filter.scanParts = &parts;
    SliceSet set;
    TrackSelection all;
    all.scope = TrackScope::All;
    CHECK_FALSE(loadSlices(db, catalog, selectTracks(catalog, all).logicalIds, &set, &error, filter));
    CHECK(error.code == ErrorCode::BadDatabase);
    CHECK(parts == 0); // not reported for a scan that failed
}

TEST_CASE("slice scan: the id bounds of a store, and of one without slices", "[snapshot][slicescan]") {
    TempDir dir;
    Database db(importRounds(dir), Database::Mode::ReadOnly);
    std::int64_t minId = -1, maxId = -1;
    REQUIRE(readSliceIdBounds(db, &minId, &maxId));
    CHECK(minId == db.scalarInt("SELECT id FROM slice ORDER BY id LIMIT 1"));
    CHECK(maxId == db.scalarInt("SELECT id FROM slice ORDER BY id DESC LIMIT 1"));
    CHECK(maxId - minId == 159);
    Database empty(":memory:", Database::Mode::Create);
    empty.exec("CREATE TABLE slice(id INTEGER PRIMARY KEY)");
    CHECK_FALSE(readSliceIdBounds(empty, &minId, &maxId));
}

TEST_CASE("device classes: a lookup from a hint answers as the binary search does, in any order",
          "[snapshot][slicescan]") {
    // Runs of consecutive ids of one class, runs of one id, and holes between them.
    DeviceClassIndex index;
    const DeviceClass kinds[] = {DeviceClass::Compute, DeviceClass::Wait, DeviceClass::Communication};
    std::map<std::int64_t, DeviceClass> expected;
    for (std::int64_t id = 3; id < 400; id += 1 + (id % 7 == 0 ? 3 + id % 5 : 0)) {
        const DeviceClass c = kinds[(id / 11) % 3];
        REQUIRE(index.add(id, c));
        expected[id] = c;
    }
    CHECK(index.sliceCount() == expected.size());
    CHECK(index.runs().size() < expected.size() / 2);
    std::vector<std::int64_t> rising, falling, scattered;
    for (std::int64_t id = 0; id < 410; ++id) rising.push_back(id);
    falling.assign(rising.rbegin(), rising.rend());
    for (std::int64_t i = 0; i < 410; ++i) scattered.push_back((i * 97) % 410);
    for (const auto* order : {&rising, &falling, &scattered}) {
        std::size_t hint = 0;
        for (std::int64_t id : *order) {
            INFO("id " << id);
            const auto want = expected.find(id);
            const std::optional<DeviceClass> c = index.classOf(id);
            CHECK(c == (want == expected.end() ? std::nullopt : std::optional<DeviceClass>(want->second)));
            CHECK(index.classOf(id, &hint) == c);
        }
    }
    std::size_t stale = index.runs().size() + 5; // a hint past the end searches from the start
    CHECK(index.classOf(3, &stale) == expected[3]);
    std::size_t none = 0;
    CHECK_FALSE(DeviceClassIndex{}.classOf(7, &none).has_value());
    CHECK(none == 0);
}

TEST_CASE("device classes: consecutive ids of one class make one run; ids must rise", "[snapshot][slicescan]") {
    DeviceClassIndex index;
    CHECK(index.empty());
    CHECK(index.add(10, DeviceClass::Compute));
    CHECK(index.add(11, DeviceClass::Compute));
    CHECK(index.add(12, DeviceClass::Compute));
    CHECK(index.runs().size() == 1);
    CHECK(index.add(13, DeviceClass::Wait)); // another class: a new run
    CHECK(index.add(15, DeviceClass::Wait)); // a hole: a new run
    CHECK(index.runs().size() == 3);
    CHECK_FALSE(index.add(15, DeviceClass::Wait)); // not above the last id
    CHECK_FALSE(index.add(2, DeviceClass::Compute));
    CHECK(index.sliceCount() == 5);
    CHECK(index.classOf(9) == std::nullopt);
    CHECK(index.classOf(12) == DeviceClass::Compute);
    CHECK(index.classOf(13) == DeviceClass::Wait);
    CHECK(index.classOf(14) == std::nullopt);
    CHECK(index.classOf(15) == DeviceClass::Wait);
    CHECK(index.classOf(16) == std::nullopt);
}

TEST_CASE("store validation: slice ids from 0 to 2^32 - 2 pass, 2^32 - 1 and negative ones are refused",
          "[snapshot][slicescan][hardening]") {
    TempDir dir;
    const std::string store = importRounds(dir);
    auto setLastId = [&](const char* extremum, std::int64_t id) {
        Database db(store, Database::Mode::ReadWrite);
        db.exec(std::string("UPDATE slice SET id = ") + std::to_string(id) + " WHERE id = (SELECT " + extremum +
                "(id) FROM slice)");
    };
    Error error;
    SECTION("2^32 - 2 passes") {
        setLastId("max", (std::int64_t{1} << 32) - 2);
        CHECK(validateStoreFile(store, &error));
    }
    SECTION("2^32 - 1 is refused") {
        setLastId("max", (std::int64_t{1} << 32) - 1);
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.code == ErrorCode::BadStore);
        CHECK(error.detail.find("4294967295") != std::string::npos);
    }
    SECTION("0 passes, -1 is refused") {
        setLastId("min", 0);
        CHECK(validateStoreFile(store, &error));
        setLastId("min", -1);
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.detail.find("-1..") != std::string::npos);
    }
    SECTION("a store without slices passes") {
        Database(store, Database::Mode::ReadWrite).exec("DELETE FROM slice; UPDATE track SET slice_count = 0");
        CHECK(validateStoreFile(store, &error));
    }
}
