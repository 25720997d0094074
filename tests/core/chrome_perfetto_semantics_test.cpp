// Chrome JSON read as Perfetto's trace_processor reads it (issue #20): one case per point, each on a
// fixture written here, asserting the rows that result. Deliberate differences: docs/chrome-json.md.
#include "core/store/numeric_id_key.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/store/schema.h"
#include "core/store/slice_details.h"
#include "core/store/store_summary.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <string>

using namespace opscope;
using namespace opscope::test;

namespace {
std::int64_t scalar(Database& db, const std::string& sql) { return db.scalarInt(sql, -999); }
std::string text(Database& db, const std::string& sql) { return db.scalarText(sql, "<none>"); }
std::int64_t warnings(Database& db, const std::string& code) {
    return db.scalarInt("SELECT coalesce(sum(count), 0) FROM warning WHERE code = '" + code + "'", -999);
}
std::string flowPairs(Database& db) {
    return db.scalarText("SELECT group_concat(pair, ';') FROM (SELECT a.name || '>' || b.name AS pair FROM flow f "
                         "JOIN slice_view a ON a.id = f.slice_out JOIN slice_view b ON b.id = f.slice_in "
                         "ORDER BY a.ts, b.ts)", "<none>");
}
} // namespace

TEST_CASE("1: v2 flows chain in time order, one arrow per link", "[chrome][perfetto][flow]") {
    TempDir dir;
    // A producer, two steps and a consumer; the consumer comes first in the file.
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"consumer","pid":2,"tid":1,"ts":60,"dur":10,"bind_id":"0xab","flow_in":true},
      {"ph":"X","name":"producer","pid":1,"tid":1,"ts":0,"dur":10,"bind_id":"0xab","flow_out":true},
      {"ph":"X","name":"step1","pid":1,"tid":2,"ts":20,"dur":10,"bind_id":"0xab","flow_in":true,"flow_out":true},
      {"ph":"B","name":"step2","pid":1,"tid":3,"ts":40,"bind_id":"0xab","flow_in":true,"flow_out":true},
      {"ph":"E","pid":1,"tid":3,"ts":50}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(flowPairs(db) == "producer>step1;step1>step2;step2>consumer");
    CHECK(scalar(db, "SELECT count(*) FROM flow") == 3);
    CHECK(scalar(db, "SELECT count(*) FROM flow f JOIN slice a ON a.id = f.slice_out JOIN slice b ON b.id = f.slice_in "
                     "WHERE b.ts < a.ts") == 0);
}

TEST_CASE("1: an end between steps links from the slice before it, and the chain goes on", "[chrome][perfetto][flow]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"A","pid":1,"tid":1,"ts":0,"dur":5,"bind_id":3,"flow_out":true},
      {"ph":"X","name":"B","pid":1,"tid":2,"ts":10,"dur":5,"bind_id":3,"flow_in":true},
      {"ph":"X","name":"C","pid":1,"tid":3,"ts":20,"dur":5,"bind_id":3,"flow_in":true,"flow_out":true},
      {"ph":"X","name":"D","pid":1,"tid":4,"ts":30,"dur":5,"bind_id":3,"flow_in":true}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    // Perfetto's FlowTracker: B ends the arrow from A without moving the source; C steps from A; D ends from C.
    CHECK(flowPairs(db) == "A>B;A>C;C>D");
    CHECK(r.summary.notes == 0);
}

TEST_CASE("1: a 100-slice v2 chain gives 99 arrows, all forward in time", "[chrome][perfetto][flow]") {
    TempDir dir;
    std::string json = "[";
    for (int i = 0; i < 100; ++i) {
        const char* dir_ = i == 0 ? R"("flow_out":true)" : i == 99 ? R"("flow_in":true)" : R"("flow_in":true,"flow_out":true)";
        json += std::string(i ? "," : "") + R"({"ph":"X","name":"s)" + std::to_string(i) + R"(","pid":1,"tid":)" +
                std::to_string(i % 7) + R"(,"ts":)" + std::to_string(i * 10) + R"(,"dur":5,"bind_id":7,)" + dir_ + "}";
    }
    json += "]";
    auto r = importChromeText(dir, json);
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT count(*) FROM flow") == 99);
    CHECK(scalar(db, "SELECT count(*) FROM flow f JOIN slice a ON a.id = f.slice_out JOIN slice b ON b.id = f.slice_in "
                     "WHERE b.ts <= a.ts") == 0);
    CHECK(warnings(db, "flow_without_end") == 0);
    CHECK(warnings(db, "flow_step_without_start") == 0);
}

