// The recording sink of the parallel import: its ids are its own and map to the target's at replay,
// a replay follows a recording chunk by chunk, and the job's budget holds back a recording that is not
// the one replayed, exactly past its limit.
#include "core/session/recording_sink.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("recording sink: replayed into a writer, its ids become the writer's", "[recording-sink]") {
    TempDir dir;
    Error error;
    auto writer = StoreWriter::create(dir.file("r.sqlite"), &error);
    REQUIRE(writer);
    // The writer already holds a process and a slice: the recording's ids must be shifted onto its own.
    const ProcessId first = writer->process("before");
    SliceInput early;
    early.track = writer->threadTrack(writer->thread(first, "1"));
    early.name = "early";
    writer->addSlice(early);

    RecordingSink rec(nullptr, nullptr);
    const ProcessId p = rec.process("7");
    CHECK(rec.process("7") == p); // get-or-create, as the writer keys it
    rec.setProcessName(p, "worker");
    const TrackId track = rec.threadTrack(rec.thread(p, "9"));
    SliceInput s;
    s.track = track;
    s.tsNs = 100;
    s.durNs = 50;
    s.name = "kernel";
    s.args = rec.addArgs(R"({"k": 1})");
    const PendingSliceIndex a = rec.addSlice(s);
    s.tsNs = 200;
    const PendingSliceIndex b = rec.addSlice(s);
    CHECK(a == 0);
    CHECK(rec.pendingSliceCount() == 2);
    rec.addFlow(a, b, "cat", "f");
    rec.addMemoryRow(MemoryRecordRow{rec.device("NPU 3", "npu", 3), "GE", 150, 64, std::nullopt, std::nullopt, "t"});
    rec.close();
    REQUIRE(rec.replayInto(*writer, true));
    REQUIRE(writer->finish(nullptr, &error));

    Database db = openReadOnly(dir.file("r.sqlite"));
    CHECK(db.scalarText("SELECT name FROM process WHERE pid = '7'") == "worker");
    CHECK(db.scalarInt("SELECT count(*) FROM slice_view WHERE name = 'kernel'") == 2);
    CHECK(db.scalarText("SELECT args FROM slice_view WHERE name = 'kernel' AND ts = 200") == R"({"k": 1})");
    // The flow joins the two replayed slices, not the writer's own first one.
    CHECK(db.scalarInt("SELECT count(*) FROM flow f JOIN slice_view o ON o.id = f.slice_out JOIN slice_view i "
                       "ON i.id = f.slice_in WHERE o.ts = 100 AND i.ts = 200") == 1);
    CHECK(db.scalarText("SELECT d.name FROM memory_record m JOIN device d ON d.id = m.device_id") == "NPU 3");
}

TEST_CASE("recording budget: a recording not replayed waits past the limit, not at it", "[recording-sink]") {
    RecordingBudget budget(100);
    auto never = [] { return false; };
    budget.take(80, never, never);
    budget.take(20, never, never); // 80 + 20 = 100: exactly the limit, taken at once
    CHECK(budget.used() == 100);
    budget.give(20);
    std::atomic<bool> taken{false};
    std::thread waiter([&] {
        budget.take(21, never, never); // 80 + 21 > 100: waits for bytes given back
        taken = true;
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK_FALSE(taken.load());
    budget.give(80);
    waiter.join();
    CHECK(taken.load());
    CHECK(budget.used() == 21);
    // The recording being replayed never waits: its replay is what drains the budget.
    budget.take(1000, [] { return true; }, never);
    CHECK(budget.used() == 1021);
}
