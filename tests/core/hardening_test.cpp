// Issue #14: every crafted input that used to crash opscope or lose a file, each reproduced with a
// small fixture and answered now with a bounded, counted oddity or an error naming the file.
#include "core/session/open_trace.h"
#include "ascend_test_support.h"
#include "test_support.h"

#include "core/analysis/compare/baseline_json.h"
#include "core/analysis/compare/comparison.h"
#include "core/analysis/diagnosis/rules_config.h"
#include "core/importers/graph/graph_formats.h"
#include "core/model/json_depth.h"
#include "core/model/time_bounds.h"
#include "core/model/utf8.h"
#include "core/store/read_only_query.h"
#include "core/store/slice_details.h"
#include "core/store/slice_nesting.h"
#include "core/store/source_snapshot.h"
#include "core/store/stale_temp_files.h"
#include "core/store/store_validation.h"
#include "core/store/trace_store.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <limits>
#include <unistd.h>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string nested(int depth) { return std::string(static_cast<std::size_t>(depth), '[') + std::string(static_cast<std::size_t>(depth), ']'); }

std::string nestedObject(int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += "{\"a\":";
    text += "1";
    text.append(static_cast<std::size_t>(depth), '}');
    return text;
}

// DIR/PROF_1/msprof_1.db made by sql: an msprof export as the importer finds it.
std::string writeMsprofDb(const TempDir& dir, const std::string& sql) {
    std::filesystem::create_directories(dir.path() / "PROF_1");
    const std::string path = (dir.path() / "PROF_1" / "msprof_1.db").string();
    Database(path, Database::Mode::Create).exec(sql);
    return path;
}

std::int64_t warningCount(Database& db, const std::string& code) {
    return db.scalarInt("SELECT coalesce(sum(count), 0) FROM warning WHERE code = '" + code + "'");
}

} // namespace

// ---- case 1: deep nesting
TEST_CASE("json nesting is measured without recursion, exactly at the limit", "[hardening]") {
    CHECK_FALSE(jsonNestingExceeds(nested(kMaxArgsDepth), kMaxArgsDepth));
    CHECK(jsonNestingExceeds(nested(kMaxArgsDepth + 1), kMaxArgsDepth));
    CHECK_FALSE(jsonNestingExceeds("{\"k\":\"[[[[[[\"}", 1)); // brackets inside strings do not count
    CHECK(jsonNestingExceeds(nested(1'000'000), kMaxArgsDepth));
}

