// The history database, run times and thresholds files: what is written reads back, a foreign file is
// refused, and every key of a thresholds file is read or rejected by name.
#include "core/history/history_store.h"
#include "core/history/history_thresholds.h"
#include "core/history/run_history.h"
#include "core/history/run_time.h"
#include "tests/core/test_support.h"

#include <catch2/catch.hpp>

#include <fstream>

using namespace opscope;
using namespace opscope::history;

TEST_CASE("history store: runs and metrics read back in run order", "[history]") {
    test::TempDir dir;
    Error error;
    auto store = HistoryStore::open(dir.file("h.sqlite"), true, &error);
    REQUIRE(store);
    RunInfo late, early;
    late.label = "late";
    late.runTimeNs = 2'000'000'000;
    late.contentHash = "b";
    early.label = "early";
    early.runTimeNs = 1'000'000'000;
    early.contentHash = "a";
    REQUIRE(store->addRun(late, {{"busy_ns", "", 20, "ns"}, {"op.total_ns", "MatMul", 7, "ns"}}, &error));
    REQUIRE(store->addRun(early, {{"busy_ns", "", 10, "ns"}}, &error));
    const auto runs = store->runs(&error);
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].label == "early");
    CHECK(runs[1].metricCount == 2);
    const auto series = store->series("busy_ns", "", &error);
    REQUIRE(series.size() == 2);
    CHECK(series[0].value == 10);
    CHECK(series[1].value == 20);
    CHECK(store->series("op.total_ns", "MatMul", &error).size() == 1);
    CHECK(store->runWithHash("b", &error)->label == "late");
    CHECK_FALSE(store->runWithHash("c", &error).has_value());
    const auto latest = store->latestRuns(1, &error);
    REQUIRE(latest.size() == 1);
    CHECK(latest[0].label == "late");
    REQUIRE(store->setKnownChange(runs[1].id, true, &error));
    CHECK(store->runs(&error)[1].knownChange);
    CHECK_FALSE(store->setKnownChange(12345, true, &error));
}

TEST_CASE("history store: another database or a missing file is refused", "[history]") {
    test::TempDir dir;
    Error error;
    CHECK_FALSE(HistoryStore::open(dir.file("missing.sqlite"), false, &error));
    CHECK(error.code == ErrorCode::FileNotFound);
    {
        Database other(dir.file("other.sqlite"), Database::Mode::Create);
        other.exec("CREATE TABLE t(x)");
    }
    CHECK_FALSE(HistoryStore::open(dir.file("other.sqlite"), true, &error));
    CHECK(error.code == ErrorCode::BadDatabase);
    CHECK(error.file == dir.file("other.sqlite"));
}

TEST_CASE("history: run times parse from ISO 8601 UTC and Unix seconds", "[history]") {
    CHECK(parseRunTime("1970-01-01T00:00:00Z") == 0);
    CHECK(parseRunTime("2026-12-01T10:00:00Z") == 1'796'119'200'000'000'000LL);
    CHECK(parseRunTime("2026-12-01") == 1'796'083'200'000'000'000LL);
    CHECK(parseRunTime("2026-12-01T10:00:00.25Z") == 1'796'119'200'250'000'000LL);
    CHECK(parseRunTime("1796119200") == 1'796'119'200'000'000'000LL);
    CHECK_FALSE(parseRunTime("yesterday"));
    CHECK_FALSE(parseRunTime("2026-13-01"));
    CHECK_FALSE(parseRunTime("99999999999999999"));
    CHECK(formatRunTime(1'796'119'200'250'000'000LL) == "2026-12-01T10:00:00Z");
}

TEST_CASE("history: thresholds files override defaults per metric and reject unknown keys", "[history]") {
    ThresholdsConfig config;
    Error error;
    REQUIRE(parseThresholds(R"({"default": {"window": 10, "mad_k": 4}, "metrics": {"op.count": {"direction": "up", "min_relative": 0.1}}})",
                            "t.json", &config, &error));
    const Thresholds count = config.forMetric("op.count", "count");
    CHECK(count.window == 10);
    CHECK(count.madK == 4);
    CHECK(count.direction == Direction::Up);
    CHECK(count.minRelative == Approx(0.1));
    CHECK(count.minAbsolute == Approx(0.5));
    const Thresholds time = config.forMetric("op.total_ns", "ns");
    CHECK(time.minAbsolute == Approx(1000));
    CHECK(time.minRelative == Approx(0.03));
    CHECK(config.forMetric("finding.measured", "%").direction == Direction::Both);
    CHECK_FALSE(parseThresholds(R"({"default": {"windw": 3}})", "t.json", &config, &error));
    CHECK(error.detail.find("windw") != std::string::npos);
    CHECK_FALSE(parseThresholds(R"({"default": {"window": 0}})", "t.json", &config, &error));
    // The bound that keeps a check's work finite, on both sides (issue #14).
    CHECK(parseThresholds(R"({"default": {"window": 500, "min_runs": 500, "confirm_runs": 500}})", "t.json", &config, &error));
    CHECK(config.forMetric("op.count", "count").window == kMaxThresholdRuns);
    for (const char* key : {"window", "min_runs", "confirm_runs"}) {
        INFO(key);
        CHECK_FALSE(parseThresholds(std::string(R"({"default": {")") + key + R"(": 501}})", "t.json", &config, &error));
        CHECK(error.expected.find("1 to 500") != std::string::npos);
    }
    CHECK_FALSE(parseThresholds(R"({"default": {"direction": "sideways"}})", "t.json", &config, &error));
    CHECK_FALSE(parseThresholds(R"([1, 2])", "t.json", &config, &error));
}

TEST_CASE("history: check reads only the recent runs and judges each metric", "[history]") {
    test::TempDir dir;
    Error error;
    auto store = HistoryStore::open(dir.file("h.sqlite"), true, &error);
    REQUIRE(store);
    for (int i = 0; i < 200; ++i) {
        RunInfo r;
        r.label = "r" + std::to_string(i);
        r.runTimeNs = i;
        // The old runs were twice as slow: they lie beyond any window and must not matter.
        const double busy = i < 100 ? 2000.0 : 1000.0 + (i % 3);
        REQUIRE(store->addRun(r, {{"busy_ns", "", busy * 1000, "ns"}}, &error));
    }
    CollectedRun candidate;
    candidate.metrics = {{"busy_ns", "", 1001.0 * 1000, "ns"}, {"op.total_ns", "New", 5, "ns"}};
    CheckReport report;
    REQUIRE(checkRun(*store, candidate, ThresholdsConfig{}, &report, &error));
    CHECK(report.runsConsidered == 63); // 3 × window 20 + confirm 3
    CHECK(report.metricsChecked == 1);  // a metric without history is not judged
    CHECK(report.regressions.empty());
    candidate.metrics[0].value = 1100.0 * 1000;
    REQUIRE(checkRun(*store, candidate, ThresholdsConfig{}, &report, &error));
    REQUIRE(report.regressions.size() == 1);
    CHECK(report.regressions[0].firstRun.id == 0);
    // A run declared a known change has no reference before it: nothing of it is judged or counted.
    candidate.info.knownChange = true;
    REQUIRE(checkRun(*store, candidate, ThresholdsConfig{}, &report, &error));
    CHECK(report.metricsChecked == 0);
    CHECK(report.regressions.empty());
}
