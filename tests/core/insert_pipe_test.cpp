// The import's insert pipe (core/store/insert_pipe.h): rows written on a writer thread come out in
// the order they were added, are all visible once flushed, and a failure there fails the import as
// it would have failed on the importing thread, leaving no store behind.
#include "core/store/batch_insert.h"
#include "core/store/insert_pipe.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

using namespace opscope;
using namespace opscope::test;

namespace {

// More rows than one hand-off (16 statements of 64 rows), so that several jobs are queued at once.
constexpr int kRows = 10'000;

Database scratchDb(const TempDir& dir) {
    Database db(dir.file("pipe.sqlite"), Database::Mode::Create);
    db.exec("CREATE TABLE seq(n INTEGER NOT NULL, label TEXT); CREATE TABLE other(n INTEGER UNIQUE)");
    return db;
}

std::string failureOf(bool withPipe) {
    TempDir dir;
    Database db = scratchDb(dir);
    InsertPipe pipe(db.handle());
    REQUIRE(pipe.registered());
    BatchInsert insert(db, "other", "n", 1, 64, withPipe ? &pipe : nullptr);
    try {
        for (int i = 0; i < kRows; ++i) insert.value(std::int64_t{i == 3000 ? 7 : i}).endRow();
        insert.flush();
    } catch (const SqliteError& e) {
        return e.what();
    }
    return "no error";
}

std::filesystem::path onlyEntryOf(const TempDir& dir) {
    auto it = std::filesystem::directory_iterator(dir.path());
    return it == std::filesystem::directory_iterator() ? std::filesystem::path() : it->path();
}

} // namespace

TEST_CASE("rows written through the pipe come out in the order they were added", "[store][pipe]") {
    TempDir dir;
    Database db = scratchDb(dir);
    InsertPipe pipe(db.handle());
    REQUIRE(pipe.registered());
    BatchInsert seq(db, "seq", "n, label", 2, 64, &pipe);
    BatchInsert other(db, "other", "n", 1, 64, &pipe);
    for (int i = 0; i < kRows; ++i) {
        seq.value(std::int64_t{i}).value(std::string_view("row " + std::to_string(i))).endRow();
        other.value(std::int64_t{i}).endRow();
        // A direct statement between piped rows waits for them: its row lands in rowid order too.
        if (i == kRows / 2) db.exec("INSERT INTO seq(n, label) VALUES(-1, 'direct')");
    }
    seq.flush();
    other.flush();
    CHECK(seq.rows() == kRows);
    Statement st = db.prepare("SELECT n, label FROM seq ORDER BY rowid");
    int expected = 0;
    bool inOrder = true, directSeen = false;
    while (st.step()) {
        if (st.int64(0) == -1) {
            // Rows are handed over in whole batches: the direct row follows every row of a full batch
            // before it, and precedes the rows still being buffered.
            directSeen = true;
            inOrder = inOrder && expected <= kRows / 2 + 1 && expected % 64 == 0;
            continue;
        }
        inOrder = inOrder && st.int64(0) == expected && st.text(1) == "row " + std::to_string(expected);
        ++expected;
    }
    CHECK(inOrder);
    CHECK(directSeen);
    CHECK(expected == kRows);
    CHECK(db.scalarInt("SELECT count(*) FROM other") == kRows);
}

TEST_CASE("flush is a barrier: every row added is visible when it returns", "[store][pipe]") {
    TempDir dir;
    Database db = scratchDb(dir);
    InsertPipe pipe(db.handle(), 2);
    REQUIRE(pipe.registered());
    BatchInsert seq(db, "seq", "n", 1, 64, &pipe);
    for (int round = 1; round <= 3; ++round) {
        for (int i = 0; i < kRows + 17; ++i) seq.value(std::int64_t{i}).endRow(); // a partial batch at the end
        seq.flush();
        CHECK(db.scalarInt("SELECT count(*) FROM seq") == round * (kRows + 17));
        CHECK(db.scalarInt("SELECT max(rowid) FROM seq") == round * (kRows + 17));
    }
}

TEST_CASE("a statement failing on the writer thread throws the same error as without the pipe", "[store][pipe]") {
    const std::string direct = failureOf(false);
    CHECK(direct.find("UNIQUE constraint failed") != std::string::npos);
    CHECK(failureOf(true) == direct);
}

TEST_CASE("an insert failing on the writer thread fails the import and leaves no store", "[store][pipe]") {
    TempDir dir;
    Error error;
    const std::string storePath = dir.file("failed.sqlite");
    auto writer = StoreWriter::create(storePath, &error);
    REQUIRE(writer);
    // A planted failure on a piped stream, past the first hand-offs.
    writer->database().exec("CREATE TEMP TRIGGER planted BEFORE INSERT ON counter WHEN NEW.value = 666 "
                            "BEGIN SELECT RAISE(ABORT, 'planted failure'); END");
    const TrackId track = writer->counterTrack(writer->process("1"), "c", {});
    std::string thrown;
    try {
        for (int i = 0; i < kRows; ++i) writer->addCounter(track, i, i == 5000 ? 666.0 : 1.0);
    } catch (const SqliteError& e) {
        // A later hand-off reports it, as a synchronous insert would have: the importer's caller
        // turns it into StoreFailed (core/session/open_trace.cpp).
        thrown = e.what();
    }
    if (thrown.empty()) {
        ImportSummary summary;
        CHECK_FALSE(writer->finish(&summary, &error));
        CHECK(error.code == ErrorCode::StoreFailed);
        thrown = error.detail;
    }
    CHECK(thrown.find("planted failure") != std::string::npos);
    writer.reset();
    CHECK_FALSE(std::filesystem::exists(storePath));
    CHECK(onlyEntryOf(dir).empty()); // no scratch store left either
}

TEST_CASE("a cancelled import with rows in flight leaves nothing", "[store][pipe]") {
    TempDir dir;
    Error error;
    const std::string storePath = dir.file("cancelled.sqlite");
    auto writer = StoreWriter::create(storePath, &error);
    REQUIRE(writer);
    const ProcessId process = writer->process("1");
    const TrackId track = writer->threadTrack(writer->thread(process, "1"));
    const TrackId counter = writer->counterTrack(process, "c", {});
    for (int i = 0; i < kRows; ++i) {
        writer->addSlice({track, i * 10, 5, "s", {}, {}, writer->addArgs("{\"i\":" + std::to_string(i) + "}"), 0});
        writer->addCounter(counter, i, 1.0);
    }
    ImportSummary summary;
    CHECK_FALSE(writer->finish(&summary, &error, [] { return true; }));
    CHECK(error.code == ErrorCode::Cancelled);
    writer.reset();
    CHECK(onlyEntryOf(dir).empty());

    // Abandoned mid-parse, with hand-offs queued: the writer goes away cleanly too.
    auto abandoned = StoreWriter::create(storePath, &error);
    REQUIRE(abandoned);
    const TrackId c2 = abandoned->counterTrack(abandoned->process("1"), "c", {});
    for (int i = 0; i < kRows; ++i) abandoned->addCounter(c2, i, 1.0);
    abandoned.reset();
    CHECK(onlyEntryOf(dir).empty());
}
