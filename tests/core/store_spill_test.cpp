// A large import moves its pending slices and flow end points to scratch tables (bounded memory).
// The store it writes must be the very same as the in-memory path's: these tests force the spill on
// small traces and compare every table row by row.
#include "core/session/open_trace.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

using namespace opscope;
using namespace opscope::test;

namespace {

// Nesting, an overlap, B/E, async, instants, counters, v1 flows bound both ways, a v2 flow,
// a GPU kernel stream (device classification reads slice categories back) and ids reused.
const char* kMixedTrace = R"([
{"ph":"M","name":"process_name","pid":1,"args":{"name":"host"}},
{"ph":"X","name":"step","cat":"cpu_op","pid":1,"tid":1,"ts":0,"dur":100},
{"ph":"X","name":"inner","cat":"cpu_op","pid":1,"tid":1,"ts":10,"dur":20,"args":{"k":1}},
{"ph":"X","name":"overlapper","cat":"cpu_op","pid":1,"tid":1,"ts":90,"dur":30},
{"ph":"X","name":"child_first","cat":"cpu_op","pid":1,"tid":1,"ts":40,"dur":5},
{"ph":"B","name":"begin_end","pid":1,"tid":2,"ts":5},
{"ph":"E","pid":1,"tid":2,"ts":25},
{"ph":"i","name":"mark","pid":1,"tid":2,"ts":7,"s":"t"},
{"ph":"b","name":"req","cat":"a","id":"0x1","pid":1,"tid":1,"ts":3},
{"ph":"e","name":"req","cat":"a","id":"0x1","pid":1,"tid":1,"ts":50},
{"ph":"C","name":"mem","pid":1,"ts":0,"args":{"used":1.5,"free":2}},
{"ph":"C","name":"mem","pid":1,"ts":60,"args":{"used":2.5,"free":1}},
{"ph":"s","name":"launch","cat":"ac2g","id":7,"pid":1,"tid":1,"ts":12},
{"ph":"X","name":"kernel_a","cat":"kernel","pid":0,"tid":7,"ts":30,"dur":10},
{"ph":"f","name":"launch","cat":"ac2g","id":7,"pid":0,"tid":7,"ts":30,"bp":"e"},
{"ph":"s","name":"next","cat":"n","id":8,"pid":1,"tid":1,"ts":11},
{"ph":"f","name":"next","cat":"n","id":8,"pid":0,"tid":7,"ts":31},
{"ph":"X","name":"kernel_b","cat":"kernel","pid":0,"tid":7,"ts":45,"dur":10},
{"ph":"s","name":"again","cat":"r","id":9,"pid":1,"tid":1,"ts":15},
{"ph":"f","name":"again","cat":"r","id":9,"pid":0,"tid":7,"ts":35,"bp":"e"},
{"ph":"s","name":"again","cat":"r","id":9,"pid":1,"tid":1,"ts":60},
{"ph":"t","name":"again","cat":"r","id":9,"pid":1,"tid":1,"ts":92},
{"ph":"f","name":"again","cat":"r","id":9,"pid":0,"tid":7,"ts":50,"bp":"e"},
{"ph":"X","name":"producer","pid":1,"tid":3,"ts":0,"dur":5,"bind_id":"v2","flow_out":true},
{"ph":"X","name":"consumer","pid":1,"tid":3,"ts":10,"dur":5,"bind_id":"v2","flow_in":true},
{"ph":"s","name":"lost","cat":"x","id":10,"pid":1,"tid":9,"ts":1},
{"ph":"X","name":"cpu","pid":1,"tid":4,"ts":0,"dur":10,"tts":3,"tdur":4},
{"ph":"X","name":"zero","pid":1,"tid":4,"ts":20,"dur":0},
{"ph":"B","name":"after_zero","pid":1,"tid":4,"ts":20,"tts":9},
{"ph":"E","pid":1,"tid":4,"ts":30,"tts":12},
{"ph":"b","name":"global","cat":"g","id":5,"pid":1,"ts":2},
{"ph":"e","name":"global","cat":"g","id":5,"pid":2,"ts":8}
])";

// Every table a view reads, as text rows in a fixed order.
std::vector<std::string> dump(const std::string& storePath) {
    Database db = openReadOnly(storePath);
    const char* queries[] = {
        "SELECT id, track, ts, dur, depth, coalesce(parent_id, 0), self_dur, name, coalesce(category, ''), "
        "coalesce(type, ''), coalesce(args, ''), flags FROM slice_view ORDER BY id",
        "SELECT id, coalesce(thread_ts, -1), coalesce(thread_dur, -1) FROM slice ORDER BY id",
        "SELECT slice_out, slice_in, coalesce(cat, ''), coalesce(name, '') FROM flow ORDER BY slice_out, slice_in, name",
        "SELECT id, coalesce(process_id, 0), coalesce(thread_id, 0), kind, name, lane, is_compute, coalesce(device_id, 0), "
        "slice_count, counter_count, max_depth, coalesce(min_ts, 0), coalesce(max_end, 0) FROM track ORDER BY id",
        "SELECT track_id, ts, value FROM counter ORDER BY track_id, ts",
        "SELECT code, count, coalesce(sample, '') FROM warning ORDER BY code",
        "SELECT id, name, kind FROM device ORDER BY id",
    };
    std::vector<std::string> rows;
    for (const char* sql : queries) {
        Statement st = db.prepare(sql);
        while (st.step()) {
            std::string row;
            for (int c = 0; c < st.columnCount(); ++c) row += st.text(c) + "|";
            rows.push_back(row);
        }
        rows.push_back("--");
    }
    return rows;
}

