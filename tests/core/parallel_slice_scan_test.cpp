// The snapshot's whole-table scan read in id ranges on several connections at once: the same rows, the
// same left-out annotations and waits, in the same order as one scan; split only at or above its
// threshold and only over a read-only connection.
#include "core/analysis/store_access.h"
#include "core/session/open_trace.h"
#include "core/store/sqlite_db.h"
#include "ascend_test_support.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <array>
#include <limits>
#include <thread>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string task(const std::string& name, long ts, long dur, const std::string& type, int tid) {
    return ascendHardwareTask(name, ts, dur, type, tid);
}

// 40 rounds on two streams of an Ascend device: compute tasks, event waits (left out as not work) and a
// communication task, so that every id range holds kept and left-out slices.
std::string importRounds(const TempDir& dir) {
    std::string t = R"([{"ph":"M","name":"process_name","pid":1024,"args":{"name":"Ascend Hardware"}},)";
    for (long round = 0; round < 40; ++round) {
        const long base = round * 200;
        t += task("MatMul", base, 10, "AI_CORE", 2) + task("EVENT_WAIT", base + 10, 80, "EVENT_WAIT_SQE", 2) +
             task("Add", base + 90, 20, "AI_VECTOR_CORE", 2) + task("Notify Wait", base, 100, "Notify Wait", 4);
    }
    t.back() = ']';
    OpenOptions options;
    options.storePath = dir.file("rounds.opscope.sqlite");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({dir.write("rounds.json", t)}, options, ImportProgress{}, &opened, &error));
    return opened.storePath;
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

std::int64_t sliceCount(Database& db) { return db.scalarInt("SELECT count(*) FROM slice"); }

} // namespace

TEST_CASE("snapshot scan: id ranges read at once give the rows of one scan", "[snapshot][parallel]") {
    TempDir dir;
    const std::string path = importRounds(dir);
    Database db(path, Database::Mode::ReadOnly);
    const std::int64_t slices = sliceCount(db);
    REQUIRE(slices == 160);
    const Loaded one = load(db, std::numeric_limits<std::int64_t>::max());
    CHECK(one.parts == 1);
    CHECK(one.skippedNotWork == 40);
    CHECK(one.notWorkIds.size() == 40);
    CHECK(one.rows.size() == 120);

    const std::size_t cores = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, 4);
    const Loaded atThreshold = load(db, slices);
    CHECK(atThreshold.parts == cores); // split at the threshold (when the machine has more than one core)
    const Loaded belowThreshold = load(db, slices + 1);
    CHECK(belowThreshold.parts == 1);
    for (const Loaded* other : {&atThreshold, &belowThreshold}) {
        CHECK(other->rows == one.rows);
        CHECK(other->skippedNotWork == one.skippedNotWork);
        CHECK(other->skippedAnnotations == one.skippedAnnotations);
        CHECK(other->notWorkIds == one.notWorkIds);
    }
}

TEST_CASE("snapshot scan: a connection that can write is read in one scan", "[snapshot][parallel]") {
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

TEST_CASE("snapshot scan: a raised cancel flag stops every part", "[snapshot][parallel]") {
    TempDir dir;
    const std::string path = importRounds(dir);
    Database db(path, Database::Mode::ReadOnly);
    TrackCatalog catalog;
    Error error;
    REQUIRE(TrackCatalog::load(db, &catalog, &error));
    std::atomic<bool> cancel{true};
    db.setInterruptFlag(&cancel);
    SliceLoadFilter filter;
    filter.parallelScanMinSlices = 1;
    SliceSet set;
    TrackSelection all;
    all.scope = TrackScope::All;
    CHECK_FALSE(loadSlices(db, catalog, selectTracks(catalog, all).logicalIds, &set, &error, filter));
    CHECK(error.code == ErrorCode::BadDatabase);
}
