// A run history opscope did not write itself (crafted, hand-edited or damaged): its texts read back as
// valid UTF-8, and a metric value no series can be analysed with is an error naming the run and the
// metric, on read and on write; the bound (2^63, that of int64 nanoseconds) is tested on both sides.
#include "core/history/history_store.h"
#include "core/history/metric_value.h"
#include "core/history/run_history.h"
#include "core/model/utf8.h"
#include "core/store/sqlite_db.h"
#include "tests/core/test_support.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace opscope;
using namespace opscope::history;

namespace {

// A history of `runs` runs of busy_ns = 100 (the 1st at 1 s, the 2nd at 2 s, ...), written by HistoryStore.
std::string writeHistory(const test::TempDir& dir, int runs) {
    const std::string path = dir.file("h.sqlite");
    Error error;
    auto store = HistoryStore::open(path, true, &error);
    REQUIRE(store);
    for (int i = 1; i <= runs; ++i) {
        RunInfo run;
        run.label = "run" + std::to_string(i);
        run.runTimeNs = i * 1'000'000'000LL;
        run.contentHash = std::to_string(i);
        REQUIRE(store->addRun(run, {{"busy_ns", "", 100, "ns"}}, &error));
    }
    return path;
}

void execOn(const std::string& path, const std::string& sql) {
    Database db(path, Database::Mode::ReadWrite);
    db.exec(sql);
}

} // namespace

TEST_CASE("history crafted: invalid UTF-8 in any stored text reads back as U+FFFD", "[history][hardening]") {
    test::TempDir dir;
    const std::string path = writeHistory(dir, 2);
    execOn(path, "UPDATE history_run SET label = CAST(X'62FF' AS TEXT), commit_id = CAST(X'EDA080' AS TEXT), "
                 "host = CAST(X'C0AF' AS TEXT), trace_path = CAST(X'2FFE' AS TEXT) WHERE id = 2; "
                 "UPDATE history_metric SET scope = CAST(X'6BFF' AS TEXT), unit = CAST(X'FF' AS TEXT) WHERE run_id = 2");
    Error error;
    auto store = HistoryStore::open(path, false, &error);
    REQUIRE(store);
    const std::vector<RunInfo> runs = store->runs(&error);
    REQUIRE(runs.size() == 2);
    CHECK(runs[1].label == "b\xEF\xBF\xBD");
    CHECK(isValidUtf8(runs[1].commit));
    CHECK(isValidUtf8(runs[1].host));
    CHECK(runs[1].tracePath == "/\xEF\xBF\xBD");
    const auto keys = store->metricKeys(&error);
    REQUIRE(keys.size() == 2);
    CHECK(keys[1].second == "k\xEF\xBF\xBD");
    const auto values = store->metricsOfRuns(runs, &error);
    REQUIRE(values.count({"busy_ns", "k\xEF\xBF\xBD"}) == 1);
    CHECK(values.at({"busy_ns", "k\xEF\xBF\xBD"})[0].unit == "\xEF\xBF\xBD");
    CHECK_FALSE(error);
}

TEST_CASE("history crafted: a label or path that is not UTF-8 is stored as UTF-8", "[history][hardening]") {
    test::TempDir dir;
    Error error;
    auto store = HistoryStore::open(dir.file("h.sqlite"), true, &error);
    REQUIRE(store);
    RunInfo run;
    run.label = "r\xFF";
    run.tracePath = "/data/caf\xE9.json"; // a Latin-1 file name
    REQUIRE(store->addRun(run, {{"op.total_ns", "k\xC0", 5, "ns"}}, &error));
    Database db(dir.file("h.sqlite"), Database::Mode::ReadOnly);
    CHECK(db.scalarText("SELECT label FROM history_run") == "r\xEF\xBF\xBD");
    CHECK(db.scalarText("SELECT trace_path FROM history_run") == "/data/caf\xEF\xBF\xBD.json");
    CHECK(db.scalarText("SELECT scope FROM history_metric") == "k\xEF\xBF\xBD");
}