TEST_CASE("1: v1 s/t/t/f flows chain; an end before its start links and is counted as informational",
          "[chrome][perfetto][flow]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":10},
      {"ph":"X","name":"b","pid":1,"tid":2,"ts":20,"dur":10},
      {"ph":"X","name":"c","pid":1,"tid":3,"ts":40,"dur":10},
      {"ph":"X","name":"d","pid":1,"tid":4,"ts":60,"dur":10},
      {"ph":"f","id":1,"name":"chain","cat":"x","pid":1,"tid":4,"ts":61,"bp":"e"},
      {"ph":"t","id":1,"name":"chain","cat":"x","pid":1,"tid":3,"ts":41},
      {"ph":"s","id":1,"name":"chain","cat":"x","pid":1,"tid":1,"ts":1},
      {"ph":"t","id":1,"name":"chain","cat":"x","pid":1,"tid":2,"ts":21},
      {"ph":"X","name":"launch","pid":1,"tid":5,"ts":100,"dur":5},
      {"ph":"X","name":"kernel","pid":1,"tid":6,"ts":90,"dur":3},
      {"ph":"s","id":2,"name":"h2d","cat":"y","pid":1,"tid":5,"ts":101},
      {"ph":"f","id":2,"name":"h2d","cat":"y","pid":1,"tid":6,"ts":90,"bp":"e"}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(flowPairs(db) == "a>b;b>c;c>d;launch>kernel");
    CHECK(warnings(db, "flow_backwards_in_time") == 1);
    CHECK(r.summary.warnings == 0);
    CHECK(r.summary.notes == 1);
}

TEST_CASE("2: trailing commas inside args, arrays and the event are accepted and counted",
          "[chrome][perfetto][syntax]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":5,"args":{"k":1,"arr":[1,2,],"s":"x,}",},},
      {"name":"Event1","cat":"C","ph":"b","ts":40,"pid":1,"id":1,"args":{"02.step2":2,}},
      {"name":"Event1","cat":"C","ph":"e","ts":50,"pid":1,"id":1},
      {"ph":"C","name":"mem","pid":1,"ts":10,"args":{"used":3,}}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT json_extract(args, '$.k') FROM slice_view WHERE name = 'a'") == 1);
    CHECK(scalar(db, "SELECT json_array_length(args, '$.arr') FROM slice_view WHERE name = 'a'") == 2);
    CHECK(text(db, "SELECT json_extract(args, '$.s') FROM slice_view WHERE name = 'a'") == "x,}");
    CHECK(scalar(db, "SELECT json_extract(args, '$.\"02.step2\"') FROM slice_view WHERE name = 'Event1'") == 2);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'Event1'") == 10000);
    CHECK(scalar(db, "SELECT value FROM counter c JOIN track t ON t.id = c.track_id WHERE t.name = 'mem used'") == 3);
    CHECK(warnings(db, "trailing_comma") == 5);
}

TEST_CASE("3: E closes only a B with its name (and category); a mismatch is counted and leaves the B open",
          "[chrome][perfetto][BE]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"B","name":"a","cat":"c1","pid":1,"tid":1,"ts":0},
      {"ph":"E","name":"b","pid":1,"tid":1,"ts":10},
      {"ph":"X","name":"last","pid":1,"tid":1,"ts":40,"dur":10},
      {"ph":"B","name":"outer","cat":"c","pid":1,"tid":2,"ts":0,"args":{"x":1}},
      {"ph":"B","name":"inner","cat":"c","pid":1,"tid":2,"ts":5},
      {"ph":"E","name":"outer","pid":1,"tid":2,"ts":20,"args":{"y":2}},
      {"ph":"B","name":"x","cat":"c","pid":1,"tid":2,"ts":30},
      {"ph":"E","cat":"other","pid":1,"tid":2,"ts":35},
      {"ph":"E","pid":1,"tid":2,"ts":36}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    // The mismatching E is dropped: "a" stays open to the end of the trace, flagged unfinished.
    CHECK(scalar(db, "SELECT flags & 1 FROM slice_view WHERE name = 'a'") == 1);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'a'") == 50000);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'last'") == 1);
    CHECK(warnings(db, "end_name_mismatch") == 2);
    // E "outer" closes outer under the open inner, which is cut at the E (Perfetto: misplaced_end_event).
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'outer'") == 20000);
    CHECK(text(db, "SELECT json_extract(args,'$.x') || json_extract(args,'$.y') FROM slice_view WHERE name='outer'") == "12");
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'inner'") == 15000);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'inner'") == 1);
    CHECK(warnings(db, "misplaced_end_event") == 1);
    // An E with neither name nor category closes the innermost B.
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'x'") == 6000);
}

