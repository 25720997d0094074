// Metadata args read in place (core/importers/chrome_json/metadata_args.h) and through the importer:
// the in-place reading gives what the JSON document gave, and everything it declines still works.
#include "core/importers/chrome_json/metadata_args.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("readSimpleArg reads a plain object's string and integer values", "[chrome][M][metadata_args]") {
    SimpleArgValue v;
    REQUIRE(readSimpleArg(R"J({"name": "thread 7 (python)"})J", "name", &v));
    CHECK(v.kind == SimpleArgValue::Kind::String);
    CHECK(v.text == "thread 7 (python)");
    REQUIRE(readSimpleArg(R"J({ "sort_index" : -42 })J", "sort_index", &v));
    CHECK(v.kind == SimpleArgValue::Kind::Integer);
    CHECK(v.integer == -42);
    REQUIRE(readSimpleArg(R"J({"other": [1, {"a": 2}], "name": "x", "name": "last"})J", "name", &v));
    CHECK(v.text == "last"); // a repeated key: the last one, as nlohmann keeps it
    REQUIRE(readSimpleArg("{}", "name", &v));
    CHECK(v.kind == SimpleArgValue::Kind::Absent);
    REQUIRE(readSimpleArg(R"J({"sort_index": 4.5})J", "sort_index", &v));
    CHECK(v.kind == SimpleArgValue::Kind::Other);
    // 15 digits fit a double exactly; 16 might not, so they are left to the document.
    REQUIRE(readSimpleArg(R"J({"sort_index": 999999999999999})J", "sort_index", &v));
    CHECK(v.kind == SimpleArgValue::Kind::Integer);
    REQUIRE(readSimpleArg(R"J({"sort_index": 1000000000000000})J", "sort_index", &v));
    CHECK(v.kind == SimpleArgValue::Kind::Other);
}

TEST_CASE("readSimpleArg declines what a JSON library might read differently", "[chrome][M][metadata_args]") {
    SimpleArgValue v;
    CHECK_FALSE(readSimpleArg(R"J({"name": "caf\u00e9"})J", "name", &v));   // an escape
    CHECK_FALSE(readSimpleArg("{\"name\": \"caf\xc3\xa9\"}", "name", &v)); // non-ASCII bytes
    CHECK_FALSE(readSimpleArg("{\"name\": \"a\tb\"}", "name", &v));       // a raw control character
    CHECK_FALSE(readSimpleArg(R"J({"name" "x"})J", "name", &v));            // not an object
    CHECK_FALSE(readSimpleArg("", "name", &v));
}

TEST_CASE("metadata events read in place and through a document give the same rows", "[chrome][M][metadata_args]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J({"traceEvents": [
      {"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"plain"}},
      {"ph":"M","name":"process_labels","pid":1,"tid":0,"args":{"labels":"GPU 0", "labels":"GPU 1"}},
      {"ph":"M","name":"process_sort_index","pid":1,"tid":0,"args":{"sort_index":4.7}},
      {"ph":"M","name":"process_name","pid":2,"tid":0,"args":{"name":"caf\u00e9"}},
      {"ph":"M","name":"process_sort_index","pid":2,"tid":0,"args":{"sort_index":"12"}},
      {"ph":"M","name":"process_labels","pid":2,"tid":0,"args":{"labels":7}},
      {"ph":"M","name":"thread_name","pid":1,"tid":5,"args":{"x":{"y":[1,2]},"name":"worker"}},
      {"ph":"M","name":"thread_sort_index","pid":1,"tid":5,"args":{"sort_index":-3}},
      {"ph":"M","name":"thread_name","pid":1,"tid":6,"args":{"name":"\u7ebf\u7a0b"}},
      {"ph":"M","name":"thread_sort_index","pid":1,"tid":6,"args":{"sort_index":1152921504606846976}},
      {"ph":"M","name":"thread_name","pid":1,"tid":"5","args":{"name":"worker again"}},
      {"ph":"M","name":"num_cpus","pid":3,"args":{"value":8}},
      {"ph":"X","name":"op","pid":1,"tid":5,"ts":1,"dur":1}
    ]})J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    auto text = [&](const std::string& sql) { return db.scalarText(sql, "<none>"); };
    CHECK(text("SELECT name || '|' || labels || '|' || sort_index FROM process WHERE pid='1'") == "plain|GPU 1|4");
    CHECK(text("SELECT name || '|' || labels || '|' || sort_index FROM process WHERE pid='2'") == "caf\xc3\xa9|7|12");
    CHECK(text("SELECT name || '|' || sort_index FROM thread WHERE tid='5'") == "worker again|-3");
    CHECK(text("SELECT name || '|' || sort_index FROM thread WHERE tid='6'") ==
          "\xe7\xba\xbf\xe7\xa8\x8b|1152921504606846976");
    CHECK(db.scalarInt("SELECT count(*) FROM process WHERE pid='3'") == 1); // ignored metadata still makes its process
    CHECK(db.scalarInt("SELECT value FROM stat WHERE name='metadata.ignored'") == 1);
    CHECK(text("SELECT t.name FROM track k JOIN thread t ON t.id = k.thread_id WHERE k.kind='thread'") == "worker again");
}
