// The Chrome importer, phase by phase, on fixtures written inline.
#include "core/store/schema.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {
std::int64_t scalar(Database& db, const std::string& sql) { return db.scalarInt(sql, -999); }
std::string text(Database& db, const std::string& sql) { return db.scalarText(sql, "<none>"); }
} // namespace

TEST_CASE("X slices nest by time with depth, parent and self time", "[chrome][X]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"child","pid":1,"tid":2,"ts":110,"dur":20},
      {"ph":"X","name":"parent","pid":1,"tid":2,"ts":100,"dur":100,"cat":"op","args":{"k":"v","n":3}},
      {"ph":"X","name":"grandchild","pid":1,"tid":2,"ts":115,"dur":5},
      {"ph":"X","name":"second","pid":1,"tid":2,"ts":150,"dur":10}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT count(*) FROM slice") == 4);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name='parent'") == 0);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name='child'") == 1);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name='grandchild'") == 2);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name='second'") == 1);
    CHECK(scalar(db, "SELECT p.name_id = (SELECT id FROM string WHERE value='parent') FROM slice c "
                     "JOIN slice p ON p.id = c.parent_id WHERE c.name_id = (SELECT id FROM string WHERE value='child')") == 1);
    CHECK(scalar(db, "SELECT self_dur FROM slice_view WHERE name='parent'") == 70000);
    CHECK(scalar(db, "SELECT self_dur FROM slice_view WHERE name='child'") == 15000);
    CHECK(text(db, "SELECT category FROM slice_view WHERE name='parent'") == "op");
    CHECK(text(db, "SELECT json_extract(args, '$.n') FROM slice_view WHERE name='parent'") == "3");
    CHECK(scalar(db, "SELECT ts FROM slice_view WHERE name='parent'") == 100000);
    // Final ids follow time order on a track.
    CHECK(text(db, "SELECT group_concat(name) FROM (SELECT name FROM slice_view ORDER BY id)") ==
          "parent,child,grandchild,second");
}

TEST_CASE("B/E pairs match per thread as a stack, unmatched ones are kept and counted", "[chrome][BE]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"B","name":"outer","pid":1,"tid":1,"ts":0,"args":{"a":1}},
      {"ph":"B","name":"inner","pid":1,"tid":1,"ts":10},
      {"ph":"E","pid":1,"tid":1,"ts":20},
      {"ph":"E","name":"outer","pid":1,"tid":1,"ts":50,"args":{"b":2}},
      {"ph":"E","name":"stray","pid":1,"tid":1,"ts":60},
      {"ph":"B","name":"open","pid":1,"tid":1,"ts":70},
      {"ph":"X","name":"last","pid":1,"tid":3,"ts":90,"dur":10}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name='outer'") == 50000);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name='inner'") == 10000);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name='inner'") == 1);
    CHECK(text(db, "SELECT json_extract(args,'$.a') || json_extract(args,'$.b') FROM slice_view WHERE name='outer'") == "12");
    CHECK(scalar(db, "SELECT count FROM warning WHERE code='unmatched_end'") == 1);
    CHECK(scalar(db, "SELECT count FROM warning WHERE code='unmatched_begin'") == 1);
    // The unfinished slice is drawn to the end of the trace and flagged.
    CHECK(scalar(db, "SELECT flags & 1 FROM slice_view WHERE name='open'") == 1);
    CHECK(scalar(db, "SELECT ts + dur FROM slice_view WHERE name='open'") == 100000);
}

TEST_CASE("instants go to the thread, the process or the global track by scope", "[chrome][instant]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"i","name":"t-inst","pid":1,"tid":1,"ts":5,"s":"t"},
      {"ph":"I","name":"legacy","pid":1,"tid":1,"ts":6},
      {"ph":"i","name":"p-inst","pid":1,"tid":1,"ts":7,"s":"p"},
      {"ph":"i","name":"g-inst","pid":"Traces","tid":1,"ts":8,"s":"g"}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT count(*) FROM slice WHERE flags & 8") == 4);
    CHECK(scalar(db, "SELECT count(*) FROM slice WHERE dur <> 0") == 0);
    CHECK(text(db, "SELECT t.kind || ':' || t.name FROM slice_view s JOIN track t ON t.id=s.track_id WHERE s.name='p-inst'") ==
          "instant:Process instants");
    // Global instants are on a track outside any process, as in Perfetto.
    CHECK(scalar(db, "SELECT t.process_id IS NULL FROM slice_view s JOIN track t ON t.id=s.track_id WHERE s.name='g-inst'") == 1);
    CHECK(text(db, "SELECT t.kind FROM slice_view s JOIN track t ON t.id=s.track_id WHERE s.name='legacy'") == "thread");
}