TEST_CASE("4: tts/tdur are stored as thread_ts/thread_dur and summed as CPU time", "[chrome][perfetto][thread]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"B","pid":10,"tid":11,"ts":100,"name":"BeginEvent","cat":"cat1","tts":"95.5"},
      {"ph":"E","pid":10,"tid":11,"ts":200,"name":"BeginEvent","tts":190},
      {"ph":"X","pid":10,"tid":12,"ts":250,"dur":50,"name":"CompleteEvent","tts":240,"tdur":40},
      {"ph":"X","pid":10,"tid":12,"ts":350,"dur":50,"name":"CompleteEvent","tts":300,"tdur":"10.5"},
      {"ph":"X","pid":10,"tid":13,"ts":300,"dur":50,"name":"NoThreadTime"},
      {"ph":"i","pid":10,"tid":13,"ts":320,"name":"Instant","tts":310}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT thread_ts FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = 'BeginEvent'") == 95500);
    CHECK(scalar(db, "SELECT thread_dur FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = 'BeginEvent'") == 94500);
    CHECK(scalar(db, "SELECT sum(thread_dur) FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = 'CompleteEvent'") == 50500);
    CHECK(scalar(db, "SELECT count(*) FROM slice s JOIN string n ON n.id = s.name_id "
                     "WHERE n.value = 'NoThreadTime' AND thread_ts IS NULL AND thread_dur IS NULL") == 1);
    CHECK(scalar(db, "SELECT thread_ts FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = 'Instant'") == 310000);
    CHECK(scalar(db, "SELECT thread_dur IS NULL FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = 'Instant'") == 1);

    SliceDetails details;
    Error error;
    const std::int64_t id = scalar(db, "SELECT s.id FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = 'BeginEvent'");
    REQUIRE(loadSliceDetails(db, id, &details, &error));
    REQUIRE(details.threadDurNs);
    CHECK(*details.threadDurNs == 94500);

    OperatorStats stats;
    OperatorStatsOptions options;
    options.includeMetrics = false;
    REQUIRE(computeOperatorStats(db, options, &stats, &error));
    CHECK(stats.hasCpuTime);
    bool found = false;
    for (const OperatorStatsRow& row : stats.rows) {
        if (row.key == "CompleteEvent") {
            found = true;
            CHECK(row.cpuNs == 50500);
            CHECK(row.cpuCount == 2);
            CHECK(row.totalNs == 100000);
        }
        if (row.key == "NoThreadTime") CHECK(row.cpuCount == 0);
    }
    CHECK(found);
}

