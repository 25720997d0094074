// Threads and processes by the spelling of their ids: integers spelt plainly are looked up by value
// (core/model/plain_integer.h), every other spelling by its text, and the store holds one thread for
// every spelling of one id, as it did when every lookup went by text.
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;

TEST_CASE("spellings of one pid and tid land on one thread; other ids keep their own", "[chrome][ids]") {
    TempDir dir;
    auto r = importChromeText(dir, R"J([
      {"ph":"M","name":"thread_name","pid":1,"tid":7,"args":{"name":"seven"}},
      {"ph":"X","name":"a","pid":1,"tid":7,"ts":1,"dur":1},
      {"ph":"X","name":"b","pid":1,"tid":7.0,"ts":3,"dur":1},
      {"ph":"X","name":"c","pid":1,"tid":"7","ts":5,"dur":1},
      {"ph":"X","name":"d","pid":1.0,"tid":7,"ts":7,"dur":1},
      {"ph":"X","name":"e","pid":-0,"tid":0,"ts":9,"dur":1},
      {"ph":"X","name":"f","pid":0,"tid":0,"ts":11,"dur":1},
      {"ph":"X","name":"g","pid":1,"tid":"worker","ts":13,"dur":1},
      {"ph":"M","name":"thread_name","pid":1,"tid":-3,"args":{"name":"neg"}},
      {"ph":"X","name":"h","pid":1,"tid":-3,"ts":15,"dur":1},
      {"ph":"X","name":"i","pid":"1","tid":7,"ts":17,"dur":1},
      {"ph":"X","name":"j","pid":1,"tid":9223372036854775807,"ts":19,"dur":1},
      {"ph":"X","name":"k","pid":1,"tid":9223372036854775808,"ts":21,"dur":1}
    ])J");
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    auto threadOf = [&](const char* slice) {
        return db.scalarText(std::string("SELECT p.pid || '/' || t.tid || '/' || coalesce(t.name, '') FROM slice_view s "
                                         "JOIN track tr ON tr.id = s.track_id JOIN thread t ON t.id = tr.thread_id "
                                         "JOIN process p ON p.id = t.process_id WHERE s.name = '") + slice + "'");
    };
    for (const char* slice : {"a", "b", "c", "d", "i"}) CHECK(threadOf(slice) == "1/7/seven");
    CHECK(threadOf("e") == "0/0/");
    CHECK(threadOf("f") == "0/0/");
    CHECK(threadOf("g") == "1/worker/worker");
    CHECK(threadOf("h") == "1/-3/neg");
    CHECK(threadOf("j") == "1/9223372036854775807/");
    CHECK(threadOf("k") == "1/9223372036854775808/");
    CHECK(db.scalarInt("SELECT count(DISTINCT thread_id) FROM track WHERE thread_id IS NOT NULL") == 6);
    CHECK(db.scalarInt("SELECT count(*) FROM process") == 2);
}

TEST_CASE("many threads named by metadata keep their names and tracks", "[chrome][ids]") {
    TempDir dir;
    std::string events = "[";
    for (int p = 1; p <= 40; ++p)
        for (int t = 1; t <= 50; ++t) {
            events += R"({"ph":"M","name":"thread_name","pid":)" + std::to_string(p) + R"(,"tid":)" + std::to_string(t) +
                      R"(,"args":{"name":"w)" + std::to_string(p * 1000 + t) + R"("}},)";
            if (t % 10 == 0)
                events += R"({"ph":"X","name":"op","pid":)" + std::to_string(p) + R"(,"tid":)" + std::to_string(t) +
                          R"(,"ts":)" + std::to_string(t) + R"(,"dur":1},)";
        }
    events.back() = ']';
    auto r = importChromeText(dir, events);
    REQUIRE(r.ok);
    Database db = openReadOnly(r.storePath);
    CHECK(db.scalarInt("SELECT count(*) FROM thread") == 2000);
    CHECK(db.scalarInt("SELECT count(*) FROM track WHERE thread_id IS NOT NULL") == 200);
    CHECK(db.scalarText("SELECT t.name FROM thread t JOIN process p ON p.id = t.process_id WHERE p.pid = '37' AND t.tid = '20'") ==
          "w37020");
    // Every slice sits on the thread its event named, and that thread has its own name.
    CHECK(db.scalarInt("SELECT count(*) FROM slice s JOIN track tr ON tr.id = s.track_id JOIN thread t ON t.id = tr.thread_id "
                       "JOIN process p ON p.id = t.process_id WHERE t.name = 'w' || (p.pid * 1000 + t.tid)") == 200);
}
