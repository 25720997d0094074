// The launch queue counter tracks stored at import (launch_queue_store.h): read back, they are the tracks
// the session computes from the launch links, to the time and the value; a store without them, or with
// ones that do not read back whole, shows the same tracks computed.
#include "core/analysis/launch/queue_track.h"
#include "core/session/trace_session.h"
#include "core/store/launch_queue_store.h"
#include "core/store/launch_reader.h"
#include "core/store/sqlite_db.h"
#include "core/store/timeline_data.h"
#include "test_support.h"
#include "tests/launch_fixtures.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string importTrace(const TempDir& dir, const std::string& json) {
    OpenResult result;
    Error error;
    OpenOptions options;
    options.storePath = dir.file("t.opscope.sqlite");
    REQUIRE(openTrace({dir.write("t.json", json)}, options, {}, &result, &error));
    return result.storePath;
}

std::vector<DerivedCounterTrack> computed(Database& db) {
    LaunchData launches;
    Error error;
    REQUIRE(readLaunchData(db, &launches, &error));
    return launchQueueTracks(launches);
}

void requireSame(const std::vector<DerivedCounterTrack>& a, const std::vector<DerivedCounterTrack>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        CHECK(a[i].trackId == b[i].trackId);
        CHECK(a[i].threadId == b[i].threadId);
        CHECK(a[i].name == b[i].name);
        CHECK(a[i].unit == b[i].unit);
        CHECK(a[i].points == b[i].points); // times and values, exactly
    }
}

// The queue tracks of the session's timeline, as drawn: owner, and every (time, value).
struct DrawnQueue {
    std::int64_t id, threadId;
    std::uint32_t processIndex;
    std::vector<std::pair<TimeNs, double>> points;
    bool operator==(const DrawnQueue& o) const {
        return id == o.id && threadId == o.threadId && processIndex == o.processIndex && points == o.points;
    }
};

std::vector<DrawnQueue> drawnQueues(const std::string& store) {
    Error error;
    auto session = TraceSession::openStore(store, &error);
    REQUIRE(session);
    std::shared_ptr<const TimelineData> timeline = session->timeline(&error);
    REQUIRE(timeline);
    std::vector<DrawnQueue> out;
    for (const TimelineTrack& t : timeline->tracks()) {
        if (t.id >= 0) continue;
        DrawnQueue q{t.id, t.threadId, static_cast<std::uint32_t>(t.processIndex), {}};
        for (std::uint32_t i = t.counterBegin; i < t.counterEnd; ++i)
            q.points.emplace_back(timeline->counterTs()[i], timeline->counterValues()[i]);
        out.push_back(std::move(q));
    }
    return out;
}

std::string copyOf(const TempDir& dir, const std::string& store, const std::string& name) {
    const std::string copy = dir.file(name);
    std::filesystem::copy_file(store, copy);
    return copy;
}

std::vector<DerivedCounterTrack> storedTracks(Database& db) {
    std::vector<DerivedCounterTrack> got;
    std::string whyNot;
    REQUIRE(readLaunchQueueTracks(db, &got, &whyNot));
    return got;
}

// Two changes per linked event of every stream: what the streamed store's budget is compared with (its
// spill holds the changes of all streams, sorted stream by stream).
std::size_t allChanges(Database& db) {
    LaunchData launches;
    Error error;
    REQUIRE(readLaunchData(db, &launches, &error));
    std::size_t changes = 0;
    for (const DeviceLaunchEvent& e : launches.events) changes += e.linked() ? 2 : 0;
    return changes;
}

constexpr std::size_t kChangeBytes = 24; // a queue change in the streamed store's spill (stream, time, delta)

} // namespace

TEST_CASE("launch queue store: the import stores the tracks the session computes", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    Database db(store, Database::Mode::ReadOnly);
    std::vector<DerivedCounterTrack> stored;
    std::string whyNot;
    REQUIRE(readLaunchQueueTracks(db, &stored, &whyNot));
    const std::vector<DerivedCounterTrack> want = computed(db);
    REQUIRE(want.size() == 2); // streams 7 and 8
    CHECK(want[0].points.size() > 100);
    requireSame(stored, want);
    CHECK(db.scalarText("SELECT value FROM meta WHERE key = 'launch_queue_tracks'") == "2");
    CHECK(db.scalarInt("SELECT count(*) FROM launch_queue_track") == 2);
    CHECK(db.scalarInt("SELECT sum(point_count) FROM launch_queue_track") ==
          static_cast<std::int64_t>(want[0].points.size() + want[1].points.size()));
}