TEST_CASE("B/E args nested 90,000 deep are not merged: the import ends, the oddity is counted", "[hardening]") {
    TempDir dir;
    const std::string deep = nestedObject(90'000);
    auto r = importChromeText(dir, R"([{"ph":"B","name":"b","pid":1,"tid":1,"ts":1,"args":{"x":1}},)"
                                   R"({"ph":"E","pid":1,"tid":1,"ts":2,"args":{"deep":)" + deep + "}}]");
    INFO(describe(r.error));
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM slice") == 1);
    CHECK(warningCount(db, "args_too_deep") == 1);
    CHECK(db.scalarText("SELECT args FROM slice_view") == R"({"x":1})");
}

TEST_CASE("X args nested beyond the limit are replaced at import; at the limit they are kept", "[hardening]") {
    TempDir dir;
    // nestedObject(n) opens n objects: the args of "limit" are exactly kMaxArgsDepth deep.
    auto r = importChromeText(dir, R"([{"ph":"X","name":"deep","pid":1,"tid":1,"ts":1,"dur":1,"args":)" +
                                       nestedObject(40'000) + R"(},{"ph":"X","name":"limit","pid":1,"tid":1,"ts":3,"dur":1,"args":)" +
                                       nestedObject(kMaxArgsDepth) + R"(},{"ph":"X","name":"over","pid":1,"tid":1,"ts":5,"dur":1,"args":)" +
                                       nestedObject(kMaxArgsDepth + 1) + "}]");
    INFO(describe(r.error));
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(warningCount(db, "args_too_deep") == 2);
    CHECK(db.scalarText("SELECT args FROM slice_view WHERE name = 'deep'") == std::string(kArgsTooDeepJson));
    CHECK(db.scalarText("SELECT args FROM slice_view WHERE name = 'over'") == std::string(kArgsTooDeepJson));
    CHECK(db.scalarText("SELECT args FROM slice_view WHERE name = 'limit'") == nestedObject(kMaxArgsDepth));
}

TEST_CASE("slice details flatten args of any depth without recursion (stores of older versions)", "[hardening]") {
    std::vector<SliceArgRow> rows = parseArgRows(nestedObject(40'000));
    REQUIRE(rows.size() == 33); // levels 0..31 as containers, then one summary row
    CHECK(rows.front().key == "a");
    CHECK(rows.back().level == 32);
    CHECK(rows.back().value == "(nested deeper than 32 levels)");
    std::vector<SliceArgRow> flat = parseArgRows(R"({"b":[1,{"c":"d"}],"e":2})");
    REQUIRE(flat.size() == 5);
    CHECK(flat[0].key == "b");
    CHECK(flat[1].key == "[0]");
    CHECK(flat[2].key == "[1]");
    CHECK(flat[3].key == "c");
    CHECK(flat[3].level == 2);
    CHECK(flat[4].key == "e");
}

TEST_CASE("a graph file nested 100,000 deep is refused with a message, not a stack overflow", "[hardening]") {
    TempDir dir;
    std::string path = dir.write("deep.graph.json", R"({"format":"opscope-graph","nodes":[{"name":"n","attrs":)" +
                                                        nestedObject(100'000) + "}]}");
    GraphModel model;
    Error error;
    CHECK_FALSE(readGraphFile(path, &model, &error));
    CHECK(error.code == ErrorCode::JsonSyntax);
    CHECK(error.file == path);
    CHECK(error.expected.find("nested at most 200") != std::string::npos);
}

// ---- case 2 and 11: an msprof export with a non-UTF-8 task type and extreme times
TEST_CASE("msprof db: a non-UTF-8 task type and an end - start that overflows import cleanly", "[hardening]") {
    TempDir dir;
    const std::string path = writeMsprofDb(dir, R"SQL(
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1, 'Conv2D1'), (2, CAST(X'41FF42' AS TEXT)), (3, 'AI_CORE');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES (1000, 2000, 0, 1, 1, 0, 2, 0, 2, 101, 0),
  (-9223372036854775808, 9223372036854775807, 0, 2, 2, 0, 2, 0, 2, 102, 0);
CREATE TABLE COMPUTE_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, blockDim INTEGER, mixBlockDim INTEGER,
  taskType INTEGER, opType INTEGER);
INSERT INTO COMPUTE_TASK_INFO VALUES (1, 1, 16, 0, 2, 2), (1, 2, 16, 0, 2, 2);
)SQL");
    TempDir out;
    AscendOutcome result = importAscendPath(out, path);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    Database db = openReadOnly(result.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM slice WHERE dur < 0") == 0);
    CHECK(db.scalarInt("SELECT count(*) FROM string WHERE value = 'A' || char(65533) || 'B'") == 1);
    CHECK(warningCount(db, "invalid_utf8_replaced") >= 1);
    CHECK(db.scalarInt("SELECT count(*) FROM slice WHERE ts < -4000000000000000000 OR ts + dur > 4000000000000000000") == 0);
}

// Every table whose rows have a start and an end, each given the widest pair: end - start overflows int64
// (undefined behaviour before; the sanitizer build stops on it). Found re-reading the DB importer in session 6.
TEST_CASE("msprof db: the widest start and end in every range table import without overflow", "[hardening]") {
    TempDir dir;
    const std::string path = writeMsprofDb(dir, R"SQL(
CREATE TABLE STRING_IDS(id INTEGER PRIMARY KEY, value TEXT);
INSERT INTO STRING_IDS VALUES (1, 'aclnnAdd'), (2, 'hcom_allReduce_'), (3, 'group'), (4, 'Notify_Wait');
CREATE TABLE TASK(startNs INTEGER, endNs INTEGER, deviceId INTEGER, connectionId INTEGER, globalTaskId INTEGER,
  globalPid INTEGER, taskType INTEGER, contextId INTEGER, streamId INTEGER, taskId INTEGER, modelId INTEGER);
INSERT INTO TASK VALUES (-9223372036854775808, 9223372036854775807, 0, 7, 1, 0, 4, 0, 3, 101, 0);
CREATE TABLE CANN_API(startNs INTEGER, endNs INTEGER, type INTEGER, globalTid INTEGER, connectionId INTEGER, name INTEGER);
INSERT INTO CANN_API VALUES (-9223372036854775808, 9223372036854775807, 10000, 1, 7, 1);
CREATE TABLE MSTX_EVENTS(startNs INTEGER, endNs INTEGER, eventType INTEGER, message INTEGER, globalTid INTEGER);
INSERT INTO MSTX_EVENTS VALUES (-9223372036854775808, 9223372036854775807, 2, 1, 1);
CREATE TABLE COMMUNICATION_OP(opName INTEGER, startNs INTEGER, endNs INTEGER, connectionId INTEGER, groupName INTEGER,
  opId INTEGER PRIMARY KEY);
INSERT INTO COMMUNICATION_OP VALUES (2, -9223372036854775808, 9223372036854775807, 7, 3, 1);
CREATE TABLE COMMUNICATION_TASK_INFO(name INTEGER, globalTaskId INTEGER PRIMARY KEY, taskType INTEGER, planeId INTEGER,
  groupName INTEGER, opId INTEGER);
INSERT INTO COMMUNICATION_TASK_INFO VALUES (4, 1, 4, 0, 3, 1);
CREATE TABLE OVERLAP_ANALYSIS(id INTEGER PRIMARY KEY, deviceId INTEGER, startNs INTEGER, endNs INTEGER, type INTEGER);
INSERT INTO OVERLAP_ANALYSIS VALUES (1, 0, -9223372036854775808, 9223372036854775807, 0);
)SQL");
    TempDir out;
    AscendOutcome result = importAscendPath(out, path);
    INFO(describe(result.error));
    REQUIRE(result.ok);
    Database db = openReadOnly(result.storePath);
    // The CANN call, the mstx range, the collective, its plane task and the overlap range: each stored
    // inside the store's time range, none with a negative duration.
    CHECK(db.scalarInt("SELECT count(*) FROM slice") >= 5);
    CHECK(db.scalarInt("SELECT count(*) FROM slice WHERE dur < 0") == 0);
    CHECK(db.scalarInt("SELECT count(*) FROM slice WHERE ts < " + std::to_string(kMinStoreTimeNs) + " OR ts + dur > " +
                       std::to_string(kMaxStoreTimeNs)) == 0);
}

// The B/E pair's thread time is E's tts minus B's: at the ends of int64 that overflowed. Now it is left
// unknown (NULL) when it does not fit; an ordinary pair keeps its difference.
TEST_CASE("chrome B/E: thread times at the ends of int64 leave the CPU time unknown, without overflow",
          "[hardening]") {
    TempDir dir;
    auto r = importChromeText(dir, R"([{"ph":"B","name":"wide","pid":1,"tid":1,"ts":1,"tts":-9223372036854775.807},)"
                                   R"({"ph":"E","pid":1,"tid":1,"ts":2,"tts":9223372036854775.807},)"
                                   R"({"ph":"B","name":"plain","pid":1,"tid":1,"ts":3,"tts":10},)"
                                   R"({"ph":"E","pid":1,"tid":1,"ts":4,"tts":15}])");
    INFO(describe(r.error));
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM slice s JOIN string n ON n.id = s.name_id "
                       "WHERE n.value = 'wide' AND s.thread_dur IS NULL") == 1);
    CHECK(db.scalarInt("SELECT s.thread_dur FROM slice s JOIN string n ON n.id = s.name_id WHERE n.value = 'plain'") == 5000);
}

// msprof's operator_memory gives a duration instead of a release time: the release is allocation +
// duration, which overflowed for an allocation at the end of int64; it now saturates.
TEST_CASE("msprof text: an allocation at the end of int64 plus its duration saturates", "[hardening]") {
    TempDir dir;
    std::filesystem::create_directories(dir.path() / "PROF_2" / "device_1" / "summary");
    dir.write("PROF_2/device_1/summary/operator_memory_0_1_20240101.csv",
              "Device_id,Name,Size(KB),Allocation Time(us),Duration(us),Device\n"
              "1,wide,64.0,9223372036854775.807\t,2.25\t,NPU:1\n"
              "1,plain,64.0,1000.5\t,2.25\t,NPU:1\n");
    AscendOutcome run = importAscendPath(dir, dir.file("PROF_2"));
    INFO(describe(run.error));
    REQUIRE(run.ok);
    Database db = openReadOnly(run.storePath);
    CHECK(db.scalarInt("SELECT release_ts FROM memory_allocation WHERE operator = 'wide'") ==
          std::numeric_limits<std::int64_t>::max());
    CHECK(db.scalarInt("SELECT release_ts FROM memory_allocation WHERE operator = 'plain'") == 1'002'750);
}

// ---- case 3: invalid UTF-8 and lone surrogates
TEST_CASE("utf8: invalid bytes, surrogates and overlongs are replaced, valid text is kept", "[hardening]") {
    std::size_t n = 0;
    CHECK(sanitizedUtf8("caf\xC3\xA9", &n) == "caf\xC3\xA9");
    CHECK(n == 0);
    CHECK(sanitizedUtf8("a\xFF" "b", &n) == "a\xEF\xBF\xBD" "b");
    CHECK(n == 1);
    CHECK(sanitizedUtf8("\xED\xA0\x80", &n) == "\xEF\xBF\xBD"); // an encoded surrogate: one replacement
    CHECK(n == 1);
    CHECK(sanitizedUtf8("\xC0\xAF", &n) == "\xEF\xBF\xBD\xEF\xBF\xBD"); // overlong '/': two bytes, two
    CHECK(n == 2);
    CHECK(sanitizedUtf8("\xE6\x97" "a", &n) == "\xEF\xBF\xBD" "a"); // a truncated sequence: one
    CHECK(n == 1);
    CHECK_FALSE(isValidUtf8("\xF4\x90\x80\x80"));                        // beyond U+10FFFF
    CHECK(isValidUtf8("\xF0\x9F\x98\x80"));
    std::string out;
    CHECK(sanitizeJsonText(R"({"k":"\ud800x","pair":"\ud83d\ude00"})", &out, &n));
    CHECK(out == R"({"k":"\ufffdx","pair":"\ud83d\ude00"})");
    CHECK(n == 1);
    CHECK_FALSE(sanitizeJsonText(R"({"k":"\u00e9\n"})", &out, &n));
}

TEST_CASE("slice names with invalid UTF-8 or a lone \\ud800 are stored repaired, counted, and save as a baseline",
          "[hardening]") {
    TempDir dir;
    auto r = importChromeText(dir, "[{\"ph\":\"X\",\"name\":\"bad\xFF\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":5},"
                                   "{\"ph\":\"X\",\"name\":\"lone\\ud800\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":5,"
                                   "\"args\":{\"s\":\"\\udc00\"}}]");
    INFO(describe(r.error));
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM string WHERE value = 'bad' || char(65533)") == 1);
    CHECK(db.scalarInt("SELECT count(*) FROM string WHERE value = 'lone' || char(65533)") == 1);
    CHECK(db.scalarText("SELECT args FROM slice_view WHERE name LIKE 'lone%'") == R"({"s":"\ufffd"})");
    CHECK(warningCount(db, "invalid_utf8_replaced") == 3);
    BaselineAggregates baseline;
    Error error;
    REQUIRE(computeBaseline(db, BaselineOptions{}, &baseline, &error));
    std::string json = baselineToJson(baseline);
    CHECK(isValidUtf8(json));
}

// ---- case 4: crafted stores
namespace {
std::string importedStore(const TempDir& dir) {
    auto r = importChromeText(dir, R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])");
    REQUIRE(r.ok);
    return r.storePath;
}
void tamper(const std::string& store, const std::string& sql) {
    Database db(store, Database::Mode::ReadWrite);
    db.exec(sql);
}
} // namespace

TEST_CASE("store validation: a good store passes; foreign, damaged and crafted stores are refused", "[hardening]") {
    TempDir dir;
    const std::string store = importedStore(dir);
    Error error;
    CHECK(validateStoreFile(store, &error));

    SECTION("slice_count 4,000,000,000") {
        tamper(store, "UPDATE track SET slice_count = 4000000000");
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.code == ErrorCode::BadStore);
        CHECK(error.file == store);
        CHECK(error.detail.find("slice_count 4000000000") != std::string::npos);
    }
    SECTION("a track id of 9,000,000,000") {
        tamper(store, "UPDATE track SET id = 9000000000; UPDATE slice SET track_id = 9000000000");
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.expected.find("ids of table track") != std::string::npos);
    }
    SECTION("no track table") {
        tamper(store, "DROP TABLE track");
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.expected == "the table track");
    }
    SECTION("another schema version") {
        tamper(store, "UPDATE meta SET value = '99' WHERE key = 'schema_version'");
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.detail == "schema version 99");
    }
    SECTION("a missing column") {
        tamper(store, "DROP VIEW slice_view; ALTER TABLE slice DROP COLUMN flags");
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.expected.find("in table slice") != std::string::npos);
    }
    SECTION("a file cut in half") {
        std::filesystem::resize_file(store, std::filesystem::file_size(store) / 2);
        CHECK_FALSE(validateStoreFile(store, &error));
        CHECK(error.code == ErrorCode::BadStore);
    }
    SECTION("not SQLite at all") {
        std::string text = dir.write("x.sqlite", "hello");
        CHECK_FALSE(validateStoreFile(text, &error));
        CHECK(error.detail.find("SQLite header") != std::string::npos);
    }
}