TEST_CASE("5: async ids and id2.global are global tracks, id2.local is per process, no id is dropped",
          "[chrome][perfetto][async]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"b","cat":"net","name":"req","id":7,"pid":1,"tid":1,"ts":0},
      {"ph":"e","cat":"net","name":"req","id":7,"pid":2,"tid":5,"ts":50},
      {"ph":"b","cat":"net","name":"g","id2":{"global":"0xa"},"pid":1,"ts":10},
      {"ph":"e","cat":"net","name":"g","id2":{"global":"0xa"},"pid":3,"ts":20},
      {"ph":"b","cat":"net","name":"loc","id2":{"local":"0x1"},"pid":1,"ts":0},
      {"ph":"b","cat":"net","name":"loc","id2":{"local":"0x1"},"pid":2,"ts":0},
      {"ph":"e","cat":"net","name":"loc","id2":{"local":"0x1"},"pid":1,"ts":30},
      {"ph":"e","cat":"net","name":"loc","id2":{"local":"0x1"},"pid":2,"ts":40},
      {"ph":"b","cat":"net","name":"bad","id2":{"other":"1"},"pid":1,"ts":0},
      {"ph":"n","cat":"net","name":"noid","pid":1,"ts":0},
      {"ph":"b","cat":"net","name":"emptyid","id":"","pid":1,"ts":0}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'req'") == 50000);
    CHECK(scalar(db, "SELECT t.process_id IS NULL FROM slice_view s JOIN track t ON t.id = s.track_id WHERE s.name = 'req'") == 1);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'g'") == 10000);
    CHECK(scalar(db, "SELECT t.process_id IS NULL FROM slice_view s JOIN track t ON t.id = s.track_id WHERE s.name = 'g'") == 1);
    CHECK(scalar(db, "SELECT count(DISTINCT t.process_id) FROM slice_view s JOIN track t ON t.id = s.track_id "
                     "WHERE s.name = 'loc' AND t.process_id IS NOT NULL") == 2);
    CHECK(text(db, "SELECT group_concat(dur) FROM (SELECT dur FROM slice_view WHERE name = 'loc' ORDER BY dur)") == "30000,40000");
    CHECK(scalar(db, "SELECT count(*) FROM slice_view WHERE name IN ('bad', 'noid', 'emptyid')") == 0);
    CHECK(warnings(db, "async_without_id") == 3);
}

TEST_CASE("6: zero-duration slices at one timestamp nest as Perfetto nests them", "[chrome][perfetto][nesting]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"z1","pid":1,"tid":1,"ts":10,"dur":0},
      {"ph":"X","name":"z2","pid":1,"tid":1,"ts":10,"dur":0},
      {"ph":"X","name":"zero","pid":1,"tid":2,"ts":10,"dur":0},
      {"ph":"B","name":"be","pid":1,"tid":2,"ts":10},
      {"ph":"E","name":"be","pid":1,"tid":2,"ts":20},
      {"ph":"B","name":"be3","pid":1,"tid":3,"ts":10},
      {"ph":"X","name":"zero3","pid":1,"tid":3,"ts":10,"dur":0},
      {"ph":"E","name":"be3","pid":1,"tid":3,"ts":20},
      {"ph":"X","name":"z4","pid":1,"tid":4,"ts":10,"dur":0},
      {"ph":"X","name":"long4","pid":1,"tid":4,"ts":10,"dur":5},
      {"ph":"X","name":"end5","pid":1,"tid":5,"ts":0,"dur":10},
      {"ph":"X","name":"z5","pid":1,"tid":5,"ts":10,"dur":0}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    // Two 0-length X at one ts: the second nests in the first (arrival order).
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'z1'") == 0);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'z2'") == 1);
    CHECK(text(db, "SELECT p.name FROM slice_view c JOIN slice_view p ON p.id = c.parent_id WHERE c.name = 'z2'") == "z1");
    // A 0-length X that arrived before a B at its ts is closed by the B: siblings.
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'zero'") == 0);
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'be'") == 0);
    // After the B it nests in it.
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'zero3'") == 1);
    // A longer X at the same ts is still the parent, whatever the order.
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'z4'") == 1);
    // A slice ending where a 0-length one starts does not enclose it (closed-open).
    CHECK(scalar(db, "SELECT depth FROM slice_view WHERE name = 'z5'") == 0);
    CHECK(warnings(db, "slice_overlap") == 0);
}

TEST_CASE("6: a burst of 0-length slices at one timestamp stacks no deeper than 512", "[chrome][perfetto][nesting]") {
    TempDir dir;
    std::string json = "[";
    for (int i = 0; i < 600; ++i)
        json += std::string(i ? "," : "") + R"({"ph":"X","name":"z","pid":1,"tid":1,"ts":"0.000","dur":"0.000"})";
    json += "]";
    auto r = importChromeText(dir, json);
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT count(*) FROM slice") == 600);
    CHECK(scalar(db, "SELECT max(depth) FROM slice") == 511);
    CHECK(scalar(db, "SELECT count(*) FROM slice WHERE depth = 511") == 89);
}