TEST_CASE("launch queue store: a store without the tables shows the same tracks, computed", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    const std::string older = copyOf(dir, store, "older.opscope.sqlite");
    {
        // As a store written before the tables existed: neither they nor the meta key.
        Database db(older, Database::Mode::ReadWrite);
        db.exec("DROP TABLE launch_queue_points; DROP TABLE launch_queue_track; "
                "DELETE FROM meta WHERE key = 'launch_queue_tracks'");
        std::vector<DerivedCounterTrack> tracks;
        std::string whyNot;
        CHECK_FALSE(readLaunchQueueTracks(db, &tracks, &whyNot));
        CHECK(whyNot == "not stored");
    }
    const std::vector<DrawnQueue> a = drawnQueues(store), b = drawnQueues(older);
    REQUIRE(a.size() == 2);
    CHECK(a == b);
}

TEST_CASE("launch queue store: the session draws what is stored", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    std::vector<DerivedCounterTrack> altered;
    {
        Database db(store, Database::Mode::ReadWrite);
        altered = computed(db);
        for (auto& [ts, value] : altered[1].points) value += 1;
        writeLaunchQueueTracks(db, altered);
    }
    const std::vector<DrawnQueue> drawn = drawnQueues(store);
    REQUIRE(drawn.size() == 2);
    CHECK(drawn[1].points == altered[1].points); // not recomputed: the store's values
}

TEST_CASE("launch queue store: tracks cut into blobs read back whole", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    Database db(store, Database::Mode::ReadWrite);
    const std::vector<DerivedCounterTrack> want = computed(db);
    for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, want[0].points.size(), want[0].points.size() + 1}) {
        INFO("chunk " << chunk);
        writeLaunchQueueTracks(db, want, chunk);
        const std::int64_t blobs = db.scalarInt("SELECT count(*) FROM launch_queue_points WHERE track_id = 1");
        CHECK(blobs == static_cast<std::int64_t>((want[0].points.size() + chunk - 1) / chunk));
        std::vector<DerivedCounterTrack> got;
        std::string whyNot;
        REQUIRE(readLaunchQueueTracks(db, &got, &whyNot));
        requireSame(got, want);
    }
}

TEST_CASE("launch queue store: many tracks and large blobs, written by the statement-full, read back in order", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    Database db(store, Database::Mode::ReadWrite);
    // 200 tracks (three full statements of 64 rows and a tail), most of a few points; among them blobs of
    // 65,535 and 65,536 points (16 bytes each: just under and at 1 MiB, where waiting blobs are written).
    std::vector<DerivedCounterTrack> want;
    for (int t = 0; t < 200; ++t) {
        DerivedCounterTrack track;
        track.trackId = -(t + 1);
        track.threadId = 1000 + t;
        track.name = "Launch queue";
        const std::size_t points = t == 10 ? 65535 : t == 11 ? 65536 : t == 12 ? 65537 * 2 : 1 + t % 5;
        for (std::size_t p = 0; p < points; ++p) track.points.emplace_back(static_cast<TimeNs>(7 * p + t), double(p % 9));
        want.push_back(std::move(track));
    }
    writeLaunchQueueTracks(db, want, 65536);
    CHECK(db.scalarInt("SELECT count(*) FROM launch_queue_track") == 200);
    CHECK(db.scalarInt("SELECT count(*) FROM launch_queue_points WHERE track_id = 11") == 1);
    CHECK(db.scalarInt("SELECT count(*) FROM launch_queue_points WHERE track_id = 12") == 1);
    CHECK(db.scalarInt("SELECT count(*) FROM launch_queue_points WHERE track_id = 13") == 3);
    CHECK(db.scalarInt("SELECT length(data) FROM launch_queue_points WHERE track_id = 12") == 65536 * 16);
    std::vector<DerivedCounterTrack> got;
    std::string whyNot;
    REQUIRE(readLaunchQueueTracks(db, &got, &whyNot));
    requireSame(got, want);
}

TEST_CASE("launch queue store: a store without launches stores no track", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, R"([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":2}])");
    Database db(store, Database::Mode::ReadOnly);
    CHECK(db.scalarText("SELECT value FROM meta WHERE key = 'launch_queue_tracks'") == "0");
    std::vector<DerivedCounterTrack> got{DerivedCounterTrack{}};
    std::string whyNot;
    CHECK(readLaunchQueueTracks(db, &got, &whyNot));
    CHECK(got.empty());
}