TEST_CASE("openTrace refuses a crafted store given as input with an error naming it", "[hardening]") {
    TempDir dir;
    const std::string store = importedStore(dir);
    tamper(store, "UPDATE track SET slice_count = 4000000000");
    OpenResult result;
    Error error;
    CHECK_FALSE(openTrace({store}, OpenOptions{}, ImportProgress{}, &result, &error));
    CHECK(error.code == ErrorCode::BadStore);
    CHECK(error.file == store);
}

// ---- case 5: graphs, baselines and rules with values of other types
TEST_CASE("graph files with out-of-range numbers or wrong types end as errors", "[hardening]") {
    TempDir dir;
    GraphModel model;
    Error error;
    CHECK_FALSE(readGraphFile(dir.write("a_et.json", "[1e309"), &model, &error));
    CHECK_FALSE(readGraphFile(dir.write("b_et.json", R"({"format":"opscope-graph","nodes":[{"name":"n"}],"x":1e309})"),
                              &model, &error));
    CHECK(error.expected == "numbers within the range of a double");
    CHECK_FALSE(readGraphFile(dir.write("c.graph.json", R"({"format":"opscope-graph","direction":false,"nodes":[{"name":"n"}]})"),
                              &model, &error));
    CHECK(error.code == ErrorCode::WrongType);
    CHECK_FALSE(readGraphFile(dir.write("d_et.json", R"({"schema":"1.0.1","pid":1,"nodes":[{"id":1,"name":5,"ctrl_deps":0}]})"),
                              &model, &error));
    CHECK(error.code == ErrorCode::WrongType);
    CHECK(error.file.find("d_et.json") != std::string::npos);
}

