// Recoverable oddities are kept, flagged and counted; the tolerated syntax repairs are reported.
#include "core/session/open_trace.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("an X that overlaps a sibling moves to an overflow lane and is counted", "[chrome][oddity]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"first","pid":1,"tid":1,"ts":0,"dur":100},
      {"ph":"X","name":"overlapping","pid":1,"tid":1,"ts":50,"dur":100},
      {"ph":"X","name":"inside","pid":1,"tid":1,"ts":10,"dur":10}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM slice") == 3);
    CHECK(db.scalarInt("SELECT flags & 2 FROM slice_view WHERE name='overlapping'") == 2);
    CHECK(db.scalarInt("SELECT t.lane FROM slice_view s JOIN track t ON t.id=s.track_id WHERE s.name='overlapping'") == 1);
    CHECK(db.scalarInt("SELECT depth FROM slice_view WHERE name='inside'") == 1);
    CHECK(db.scalarInt("SELECT count FROM warning WHERE code='slice_overlap'") == 1);
    CHECK(db.scalarInt("SELECT count(*) FROM track WHERE thread_id IS NOT NULL") == 2);
}

TEST_CASE("an overflow lane computes when its stream does, and takes its process's device", "[chrome][oddity]") {
    TempDir dir;
    // Through openTrace, as opscope-cli imports: device classes decide which streams compute.
    const std::string trace = dir.write("lanes.json", R"J([
      {"ph":"M","name":"process_name","pid":7,"tid":0,"args":{"name":"GPU 0"}},
      {"ph":"X","cat":"kernel","name":"gemm","pid":7,"tid":3,"ts":0,"dur":100,"args":{"device":0}},
      {"ph":"X","cat":"gpu_user_annotation","name":"region","pid":7,"tid":3,"ts":50,"dur":100,"args":{"device":0}},
      {"ph":"X","cat":"cpu_op","name":"op","pid":1,"tid":1,"ts":0,"dur":100},
      {"ph":"X","cat":"cpu_op","name":"op_overlap","pid":1,"tid":1,"ts":50,"dur":100}
    ])J");
    OpenResult opened;
    Error error;
    REQUIRE(openTrace({trace}, OpenOptions{}, ImportProgress{}, &opened, &error));
    Database db = openReadOnly(opened.storePath);
    auto lane = [&](const char* slice, const char* column) {
        return db.scalarInt(std::string("SELECT coalesce(t.") + column +
                            ", -1) FROM slice_view s JOIN track t ON t.id = s.track_id WHERE s.name = '" + slice + "'");
    };
    // The annotation is no device work: its lane computes because its stream does, not by its own slices.
    CHECK(lane("region", "lane") == 1);
    CHECK(lane("region", "is_compute") == 1);
    CHECK(lane("gemm", "is_compute") == 1);
    CHECK(lane("region", "device_id") == lane("gemm", "device_id"));
    CHECK(lane("region", "device_id") > 0);
    CHECK(lane("op_overlap", "lane") == 1);
    CHECK(lane("op_overlap", "is_compute") == 0);
    CHECK(lane("op_overlap", "device_id") == -1); // a host process: no device
}

TEST_CASE("negative durations are stored as 0 and flagged, a missing one drops the X; both counted", "[chrome][oddity]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"neg","pid":1,"tid":1,"ts":10,"dur":-5},
      {"ph":"X","name":"nodur","pid":1,"tid":1,"ts":20},
      {"ph":"X","name":"early","pid":1,"tid":1,"ts":5,"dur":1}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT dur FROM slice_view WHERE name='neg'") == 0);
    CHECK(db.scalarInt("SELECT flags & 4 FROM slice_view WHERE name='neg'") == 4);
    CHECK(db.scalarInt("SELECT count(*) FROM slice_view WHERE name='nodur'") == 0);
    CHECK(db.scalarInt("SELECT count FROM warning WHERE code='negative_duration'") == 1);
    CHECK(db.scalarInt("SELECT count FROM warning WHERE code='missing_duration'") == 1);
    CHECK(db.scalarInt("SELECT count FROM warning WHERE code='out_of_order_timestamp'") == 1);
    CHECK(db.scalarInt("SELECT byte_offset FROM warning WHERE code='negative_duration'") == 8);
}

TEST_CASE("trailing comma, unterminated array and a trailing {} are tolerated with warnings", "[chrome][syntax]") {
    TempDir dir;
    auto trailing = importChromeText(dir, R"J([{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":1},])J", "a.json");
    REQUIRE(trailing.ok);
    CHECK(openReadOnly(trailing.storePath).scalarInt("SELECT count FROM warning WHERE code='trailing_comma'") == 1);

    auto open = importChromeText(dir, "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":1},\n", "b.json");
    REQUIRE(open.ok);
    Database db = openReadOnly(open.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM slice") == 1);
    CHECK(db.scalarInt("SELECT count FROM warning WHERE code='unterminated_array'") == 1);

    auto objectOpen = importChromeText(dir, R"J({"traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":1},{})J",
                                       "c.json");
    REQUIRE(objectOpen.ok);
    Database db2 = openReadOnly(objectOpen.storePath);
    CHECK(db2.scalarInt("SELECT count FROM warning WHERE code='unterminated_object'") == 1);
    CHECK(db2.scalarInt("SELECT count FROM warning WHERE code='empty_event_skipped'") == 1);
}