TEST_CASE("counters make one track per series, named '<name> <key>', with its unit", "[chrome][C]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"C","name":"AI Core Freq","pid":5,"tid":0,"ts":"100.000","args":{"MHz":1800}},
      {"ph":"C","name":"AI Core Freq","pid":5,"tid":0,"ts":"200.000","args":{"MHz":"800"}},
      {"ph":"C","name":"HBM 0/Read","pid":5,"tid":0,"ts":150,"args":{"Read(MB/s)":12.5}},
      {"ph":"C","name":"mem","pid":5,"ts":150,"args":{"used":1,"free":2}},
      {"ph":"C","name":"bad","pid":5,"ts":150,"args":{"v":"abc"}}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT count(*) FROM track WHERE kind='counter'") == 4);
    CHECK(text(db, "SELECT unit FROM track WHERE name='AI Core Freq MHz'") == "MHz");
    CHECK(text(db, "SELECT unit FROM track WHERE name='HBM 0/Read Read(MB/s)'") == "MB/s");
    CHECK(scalar(db, "SELECT count(*) FROM counter c JOIN track t ON t.id=c.track_id WHERE t.name='AI Core Freq MHz'") == 2);
    CHECK(scalar(db, "SELECT CAST(value AS INTEGER) FROM counter c JOIN track t ON t.id=c.track_id "
                     "WHERE t.name='AI Core Freq MHz' AND c.ts=200000") == 800);
    CHECK(scalar(db, "SELECT count(*) FROM track WHERE name IN ('mem used','mem free')") == 2);
    CHECK(scalar(db, "SELECT count FROM warning WHERE code='counter_value_not_number'") == 1);
}

TEST_CASE("metadata names and sorts processes and threads, pid/tid text and numbers agree", "[chrome][M]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"M","name":"process_name","pid":3170820512,"tid":0,"args":{"name":"Ascend Hardware"}},
      {"ph":"M","name":"process_labels","pid":3170820512,"args":{"labels":"NPU"}},
      {"ph":"M","name":"process_sort_index","pid":3170820512,"args":{"sort_index":13}},
      {"ph":"M","name":"thread_name","pid":"3170820512","tid":2,"args":{"name":"Stream 2"}},
      {"ph":"M","name":"thread_sort_index","pid":3170820512,"tid":"2","args":{"sort_index":4}},
      {"ph":"X","name":"k","pid":"3170820512","tid":2.0,"ts":"1736408883704643.212","dur":53.7410625},
      {"ph":"M","name":"something_else","pid":1,"args":{}}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT count(*) FROM process WHERE pid='3170820512'") == 1);
    CHECK(text(db, "SELECT name || '|' || labels || '|' || sort_index FROM process WHERE pid='3170820512'") ==
          "Ascend Hardware|NPU|13");
    CHECK(scalar(db, "SELECT count(*) FROM thread") == 1);
    CHECK(text(db, "SELECT name || '|' || sort_index FROM thread") == "Stream 2|4");
    CHECK(scalar(db, "SELECT ts FROM slice") == 1736408883704643212LL);
    CHECK(scalar(db, "SELECT dur FROM slice") == 53741);
    CHECK(scalar(db, "SELECT value FROM stat WHERE name='metadata.ignored'") == 1);
}

TEST_CASE("nestable async b/e nest per id, legacy S/F become async slices", "[chrome][async]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"b","name":"request","cat":"net","id":"0x1","pid":1,"ts":0},
      {"ph":"b","name":"dns","cat":"net","id":"0x1","pid":1,"ts":10},
      {"ph":"e","name":"dns","cat":"net","id":"0x1","pid":1,"ts":20},
      {"ph":"n","name":"mark","cat":"net","id":"0x1","pid":1,"ts":25},
      {"ph":"e","name":"request","cat":"net","id":"0x1","pid":1,"ts":40},
      {"ph":"b","name":"request","cat":"net","id":"0x2","pid":1,"ts":5},
      {"ph":"e","name":"request","cat":"net","id":"0x2","pid":1,"ts":30},
      {"ph":"S","name":"legacy","id":7,"pid":1,"ts":50},
      {"ph":"T","name":"legacy","id":7,"pid":1,"ts":55},
      {"ph":"F","name":"legacy","id":7,"pid":1,"ts":60},
      {"ph":"e","name":"ghost","cat":"net","id":"0x9","pid":1,"ts":70}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT count(*) FROM slice_view s JOIN track t ON t.id=s.track_id WHERE t.kind='async'") == 5);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name='dns'") == 1);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name='dns'") == 10000);
    // The two overlapping requests share one lane group: the second spills to a second lane, unflagged.
    CHECK(scalar(db, "SELECT count(DISTINCT track_id) FROM slice_view WHERE name='request'") == 2);
    CHECK(scalar(db, "SELECT count(*) FROM slice WHERE flags & 2") == 0);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name='legacy'") == 10000);
    CHECK(scalar(db, "SELECT count FROM warning WHERE code='unmatched_async_end'") == 1);
}

TEST_CASE("unknown phases are counted, not fatal", "[chrome][phase]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([{"ph":"Q","name":"?","pid":1,"ts":1},{"ph":"N","id":1,"name":"o","pid":1,"ts":1},
                                       {"ph":"X","name":"ok","pid":1,"tid":1,"ts":1,"dur":1}])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT value FROM stat WHERE name='events.unknown_phase'") == 1);
    CHECK(scalar(db, "SELECT value FROM stat WHERE name='events.ignored_known_phase'") == 1);
    CHECK(scalar(db, "SELECT count FROM warning WHERE code='unknown_phase'") == 1);
    CHECK(scalar(db, "SELECT count(*) FROM slice") == 1);
}