TEST_CASE("baselines with \"format\": 1 or \"version\": \"1\" are refused, not aborted on", "[hardening]") {
    BaselineAggregates out;
    Error error;
    CHECK_FALSE(baselineFromJson(R"({"format":1,"version":1})", &out, &error));
    CHECK(error.code == ErrorCode::WrongType);
    CHECK(error.detail == "1");
    CHECK_FALSE(baselineFromJson(R"({"format":"opscope-baseline","version":"1"})", &out, &error));
    CHECK(error.detail == "\"1\"");
    CHECK_FALSE(baselineFromJson("{\"format\":\"opscope-baseline\",\"version\":1,\"devices\":[{\"label\":false}]}", &out, &error));
    CHECK_FALSE(baselineFromJson(nested(100'000), &out, &error));
}

TEST_CASE("rules files with fields of other types are refused", "[hardening]") {
    RulesConfig cfg;
    Error error;
    // Wrong types either fall back to defaults or end as an error: never an exception.
    CHECK_NOTHROW(parseRulesConfig(R"({"priority":{"high_time_share":"x"},"bubble_causes":{"launch":5}})", &cfg, &error));
    CHECK_NOTHROW(parseRulesConfig(R"({"rules":[{"id":"x","title":5,"needs":[1]}]})", &cfg, &error));
    CHECK_FALSE(parseRulesConfig(nested(100'000), &cfg, &error));
    CHECK(error.code == ErrorCode::WrongType);
}

// ---- case 6, 7, 8: the output path, stale temporaries, a source that changes during its import
TEST_CASE("import: -o refuses the input itself and any existing file that is not a store", "[hardening]") {
    TempDir dir;
    const std::string trace = dir.write("t.json", R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])");
    const std::string before = dir.write("copy.json", R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])");
    OpenResult result;
    Error error;
    OpenOptions options;
    options.storePath = trace;
    CHECK_FALSE(openTrace({trace}, options, ImportProgress{}, &result, &error));
    CHECK(error.code == ErrorCode::WouldOverwrite);
    options.storePath = dir.write("notes.txt", "my notes");
    CHECK_FALSE(openTrace({trace}, options, ImportProgress{}, &result, &error));
    CHECK(error.code == ErrorCode::WouldOverwrite);
    std::ifstream notes(options.storePath);
    CHECK(std::string(std::istreambuf_iterator<char>(notes), {}) == "my notes");
    options.storePath = dir.file("new.sqlite");
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &result, &error));
    options.forceReimport = true; // an existing store may be replaced
    CHECK(openTrace({trace}, options, ImportProgress{}, &result, &error));
    std::ifstream traceText(trace);
    CHECK(std::string(std::istreambuf_iterator<char>(traceText), {}) ==
          R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])");
}

TEST_CASE("stale temporary stores of dead processes are removed; others are left alone", "[hardening]") {
    TempDir dir;
    // pid 999999999 cannot run (above pid_max); our own pid is alive.
    const std::string stale = dir.write("t.json.opscope.sqlite.tmp-999999999", "");
    const std::string live = dir.write("t.json.opscope.sqlite.tmp-" + std::to_string(::getpid()), "");
    const std::string foreign = dir.write("notes.tmp-999999999", "not a store");
    const std::string other = dir.write("report.tmp-abc", "");
    std::vector<std::string> removed = removeStaleTempStores(dir.path().string());
    CHECK(removed == std::vector<std::string>{stale});
    CHECK_FALSE(std::filesystem::exists(stale));
    CHECK(std::filesystem::exists(live));
    CHECK(std::filesystem::exists(foreign));
    CHECK(std::filesystem::exists(other));
}

TEST_CASE("a trace that changes while it is imported fails the import and leaves no store", "[hardening]") {
    TempDir dir;
    std::string text = "[";
    for (int i = 0; i < 20000; ++i) text += R"({"ph":"X","name":"k","pid":1,"tid":1,"ts":)" + std::to_string(i * 10) + R"(,"dur":5},)";
    text += "{}]";
    const std::string trace = dir.write("t.json", text);
    ImportProgress progress;
    bool touched = false;
    progress.onProgress = [&](std::int64_t, std::int64_t, std::int64_t) {
        if (touched) return;
        touched = true;
        std::ofstream(trace, std::ios::app) << " ";
    };
    OpenResult result;
    Error error;
    CHECK_FALSE(openTrace({trace}, OpenOptions{}, progress, &result, &error));
    CHECK(touched);
    CHECK(error.code == ErrorCode::SourceChanged);
    CHECK(error.file == trace);
    CHECK_FALSE(std::filesystem::exists(trace + ".opscope.sqlite"));
    // Unchanged, the next import succeeds and is then reused.
    REQUIRE(openTrace({trace}, OpenOptions{}, ImportProgress{}, &result, &error));
    CHECK_FALSE(result.reused);
    REQUIRE(openTrace({trace}, OpenOptions{}, ImportProgress{}, &result, &error));
    CHECK(result.reused);
}

// ---- case 9: "nan" as a counter value
TEST_CASE("counter values \"nan\" and \"inf\" are skipped and counted, the import succeeds", "[hardening]") {
    TempDir dir;
    auto r = importChromeText(dir, R"([{"ph":"C","name":"c","pid":1,"ts":1,"args":{"v":"nan"}},)"
                                   R"({"ph":"C","name":"c","pid":1,"ts":2,"args":{"v":"inf"}},)"
                                   R"({"ph":"C","name":"c","pid":1,"ts":3,"args":{"v":"2.5"}}])");
    INFO(describe(r.error));
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM counter") == 1);
    CHECK(warningCount(db, "counter_value_not_number") == 2);
}

// ---- case 10 and 13: query
TEST_CASE("read-only query: writes, ATTACH, VACUUM INTO, extensions and second statements are refused", "[hardening]") {
    TempDir dir;
    const std::string store = importedStore(dir);
    Database db(store, Database::Mode::ReadOnly);
    auto run = [&](const std::string& sql, QueryLimits limits = {}) {
        return runReadOnlyQuery(db, sql, limits, [](Statement&) {}, [](Statement&) {});
    };
    const std::string target = dir.file("copy.sqlite");
    CHECK(run("VACUUM INTO '" + target + "'").outcome == QueryOutcome::Refused);
    CHECK_FALSE(std::filesystem::exists(target));
    CHECK(run("ATTACH '" + target + "' AS x").outcome == QueryOutcome::Refused);
    CHECK_FALSE(std::filesystem::exists(target));
    CHECK(run("DELETE FROM slice").outcome == QueryOutcome::Refused);
    CHECK(run("SELECT load_extension('x')").outcome == QueryOutcome::Refused);
    CHECK(run("PRAGMA user_version = 5").outcome == QueryOutcome::Refused);
    QueryResult two = run("SELECT 1; DROP TABLE slice");
    CHECK(two.outcome == QueryOutcome::Refused);
    CHECK(two.message.find("one statement") != std::string::npos);
    CHECK(run("SELECT 1; -- done\n").outcome == QueryOutcome::Done);
    QueryResult pragma = run("PRAGMA table_info(slice)");
    INFO(pragma.message);
    CHECK(pragma.outcome == QueryOutcome::Done);
    CHECK(run("SELECT nonsense FROM nowhere").outcome == QueryOutcome::Failed);
    CHECK(db.scalarInt("SELECT count(*) FROM slice") == 1);
}

TEST_CASE("read-only query: the row limit holds exactly at its value, and a runaway query times out", "[hardening]") {
    TempDir dir;
    const std::string store = importedStore(dir);
    Database db(store, Database::Mode::ReadOnly);
    const std::string five = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT i FROM n";
    QueryLimits limits;
    limits.maxRows = 5;
    QueryResult atLimit = runReadOnlyQuery(db, five, limits, [](Statement&) {}, [](Statement&) {});
    CHECK(atLimit.outcome == QueryOutcome::Done);
    CHECK(atLimit.rows == 5);
    limits.maxRows = 4;
    QueryResult below = runReadOnlyQuery(db, five, limits, [](Statement&) {}, [](Statement&) {});
    CHECK(below.outcome == QueryOutcome::RowLimit);
    CHECK(below.rows == 4);
    limits = QueryLimits{};
    limits.timeoutMs = 200;
    auto started = std::chrono::steady_clock::now();
    QueryResult forever = runReadOnlyQuery(
        db, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n", limits,
        [](Statement&) {}, [](Statement&) {});
    CHECK(forever.outcome == QueryOutcome::TimedOut);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(5));
}