// Imports trace through openTrace (device classification included), spilling from the first row
// when spill is set.
std::string importWithBudget(const TempDir& dir, const std::string& trace, bool spill, const std::string& storeName) {
    if (spill) ::setenv("OPSCOPE_SPILL_BUDGET_MB", "0", 1);
    else ::unsetenv("OPSCOPE_SPILL_BUDGET_MB");
    OpenOptions options;
    options.storePath = dir.file(storeName);
    options.forceReimport = true;
    OpenResult result;
    Error error;
    const bool ok = openTrace({trace}, options, {}, &result, &error);
    ::unsetenv("OPSCOPE_SPILL_BUDGET_MB");
    INFO(error.expected << " " << error.detail);
    REQUIRE(ok);
    return result.storePath;
}

} // namespace

TEST_CASE("a spilled import writes the same store as an in-memory one", "[store][spill]") {
    TempDir dir;
    const std::string trace = dir.write("mixed.json", kMixedTrace);
    const auto inMemory = dump(importWithBudget(dir, trace, false, "memory.sqlite"));
    const std::string spilledStore = importWithBudget(dir, trace, true, "spilled.sqlite");
    const auto spilled = dump(spilledStore);
    CHECK(inMemory.size() > 30);
    {
        // The spilled path keeps thread times, 0-length ordering and global tracks too.
        Database db = openReadOnly(spilledStore);
        CHECK(db.scalarInt("SELECT sum(thread_dur) FROM slice") == 7000);
        CHECK(db.scalarInt("SELECT depth FROM slice_view WHERE name = 'after_zero'") == 0);
        CHECK(db.scalarInt("SELECT count(*) FROM track WHERE process_id IS NULL") == 2); // "req" and "global": ids are global
    }
    REQUIRE(inMemory.size() == spilled.size());
    for (std::size_t i = 0; i < inMemory.size(); ++i) CHECK(inMemory[i] == spilled[i]);
}

TEST_CASE("the bundled sample imports alike with and without spilling", "[store][spill]") {
    TempDir dir;
    const std::string trace = std::string(OPSCOPE_SOURCE_DIR) + "/resources/samples/sample_trace.json";
    const auto inMemory = dump(importWithBudget(dir, trace, false, "memory.sqlite"));
    const auto spilled = dump(importWithBudget(dir, trace, true, "spilled.sqlite"));
    CHECK(inMemory.size() > 1000);
    REQUIRE(inMemory.size() == spilled.size());
    std::size_t differing = 0;
    for (std::size_t i = 0; i < inMemory.size(); ++i) differing += inMemory[i] != spilled[i];
    CHECK(differing == 0);
}

TEST_CASE("a writer spills once its pending rows pass the budget and still nests them", "[store][spill]") {
    TempDir dir;
    Error error;
    auto writer = StoreWriter::create(dir.file("w.sqlite"), &error);
    REQUIRE(writer);
    writer->setSpillBudgetBytes(1);
    ProcessId p = writer->process("1");
    TrackId t = writer->threadTrack(writer->thread(p, "1"));
    SliceInput outer{t, 0, 100, "outer", {}, {}, 0, 0};
    SliceInput inner{t, 10, 10, "inner", {}, {}, 0, 0};
    writer->addSlice(inner); // children may come first: the sort at finish() puts them in place
    writer->addSlice(outer);
    CHECK(writer->spilled());
    ImportSummary summary;
    REQUIRE(writer->finish(&summary, &error));
    CHECK(summary.slices == 2);
    Database db = openReadOnly(dir.file("w.sqlite"));
    CHECK(db.scalarText("SELECT group_concat(name || ':' || depth || ':' || self_dur, ',') FROM "
                        "(SELECT * FROM slice_view ORDER BY id)") == "outer:0:90,inner:1:10");
}

TEST_CASE("keepSlicesInMemory stops spilling so that pending slices stay readable", "[store][spill]") {
    TempDir dir;
    Error error;
    auto writer = StoreWriter::create(dir.file("k.sqlite"), &error);
    REQUIRE(writer);
    writer->setSpillBudgetBytes(1);
    writer->keepSlicesInMemory();
    ProcessId p = writer->process("1");
    TrackId t = writer->threadTrack(writer->thread(p, "1"));
    PendingSliceIndex index = writer->addSlice({t, 5, 7, "kept", {}, {}, 0, 0});
    CHECK_FALSE(writer->spilled());
    CHECK(writer->pendingSlice(index).durNs == 7);
    CHECK(writer->stringAt(writer->pendingSlice(index).name) == "kept");
}
