// The device facts the writer reads per track: its index is sized by the rows it read, so a track id
// far past them (a store value) is held without an allocation sized by that id.
#include "core/store/device_track_facts.h"

#include <catch2/catch.hpp>

using namespace opscope;

namespace {

Database factsStore() {
    Database db = Database::privateScratch();
    db.exec("CREATE TABLE device(id INTEGER PRIMARY KEY, kind TEXT)");
    db.exec("CREATE TABLE process(id INTEGER PRIMARY KEY, name TEXT)");
    db.exec("CREATE TABLE thread(id INTEGER PRIMARY KEY, name TEXT)");
    db.exec("CREATE TABLE track(id INTEGER PRIMARY KEY, kind TEXT, device_id INTEGER, process_id INTEGER, thread_id INTEGER)");
    db.exec("INSERT INTO device VALUES (1, 'npu'), (2, 'gpu')");
    db.exec("INSERT INTO process VALUES (10, 'rank 0'), (11, NULL)");
    db.exec("INSERT INTO thread VALUES (20, 'Stream 7'), (21, 'HCCL Communication')");
    return db;
}

} // namespace

TEST_CASE("device track facts: dense ids in the index, ids past its bound in the sparse table", "[store][devicefacts]") {
    Database db = factsStore();
    // With k rows read, ids below k * kDenseSlotsPerTrack + kDenseFloor go in the dense index.
    const auto bound = [](std::int64_t rows) {
        return rows * static_cast<std::int64_t>(DeviceTrackFactsTable::kDenseSlotsPerTrack) +
               static_cast<std::int64_t>(DeviceTrackFactsTable::kDenseFloor);
    };
    const std::int64_t lastDense = bound(2) - 1, firstSparse = bound(3), huge = 4611686018427387904LL; // 2^62
    db.exec("INSERT INTO track VALUES (3, 'thread', 1, 10, 20)");
    db.exec("INSERT INTO track VALUES (" + std::to_string(lastDense) + ", 'thread', 2, 11, 21)");
    db.exec("INSERT INTO track VALUES (" + std::to_string(firstSparse) + ", 'async', 1, 10, NULL)");
    db.exec("INSERT INTO track VALUES (" + std::to_string(huge) + ", 'thread', 1, 10, 21)");
    db.exec("INSERT INTO track VALUES (5, 'counter', 1, 10, NULL)"); // not a thread or async track
    db.exec("INSERT INTO track VALUES (6, 'thread', NULL, 10, 20)"); // on no device

    DeviceTrackFactsTable table;
    table.loadTrack(db, 3);
    CHECK(table.denseIndexSize() == 4);
    table.loadTrack(db, lastDense); // the second row: exactly the last id its bound lets in
    CHECK(table.denseIndexSize() == static_cast<std::size_t>(lastDense) + 1);
    table.loadTrack(db, firstSparse); // the third row: exactly its bound, so sparse
    table.loadTrack(db, huge);        // no 2^62-slot index
    CHECK(table.denseIndexSize() == static_cast<std::size_t>(lastDense) + 1);
    table.loadTrack(db, 5);
    table.loadTrack(db, 6);

    const DeviceTrackFacts* npu = table.find(3);
    REQUIRE(npu != nullptr);
    CHECK(npu->deviceId == 1);
    CHECK(npu->processId == 10);
    CHECK(npu->processName == "rank 0");
    CHECK(npu->ascend);
    CHECK_FALSE(npu->communicationLane);

    const DeviceTrackFacts* dense = table.find(lastDense);
    REQUIRE(dense != nullptr);
    CHECK(dense->deviceId == 2);
    CHECK(dense->processName.empty());
    CHECK_FALSE(dense->ascend);
    CHECK(dense->communicationLane);

    REQUIRE(table.find(firstSparse) != nullptr);
    CHECK(table.find(firstSparse)->deviceId == 1);
    REQUIRE(table.find(huge) != nullptr);
    CHECK(table.find(huge)->communicationLane);

    CHECK(table.find(5) == nullptr);
    CHECK(table.find(6) == nullptr);
    CHECK(table.find(lastDense - 1) == nullptr);
    CHECK(table.find(firstSparse - 1) == nullptr);
    CHECK(table.find(-1) == nullptr);
    CHECK(table.find(INT64_MAX) == nullptr);

    DeviceTrackFactsTable all; // the same rows in one query, in whatever order it returns them
    all.loadAll(db);
    CHECK(all.find(3) != nullptr);
    CHECK(all.find(lastDense) != nullptr);
    CHECK(all.find(firstSparse) != nullptr);
    CHECK(all.find(huge) != nullptr);
    CHECK(all.find(5) == nullptr);
    CHECK(all.find(6) == nullptr);
    CHECK(all.denseIndexSize() <= static_cast<std::size_t>(bound(4)));
}

TEST_CASE("device track facts: a lane loaded later, below or past the bound, and a negative id", "[store][devicefacts]") {
    Database db = factsStore();
    db.exec("INSERT INTO track VALUES (-7, 'thread', 1, 10, 20)");
    DeviceTrackFactsTable table;
    table.loadAll(db);
    REQUIRE(table.find(-7) != nullptr); // a negative id goes in the sparse table, never casts to an index
    CHECK(table.find(-7)->ascend);

    db.exec("INSERT INTO track VALUES (9000000000, 'async', 2, 11, NULL)");
    db.exec("INSERT INTO track VALUES (12, 'thread', 2, 10, 21)");
    table.loadTrack(db, 9000000000LL);
    table.loadTrack(db, 12);
    REQUIRE(table.find(9000000000LL) != nullptr);
    CHECK(table.find(9000000000LL)->deviceId == 2);
    REQUIRE(table.find(12) != nullptr);
    CHECK(table.find(12)->communicationLane);
    CHECK(table.find(11) == nullptr);
    CHECK(table.find(-7)->processId == 10);
}