TEST_CASE("a store whose path holds '#', '?' and '%' opens again as a store", "[hardening]") {
    TempDir dir;
    const std::string trace = dir.write("t.json", R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":5}])");
    OpenOptions options;
    options.storePath = dir.file("odd #1 ?x=%41.sqlite");
    OpenResult result;
    Error error;
    REQUIRE(openTrace({trace}, options, ImportProgress{}, &result, &error));
    CHECK(isOpscopeStore(options.storePath));
    REQUIRE(openTrace({options.storePath}, OpenOptions{}, ImportProgress{}, &result, &error));
    CHECK(result.reused);
    CHECK(result.storePath == options.storePath);
}

TEST_CASE("a .db file that is not SQLite is named as such, not parsed as JSON", "[hardening]") {
    TempDir dir;
    const std::string path = dir.write("profile.db", "[not sqlite]");
    OpenResult result;
    Error error;
    CHECK_FALSE(openTrace({path}, OpenOptions{}, ImportProgress{}, &result, &error));
    CHECK(error.code == ErrorCode::BadDatabase);
    CHECK(error.file == path);
}

// ---- case 11: int64 overflow of ts + dur
TEST_CASE("ts + dur beyond int64 is bounded and counted, the span stays positive", "[hardening]") {
    TempDir dir;
    auto r = importChromeText(dir, R"([{"ph":"X","name":"huge","pid":1,"tid":1,"ts":9223372036854775.807,"dur":9223372036854775.807},)"
                                   R"({"ph":"X","name":"long","pid":1,"tid":1,"ts":1,"dur":9223372036854775.807},)"
                                   R"({"ph":"X","name":"edge","pid":1,"tid":2,"ts":0,"dur":4000000000000000}])");
    INFO(describe(r.error));
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT max(ts + dur) FROM slice") == kMaxStoreTimeNs);
    CHECK(db.scalarInt("SELECT dur FROM slice_view WHERE name = 'edge'") == kMaxStoreTimeNs); // at the bound: kept
    CHECK(warningCount(db, "time_out_of_range") == 1);
    CHECK(warningCount(db, "duration_out_of_range") == 1);
    CHECK(r.summary.endNs - r.summary.startNs > 0);
    CHECK(durationBetween(std::numeric_limits<TimeNs>::min(), std::numeric_limits<TimeNs>::max()) == 0);
}