TEST_CASE("object form keeps keys before and after traceEvents as metadata", "[chrome][syntax]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J({"displayTimeUnit":"ns","otherData":{"version":"x"},
      "traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":1,"dur":1}],
      "baseTimeNanoseconds":1700000000000000000,"deviceProperties":[{"id":0}]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarText("SELECT value FROM meta WHERE key='trace.displayTimeUnit'") == "ns");
    CHECK(db.scalarText("SELECT json_extract(value,'$.version') FROM meta WHERE key='trace.otherData'") == "x");
    CHECK(db.scalarText("SELECT value FROM meta WHERE key='trace.baseTimeNanoseconds'") == "1700000000000000000");
    // displayTimeUnit never rescales ts.
    CHECK(db.scalarInt("SELECT ts FROM slice") == 1000);
}

TEST_CASE("gzip traces import like plain ones", "[chrome][gz]") {
    TempDir dir;
    std::string trace = dir.writeGzip("t.json.gz", R"J([{"ph":"X","name":"zipped","pid":1,"tid":1,"ts":1,"dur":2}])J");
    Error error;
    auto writer = StoreWriter::create(trace + ".opscope.sqlite", &error);
    REQUIRE(writer);
    REQUIRE(importChromeTrace(trace, *writer, {}, {}, nullptr, &error));
    REQUIRE(writer->finish(nullptr, &error));
    CHECK(openReadOnly(trace + ".opscope.sqlite").scalarText("SELECT name FROM slice_view") == "zipped");
}

TEST_CASE("events split across read chunks are carried over whole", "[chrome][chunks]") {
    TempDir dir;
    // A 3 MiB args string forces an event across the tokenizer's 1 MiB chunks; many small events follow.
    std::string big(3 << 20, 'x');
    std::string json = "[{\"ph\":\"X\",\"name\":\"big\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1,\"args\":{\"s\":\"" + big + "\"}}";
    for (int i = 0; i < 20000; ++i)
        json += ",{\"ph\":\"X\",\"name\":\"e" + std::to_string(i % 7) + "\",\"pid\":1,\"tid\":2,\"ts\":" + std::to_string(i * 10) +
                ",\"dur\":5,\"args\":{\"i\":" + std::to_string(i) + "}}";
    json += "]";
    auto r = importChromeText(dir, json);
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM slice") == 20001);
    CHECK(db.scalarInt("SELECT length(json_extract(args,'$.s')) FROM slice_view WHERE name='big'") == (3 << 20));
    CHECK(db.scalarInt("SELECT sum(json_extract(args,'$.i')) FROM slice_view WHERE name <> 'big'") == 19999LL * 20000 / 2);
}

TEST_CASE("escaped names are decoded", "[chrome][strings]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([{"ph":"X","name":"a\"b\u00e9\n","pid":1,"tid":1,"ts":1,"dur":1}])J");
    REQUIRE(r.ok);
    CHECK(openReadOnly(r.storePath).scalarText("SELECT name FROM slice_view") == "a\"b\xc3\xa9\n");
}

TEST_CASE("one thread spelt several ways has one row and one track, named once by its metadata", "[chrome][oddity]") {
    TempDir dir;
    // tid 7, "7" and 7.0 are one thread; a metadata name set before any event wins over none.
    auto r = importChromeText(dir, R"J([
      {"ph":"M","name":"thread_name","pid":1,"tid":"7","args":{"name":"loader"}},
      {"ph":"X","name":"a","pid":1,"tid":7,"ts":0,"dur":10},
      {"ph":"X","name":"b","pid":1,"tid":7.0,"ts":20,"dur":10},
      {"ph":"M","name":"thread_sort_index","pid":1,"tid":7.0,"args":{"sort_index":3}},
      {"ph":"X","name":"c","pid":1,"tid":"worker","ts":0,"dur":10},
      {"ph":"X","name":"d","pid":1,"tid":"work\u0065r","ts":20,"dur":10},
      {"ph":"M","name":"thread_name","pid":1,"tid":"work\u0065r","args":{"name":"Worker 2"}},
      {"ph":"X","name":"e","pid":1,"tid":"w\u006frker","ts":40,"dur":10}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM thread") == 2);
    CHECK(db.scalarInt("SELECT count(*) FROM track WHERE thread_id IS NOT NULL") == 2);
    CHECK(db.scalarText("SELECT name FROM thread WHERE tid = '7'") == "loader");
    CHECK(db.scalarInt("SELECT sort_index FROM thread WHERE tid = '7'") == 3);
    CHECK(db.scalarText("SELECT name FROM thread WHERE tid = 'worker'") == "Worker 2");
    CHECK(db.scalarInt("SELECT count(DISTINCT track_id) FROM slice_view WHERE name IN ('a', 'b')") == 1);
    CHECK(db.scalarInt("SELECT count(DISTINCT track_id) FROM slice_view WHERE name IN ('c', 'd', 'e')") == 1);
}