TEST_CASE("launch queue store: damaged tracks are refused and computed instead", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    const std::vector<DrawnQueue> good = drawnQueues(store);
    REQUIRE(good.size() == 2);
    struct Damage {
        const char* sql;
        const char* why;
    };
    const Damage damages[] = {
        {"UPDATE meta SET value = '3' WHERE key = 'launch_queue_tracks'", "the track count differs from the meta key's"},
        {"DROP TABLE launch_queue_points", "the launch queue tables are missing"},
        {"UPDATE launch_queue_points SET data = substr(data, 1, 15) WHERE track_id = 2", "a blob is not whole points"},
        {"UPDATE launch_queue_points SET data = CAST('x' AS TEXT) WHERE track_id = 2", "a points row is not (integer, blob)"},
        {"UPDATE launch_queue_points SET track_id = 5 WHERE track_id = 2", "a blob names no track, or tracks are out of order"},
        {"UPDATE launch_queue_track SET point_count = point_count + 1 WHERE id = 2",
         "a track's blobs hold fewer points than its count"},
        {"UPDATE launch_queue_track SET point_count = point_count + 1 WHERE id = 1",
         "a blob names no track, or tracks are out of order"}, // track 2's blob comes before 1 is whole
        {"UPDATE launch_queue_track SET point_count = point_count - 1 WHERE id = 2",
         "a track's blobs hold more points than its count"},
        {"UPDATE launch_queue_track SET point_count = 0 WHERE id = 2",
         "a track row is not (integer, integer, text, positive count)"},
        {"UPDATE launch_queue_points SET data = CAST(substr(data, 17, 16) || substr(data, 1, 16) || substr(data, 33) "
         "AS BLOB) WHERE track_id = 1",
         "a track's times are not increasing"},
    };
    int n = 0;
    for (const Damage& d : damages) {
        INFO(d.sql);
        const std::string damaged = copyOf(dir, store, "damaged" + std::to_string(n++) + ".opscope.sqlite");
        {
            Database db(damaged, Database::Mode::ReadWrite);
            db.exec(d.sql);
            std::vector<DerivedCounterTrack> got;
            std::string whyNot;
            CHECK_FALSE(readLaunchQueueTracks(db, &got, &whyNot));
            CHECK(got.empty());
            CHECK(whyNot == d.why);
        }
        CHECK(drawnQueues(damaged) == good);
    }
}

TEST_CASE("launch queue store: a merge of part stores stores the tracks of the merged links", "[launch][queue][queue_store]") {
    TempDir dir;
    // Two ranks (distributedInfo.rank), each a stream pair of its own: four streams in the merged store.
    std::string rank0 = queueTrace(), rank1 = queueTrace();
    rank0.insert(1, R"("distributedInfo":{"rank":0},)");
    rank1.insert(1, R"("distributedInfo":{"rank":1},)");
    const std::vector<std::string> inputs{dir.write("rank0.json", rank0), dir.write("rank1.json", rank1)};
    for (const char* method : {"merge", "record"}) {
        INFO(method);
        ::setenv("OPSCOPE_PARALLEL_IMPORT", method, 1);
        OpenOptions options;
        options.storePath = dir.file(std::string(method) + ".opscope.sqlite");
        options.jobs = 2;
        OpenResult result;
        Error error;
        const bool ok = openTrace(inputs, options, {}, &result, &error);
        ::unsetenv("OPSCOPE_PARALLEL_IMPORT");
        REQUIRE(ok);
        Database db(result.storePath, Database::Mode::ReadOnly);
        std::vector<DerivedCounterTrack> stored;
        std::string whyNot;
        REQUIRE(readLaunchQueueTracks(db, &stored, &whyNot));
        const std::vector<DerivedCounterTrack> want = computed(db);
        CHECK(want.size() == 4);
        requireSame(stored, want);
    }
}

// storeLaunchQueueTracks made stream by stream (launch_queue_streamed.cpp): whatever its budget (every change
// its own run, just under, at and over one stream's changes) and blob size, the tracks computed from readLaunchData.
TEST_CASE("launch queue streamed: every budget stores the computed tracks", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    Database db(store, Database::Mode::ReadWrite);
    const std::vector<DerivedCounterTrack> want = computed(db);
    REQUIRE(want.size() == 2);
    // Overlapping kernels put a stream on several compute tracks (lanes): each stream's queue holds them all.
    REQUIRE(db.scalarInt("SELECT max(n) FROM (SELECT count(*) AS n FROM track WHERE is_compute = 1 GROUP BY thread_id)") > 1);
    const std::size_t changes = allChanges(db);
    REQUIRE(changes > 100);
    for (std::size_t budget : {std::size_t{0}, kChangeBytes, (changes - 1) * kChangeBytes, changes * kChangeBytes,
                               (changes + 1) * kChangeBytes, kLaunchQueueSpillBudgetBytes}) {
        INFO("budget " << budget);
        storeLaunchQueueTracks(db, dir.file("queue-scratch"), budget);
        requireSame(storedTracks(db), want);
        CHECK(db.scalarText("SELECT value FROM meta WHERE key = 'launch_queue_tracks'") == "2");
    }
    // The scratch file is unlinked when made: nothing is left beside the store.
    CHECK_FALSE(std::filesystem::exists(dir.file("queue-scratch")));
}