// ---- case 12: memory bounded by a nesting limit
TEST_CASE("B/E nested beyond kMaxSliceDepth are dropped and counted; X beyond it stay as leaves", "[hardening]") {
    TempDir dir;
    const int depth = kMaxSliceDepth + 10;
    std::string text = "[";
    for (int i = 0; i < depth; ++i) text += R"({"ph":"B","name":"b","pid":1,"tid":1,"ts":)" + std::to_string(i) + "},";
    for (int i = 0; i < depth; ++i) text += R"({"ph":"E","pid":1,"tid":1,"ts":)" + std::to_string(10'000 - i) + "},";
    for (int i = 0; i < depth; ++i)
        text += R"({"ph":"X","name":"x","pid":1,"tid":2,"ts":)" + std::to_string(i) + R"(,"dur":)" + std::to_string(100'000 - 2 * i) + "},";
    text += "{}]";
    auto r = importChromeText(dir, text);
    INFO(describe(r.error));
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM slice_view WHERE name = 'b'") == kMaxSliceDepth);
    CHECK(db.scalarInt("SELECT count(*) FROM slice_view WHERE name = 'x'") == depth);
    CHECK(db.scalarInt("SELECT max(depth) FROM slice") == kMaxSliceDepth);
    CHECK(db.scalarInt("SELECT count(*) FROM slice WHERE depth = " + std::to_string(kMaxSliceDepth)) == 10);
    CHECK(warningCount(db, "nesting_too_deep") == 20);
    CHECK(warningCount(db, "unmatched_end") == 0);
}

// The nesting limit on both sides: kMaxSliceDepth levels import whole and silently; one level more
// is counted once (a B/E pair dropped, an X kept as a leaf at depth kMaxSliceDepth).
namespace {
std::string nestedChain(int levels, bool beginEnd, int tid) {
    const std::string head = R"("pid":1,"tid":)" + std::to_string(tid) + R"(,"ts":)";
    std::string text;
    for (int i = 0; i < levels; ++i) {
        if (beginEnd) text += R"({"ph":"B","name":"b",)" + head + std::to_string(i) + "},";
        else text += R"({"ph":"X","name":"x",)" + head + std::to_string(i) + R"(,"dur":)" + std::to_string(2 * (levels - i)) + "},";
    }
    for (int i = beginEnd ? levels - 1 : -1; i >= 0; --i)
        text += R"({"ph":"E",)" + head + std::to_string(2 * levels - i) + "},";
    return text;
}
} // namespace

TEST_CASE("nesting exactly at kMaxSliceDepth is kept silently, one level past it is counted", "[hardening]") {
    for (const bool beginEnd : {true, false}) {
        for (const int levels : {kMaxSliceDepth, kMaxSliceDepth + 1}) {
            INFO((beginEnd ? "B/E, " : "X, ") << levels << " levels");
            TempDir dir;
            auto r = importChromeText(dir, "[" + nestedChain(levels, beginEnd, 1) + "{}]");
            INFO(describe(r.error));
            REQUIRE(r.ok);
            Database db = openReadOnly(r.storePath);
            const bool past = levels > kMaxSliceDepth;
            CHECK(warningCount(db, "nesting_too_deep") == (past ? 1 : 0));
            CHECK(db.scalarInt("SELECT count(*) FROM slice") == (beginEnd ? kMaxSliceDepth : levels));
            CHECK(db.scalarInt("SELECT max(depth) FROM slice") == (past && !beginEnd ? kMaxSliceDepth : kMaxSliceDepth - 1));
            CHECK(warningCount(db, "unmatched_end") == 0);
        }
    }
}