TEST_CASE("7: no pid/tid means 0; string pid/tid name the process/thread", "[chrome][perfetto][pid]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"noPidNoTid","ts":970,"dur":10},
      {"ph":"X","name":"pidOnly","pid":33,"ts":960,"dur":10},
      {"ph":"X","name":"strings","pid":"foo","tid":"bar","ts":5.1,"dur":500.1,"ph":"XXX"},
      {"ph":"X","name":"numericString","pid":"25738","tid":"25738","ts":1,"dur":1},
      {"ph":"X","name":"number","pid":25738,"tid":25738,"ts":3,"dur":1},
      {"ph":"M","name":"process_name","pid":"Spans","args":{"name":"Renamed"}},
      {"ph":"X","name":"span","pid":"Spans","tid":"PyTorch Profiler","ts":1,"dur":1},
      {"ph":"M","name":"thread_name","pid":"Spans","tid":"T2","args":{"name":"Named"}},
      {"ph":"X","name":"span2","pid":"Spans","tid":"T2","ts":1,"dur":1},
      {"ph":"X","pid":7,"tid":7,"ts":1,"dur":1},
      {"ph":"i","name":"badScope","pid":7,"tid":7,"ts":1,"s":"x"}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    auto where = [&](const std::string& slice, const std::string& col) {
        return text(db, "SELECT " + col + " FROM slice_view s JOIN track t ON t.id = s.track_id JOIN thread th ON th.id = t.thread_id "
                        "JOIN process p ON p.id = th.process_id WHERE s.name = '" + slice + "'");
    };
    CHECK(where("noPidNoTid", "p.pid || '/' || th.tid") == "0/0");
    CHECK(where("pidOnly", "p.pid || '/' || th.tid") == "33/33");
    CHECK(where("strings", "p.name || '/' || th.name") == "foo/bar");
    CHECK(scalar(db, "SELECT ts FROM slice_view WHERE name = 'strings'") == 5100);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'strings'") == 500100);
    CHECK(scalar(db, "SELECT count(DISTINCT track_id) FROM slice_view WHERE name IN ('numericString', 'number')") == 1);
    CHECK(where("number", "coalesce(th.name, '<null>')") == "<null>");
    CHECK(where("span", "p.name || '/' || th.name") == "Renamed/PyTorch Profiler");
    CHECK(where("span2", "th.name") == "Named"); // thread_name metadata wins over the string tid
    // A stable numeric key beside every pid and tid: the number itself, or 2^62 + a hash of the text.
    CHECK(scalar(db, "SELECT pid_num FROM process WHERE pid = '25738'") == 25738);
    CHECK(scalar(db, "SELECT tid_num FROM thread WHERE tid = '25738'") == 25738);
    CHECK(scalar(db, "SELECT pid_num FROM process WHERE pid = 'foo'") == numericIdKey("foo"));
    CHECK(numericIdKey("foo") >= kTextIdKeyBase);
    CHECK(numericIdKey("foo") == numericIdKey("foo"));
    CHECK(numericIdKey("foo") != numericIdKey("bar"));
    CHECK(numericIdKey("2/25738") == 25738);
    CHECK(numericIdKey("-3") == -3);
    CHECK(scalar(db, "SELECT count(*) FROM thread WHERE tid_num IS NULL") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM slice_view WHERE name = '[No name]'") == 1);
    CHECK(scalar(db, "SELECT count(*) FROM slice_view WHERE name = 'badScope'") == 0);
    CHECK(warnings(db, "instant_bad_scope") == 1);
}

TEST_CASE("8: counter series are named '<name> <key>' ('<name> id: <id> <key>' with an id)", "[chrome][perfetto][C]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"C","name":"AI Core Freq","pid":5,"ts":100,"args":{"MHz":1800}},
      {"ph":"C","name":"mem","pid":5,"ts":150,"args":{"used":1,"free":2}},
      {"ph":"C","name":"ctr","id":"g1","pid":5,"ts":150,"args":{"v":1}},
      {"ph":"C","name":"ctr","pid":5,"ts":150,"args":{"v":2}},
      {"ph":"C","name":"edge","pid":5,"ts":10,"args":{"leading_dot":".75","trailing_dot":"246.","lz":"050","plus":"+10.5",
                                                    "bad_exp":"1.5e","dot":".","plus_only":"+","minus":"-","b":true}}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    auto value = [&](const std::string& track) {
        Statement st = db.prepare("SELECT value FROM counter c JOIN track t ON t.id = c.track_id WHERE t.name = ?");
        st.bind(1, track);
        return st.step() ? st.real(0) : -1.0;
    };
    CHECK(text(db, "SELECT unit FROM track WHERE name = 'AI Core Freq MHz'") == "MHz");
    CHECK(value("AI Core Freq MHz") == 1800);
    CHECK(value("mem used") == 1);
    CHECK(value("mem free") == 2);
    CHECK(value("ctr id: g1 v") == 1);
    CHECK(value("ctr v") == 2);
    CHECK(value("edge leading_dot") == Approx(0.75));
    CHECK(value("edge trailing_dot") == 246);
    CHECK(value("edge lz") == 50);
    CHECK(value("edge plus") == Approx(10.5));
    CHECK(scalar(db, "SELECT count(*) FROM track WHERE name LIKE 'edge %'") == 4);
    CHECK(warnings(db, "counter_value_not_number") == 5);
    CHECK(scalar(db, "SELECT count(*) FROM track WHERE kind = 'counter' AND name IN ('AI Core Freq', 'ctr', 'mem')") == 0);
}

TEST_CASE("9: an X without dur, or with a dur/ts that does not parse, is dropped and counted with a sample",
          "[chrome][perfetto][oddity]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"noDur","pid":1,"tid":1,"ts":0},
      {"ph":"X","name":"badDur","pid":1,"tid":1,"ts":0,"dur":"50a"},
      {"ph":"X","name":"badTs","pid":1,"tid":1,"ts":"invalid","dur":5},
      {"ph":"X","name":"ok","pid":1,"tid":1,"ts":"1.5","dur":"2"}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(text(db, "SELECT group_concat(name) FROM slice_view") == "ok");
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'ok'") == 2000);
    CHECK(text(db, "SELECT sample FROM warning WHERE code = 'missing_duration'") == "noDur");
    CHECK(text(db, "SELECT sample FROM warning WHERE code = 'bad_duration'") == "badDur");
    CHECK(text(db, "SELECT sample FROM warning WHERE code = 'bad_timestamp'") == "badTs");
    CHECK(scalar(db, "SELECT byte_offset > 0 FROM warning WHERE code = 'bad_duration'") == 1);
    CHECK(r.summary.warnings == 3);
}

TEST_CASE("10: unsorted events and flow ends without a start are informational, not warnings",
          "[chrome][perfetto][summary]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J({"traceEvents":[
      {"ph":"X","cat":"kernel","name":"k2","pid":0,"tid":7,"ts":200,"dur":10},
      {"ph":"X","cat":"kernel","name":"k1","pid":0,"tid":7,"ts":100,"dur":10},
      {"ph":"f","id":1,"pid":0,"tid":7,"ts":100,"cat":"ac2g","name":"ac2g","bp":"e"},
      {"ph":"X","name":"noDur","pid":0,"tid":7,"ts":300}
    ]})J");
    REQUIRE(r.ok);
    CHECK(r.summary.warnings == 1); // the X without dur
    CHECK(r.summary.notes == 2);
    Database db = openReadOnly(r.storePath);
    StoreSummary s = readStoreSummary(db);
    CHECK(s.warningTotal() == 1);
    CHECK(s.informationalTotal() == 2);
    CHECK(warnings(db, "out_of_order_timestamp") == 1);
    CHECK(warnings(db, "flow_end_without_start") == 1);
}

TEST_CASE("11: timestamps stay exact to the nanosecond where a double would not", "[chrome][perfetto][time]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"X","name":"num","pid":1,"tid":1,"ts":1712195495519689.047,"dur":0.001},
      {"ph":"X","name":"str","pid":1,"tid":2,"ts":"1736408883688177.930","dur":"53.7410625"}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(scalar(db, "SELECT ts FROM slice_view WHERE name = 'num'") == 1712195495519689047);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'num'") == 1);
    CHECK(scalar(db, "SELECT ts FROM slice_view WHERE name = 'str'") == 1736408883688177930);
    CHECK(scalar(db, "SELECT dur FROM slice_view WHERE name = 'str'") == 53741);
}