TEST_CASE("launch queue streamed: gpu_user_annotation slices on a stream stay out of its queue", "[launch][queue][queue_store]") {
    TempDir dir;
    std::string json = queueTrace();
    json.erase(json.size() - 2); // "]}"
    // An annotation on stream 7 linked to a call of its own: the queue analyses leave it out.
    json += R"(,{"ph":"X","cat":"cuda_runtime","name":"cudaLaunchKernel","pid":1,"tid":1,"ts":50,"dur":2,)"
            R"("args":{"correlation":9001}},{"ph":"X","cat":"gpu_user_annotation","name":"region","pid":0,"tid":7,)"
            R"("ts":40,"dur":5000,"args":{"correlation":9001}}]})";
    const std::string store = importTrace(dir, json);
    Database db(store, Database::Mode::ReadWrite);
    REQUIRE(db.scalarInt("SELECT count(*) FROM launch_link l JOIN slice s ON s.id = l.device_slice_id "
                         "JOIN string c ON c.id = s.cat_id WHERE c.value = 'gpu_user_annotation'") == 1);
    const std::vector<DerivedCounterTrack> want = computed(db);
    requireSame(storedTracks(db), want);
    storeLaunchQueueTracks(db, dir.file("queue-scratch"), 0);
    requireSame(storedTracks(db), want);
    // The same queue without the annotation: it changed nothing.
    TempDir plainDir;
    const std::string plain = importTrace(plainDir, queueTrace());
    Database plainDb(plain, Database::Mode::ReadOnly);
    requireSame(storedTracks(plainDb), want);
}

TEST_CASE("launch queue streamed: blobs cut at the chunk size, whole at it and past it", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    Database db(store, Database::Mode::ReadWrite);
    const std::vector<DerivedCounterTrack> want = computed(db);
    const std::size_t points = want[0].points.size();
    for (std::size_t chunk : {std::size_t{1}, points - 1, points, points + 1}) {
        INFO("chunk " << chunk);
        storeLaunchQueueTracks(db, dir.file("queue-scratch"), kChangeBytes * 8, chunk);
        CHECK(db.scalarInt("SELECT count(*) FROM launch_queue_points WHERE track_id = 1") ==
              static_cast<std::int64_t>((points + chunk - 1) / chunk));
        CHECK(db.scalarInt("SELECT point_count FROM launch_queue_track WHERE id = 1") == static_cast<std::int64_t>(points));
        requireSame(storedTracks(db), want);
    }
}

TEST_CASE("launch queue streamed: a store without linked launches stores no track", "[launch][queue][queue_store]") {
    TempDir dir;
    const std::string store = importTrace(dir, queueTrace());
    Database db(store, Database::Mode::ReadWrite);
    db.exec("DELETE FROM launch_link");
    storeLaunchQueueTracks(db, dir.file("queue-scratch"));
    CHECK(storedTracks(db).empty());
    CHECK(db.scalarText("SELECT value FROM meta WHERE key = 'launch_queue_tracks'") == "0");
    db.exec("DROP TABLE launch_link"); // an older schema: every event unlinked
    storeLaunchQueueTracks(db, dir.file("queue-scratch"));
    CHECK(storedTracks(db).empty());
    CHECK(db.scalarInt("SELECT count(*) FROM launch_queue_points") == 0);
}

TEST_CASE("launch queue streamed: a stream without linked launches between two others has no track, the others theirs", "[launch][queue][queue_store]") {
    TempDir dir;
    std::string json = queueTrace();
    json.erase(json.size() - 2); // "]}"
    // Stream 7b sorts between 7 and 8 by its thread's name; its one kernel has no launching call.
    json += R"(,{"ph":"X","cat":"kernel","name":"lone","pid":0,"tid":"7b","ts":5,"dur":4,"args":{"stream":7}}]})";
    const std::string store = importTrace(dir, json);
    Database db(store, Database::Mode::ReadWrite);
    REQUIRE(db.scalarInt("SELECT count(*) FROM track t JOIN thread th ON th.id = t.thread_id "
                         "WHERE t.is_compute = 1 AND th.tid = '7b'") == 1); // a stream of its own
    const std::vector<DerivedCounterTrack> want = computed(db);
    REQUIRE(want.size() == 2); // 7 and 8: nothing to queue on 7b
    requireSame(storedTracks(db), want);
    for (std::size_t budget : {std::size_t{0}, kLaunchQueueSpillBudgetBytes}) {
        storeLaunchQueueTracks(db, dir.file("queue-scratch"), budget);
        requireSame(storedTracks(db), want);
    }
}