TEST_CASE("history crafted: metric values up to 2^63 in magnitude are kept, beyond it refused", "[history][hardening]") {
    const double atBound = kMaxMetricMagnitude;
    const double beyond = std::nextafter(atBound, std::numeric_limits<double>::infinity());
    CHECK(isKeepableMetricValue(atBound));
    CHECK(isKeepableMetricValue(-atBound));
    CHECK_FALSE(isKeepableMetricValue(beyond));
    CHECK_FALSE(isKeepableMetricValue(-beyond));
    CHECK_FALSE(isKeepableMetricValue(std::numeric_limits<double>::infinity()));
    CHECK_FALSE(isKeepableMetricValue(std::numeric_limits<double>::quiet_NaN()));

    test::TempDir dir;
    Error error;
    auto store = HistoryStore::open(dir.file("h.sqlite"), true, &error);
    REQUIRE(store);
    CHECK(store->addRun(RunInfo{}, {{"busy_ns", "", atBound, "ns"}}, &error));
    CHECK_FALSE(store->addRun(RunInfo{}, {{"finding.measured", "rule", beyond, ""}}, &error));
    CHECK(error.code == ErrorCode::WrongType);
    CHECK(error.expected.find("finding.measured [rule]") != std::string::npos);
    CHECK(store->runs(&error).size() == 1); // the refused run left nothing behind
}

TEST_CASE("history crafted: a stored value no series can take is an error naming run and metric", "[history][hardening]") {
    const char* damage = GENERATE("9e999", "-9e999", "1e19", "NULL", "'abc'", "X'00'");
    test::TempDir dir;
    const std::string path = writeHistory(dir, 12);
    // The NOT NULL column of a history opscope wrote is rebuilt without it, as a crafted file may have it.
    execOn(path, std::string("CREATE TABLE m2(run_id INTEGER, name TEXT, scope TEXT, value, unit TEXT); "
                             "INSERT INTO m2 SELECT run_id, name, scope, value, unit FROM history_metric; "
                             "DROP TABLE history_metric; ALTER TABLE m2 RENAME TO history_metric; "
                             "UPDATE history_metric SET value = ") + damage + " WHERE run_id = 7");
    Error error;
    auto store = HistoryStore::open(path, false, &error);
    REQUIRE(store);
    CHECK(store->series("busy_ns", "", &error).empty());
    CHECK(error.code == ErrorCode::BadDatabase);
    CHECK(error.file == path);
    CHECK(error.expected.find("busy_ns") != std::string::npos);
    CHECK(error.detail == "run 7 holds another value");

    Trend trend;
    error = {};
    CHECK_FALSE(computeTrend(*store, "busy_ns", "", ThresholdsConfig{}, &trend, &error));
    CHECK(error.detail == "run 7 holds another value");

    CollectedRun candidate;
    candidate.metrics = {{"busy_ns", "", 100, "ns"}};
    CheckReport report;
    error = {};
    CHECK_FALSE(checkRun(*store, candidate, ThresholdsConfig{}, &report, &error));
    CHECK(error.detail == "run 7 holds another value");
}

TEST_CASE("history crafted: a value at the bound on every run gives a finite trend", "[history][hardening]") {
    test::TempDir dir;
    const std::string path = writeHistory(dir, 40);
    // Alternating ±2^63: the widest spread a history can hold; every slope and median stays finite.
    execOn(path, "UPDATE history_metric SET value = CASE run_id % 2 WHEN 0 THEN 9223372036854775808.0 "
                 "ELSE -9223372036854775808.0 END");
    Error error;
    auto store = HistoryStore::open(path, false, &error);
    REQUIRE(store);
    Trend trend;
    REQUIRE(computeTrend(*store, "busy_ns", "", ThresholdsConfig{}, &trend, &error));
    REQUIRE(trend.points.size() == 40);
    for (const TrendPoint& p : trend.points) {
        CHECK(std::isfinite(p.smoothed));
        if (p.band.judged) CHECK(std::isfinite(p.band.halfWidth));
    }
}

TEST_CASE("history crafted: a history whose tables are views or lack a column is refused at open", "[history][hardening]") {
    const auto [damage, defect] = GENERATE(table<const char*, const char*>(
        {{"ALTER TABLE history_run DROP COLUMN label", "table history_run has no column label"},
         {"CREATE TABLE r2 AS SELECT * FROM history_run; DROP TABLE history_run; "
          "CREATE VIEW history_run AS SELECT * FROM r2",
          "no table history_run"},
         {"DROP TABLE history_metric", "no table history_metric"},
         {"ALTER TABLE history_metric RENAME COLUMN unit TO units", "table history_metric has no column unit"}}));
    test::TempDir dir;
    const std::string path = writeHistory(dir, 2);
    execOn(path, damage);
    Error error;
    CHECK_FALSE(HistoryStore::open(path, false, &error));
    CHECK(error.code == ErrorCode::BadDatabase);
    CHECK(error.file == path);
    CHECK(error.detail == defect);
    CHECK_FALSE(HistoryStore::open(path, true, &error)); // add and check --add refuse it as well
}
