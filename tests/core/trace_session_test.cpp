// TraceSession: the one door to an opened trace. Open-or-import, caches shared by the queries, the
// heatmap's row rules in core, a connection per thread, and a cancel that stops a query.
#include "analysis_fixture.h"
#include "core/analysis/compare/baseline_json.h"
#include "core/session/trace_session.h"
#include "core/store/timeline_data.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <array>
#include <atomic>
#include <cmath>
#include <thread>

using namespace opscope;
using namespace opscope::test;

namespace {

// Two operators on one compute stream; only "Conv" reports aic_mac_ratio, so a metric heatmap has one row.
void fillTwoOperators(AnalysisStore& store) {
    TrackId stream = store.computeTrack(0, "Stream 1");
    for (int i = 0; i < 4; ++i) {
        PendingSliceIndex conv = store.slice(stream, 1000 + i * 1000, 300, "Conv");
        store.metric(conv, "aic_mac_ratio", 0.5);
        store.slice(stream, 1400 + i * 1000, 500, "MatMul"); // longer in total: first by time
    }
    store.finish();
}

} // namespace

TEST_CASE("session: openStore refuses what is not a store, with the path", "[session]") {
    TempDir dir;
    Error error;
    CHECK(TraceSession::openStore(dir.file("missing.sqlite"), &error) == nullptr);
    CHECK(error.code == ErrorCode::FileNotFound);
    const std::string text = dir.write("not_a_store.sqlite", "hello");
    error = {};
    CHECK(TraceSession::openStore(text, &error) == nullptr);
    CHECK(error.code == ErrorCode::BadDatabase);
    CHECK(error.file == text);
}

TEST_CASE("session: open imports a trace once, then reuses its fresh store", "[session]") {
    TempDir dir;
    const std::string trace = dir.write("t.json", R"([{"ph":"X","name":"k","pid":1,"tid":1,"ts":1,"dur":2}])");
    OpenResult report;
    Error error;
    auto first = TraceSession::open({trace}, OpenOptions{}, ImportProgress{}, &report, &error);
    REQUIRE(first);
    CHECK_FALSE(report.reused);
    CHECK(first->storePath() == trace + ".opscope.sqlite");
    auto second = TraceSession::open({trace}, OpenOptions{}, ImportProgress{}, &report, &error);
    REQUIRE(second);
    CHECK(report.reused);
    StoreSummary summary;
    REQUIRE(second->summary(&summary, &error));
    CHECK(summary.slices == 1);
}

TEST_CASE("session: timeline, snapshots and groupings are built once and shared", "[session]") {
    AnalysisStore store;
    fillTwoOperators(store);
    Error error;
    auto session = TraceSession::openStore(store.path(), &error);
    REQUIRE(session);
    auto timeline = session->timeline(&error);
    REQUIRE(timeline);
    CHECK(session->timeline(&error) == timeline);
    TrackSelection compute;
    auto snap = session->snapshot(compute, &error);
    REQUIRE(snap);
    CHECK(snap->slices.slices.size() == 8);
    CHECK(session->snapshot(compute, &error) == snap);
    TrackSelection all;
    all.scope = TrackScope::All;
    CHECK(session->snapshot(all, &error) != snap); // another selection, another snapshot
    GroupingOptions byName;
    auto groups = session->operators(compute, byName, &error);
    REQUIRE(groups);
    byName.range = TimeRange{0, 2000}; // a grouping covers the whole trace: the range does not split the cache
    CHECK(session->operators(compute, byName, &error) == groups);
    CHECK(groups->labels.size() == 2);
}

TEST_CASE("session: the heatmap's metric discovery and row rules are core's", "[session]") {
    AnalysisStore store;
    fillTwoOperators(store);
    Error error;
    auto session = TraceSession::openStore(store.path(), &error);
    REQUIRE(session);
    std::vector<HeatmapMetricChoice> metrics;
    REQUIRE(session->heatmapMetrics(TrackSelection{}, &metrics, &error));
    REQUIRE(metrics.size() == 1);
    CHECK(metrics[0].name == "aic_mac_ratio");

    HeatmapOptions options;
    options.bucketCount = 4;
    options.topN = 1;
    options.includeOther = true;
    HeatmapResult busy;
    REQUIRE(session->heatmap(options, &busy, &error));
    REQUIRE(busy.rows.size() == 2); // top 1 by time, then "(other)"
    CHECK(busy.rows[0].label == "MatMul");
    CHECK(busy.rows[1].label == kOtherRowLabel);

    // A metric heatmap keeps the top rows that report the metric, never a blank row nor "(other)".
    options.value = HeatmapValue::Metric;
    options.metricName = "aic_mac_ratio";
    HeatmapResult metric;
    REQUIRE(session->heatmap(options, &metric, &error));
    REQUIRE(metric.rows.size() == 1);
    CHECK(metric.rows[0].label == "Conv");
    CHECK(metric.cells.size() == 4);
}

TEST_CASE("session: keepRowsWithData keeps topN rows with data, at the limit and past it", "[session]") {
    HeatmapResult h;
    h.bucketCount = 2;
    const double nan = std::nan("");
    h.rows = {{"a", 3, 1, std::nullopt}, {"blank", 2, 1, std::nullopt}, {"b", 1, 1, std::nullopt}};
    h.cells = {1.0, nan, nan, nan, nan, 2.0};
    HeatmapResult two = h;
    keepRowsWithData(&two, 2);
    REQUIRE(two.rows.size() == 2);
    CHECK(two.rows[1].label == "b");
    CHECK(two.cells.size() == 4);
    HeatmapResult one = h;
    keepRowsWithData(&one, 1);
    REQUIRE(one.rows.size() == 1);
    CHECK(one.rows[0].label == "a");
    HeatmapResult all = h;
    keepRowsWithData(&all, 0);
    CHECK(all.rows.size() == 2);
}

TEST_CASE("session: worker threads query at once, each on a connection of its own", "[session]") {
    AnalysisStore store;
    fillTwoOperators(store);
    Error error;
    auto session = TraceSession::openStore(store.path(), &error);
    REQUIRE(session);
    std::atomic<int> ok{0};
    std::vector<std::thread> workers;
    for (int i = 0; i < 4; ++i)
        workers.emplace_back([&] {
            for (int k = 0; k < 10; ++k) {
                OperatorStats stats;
                Error e;
                if (session->operatorStats(OperatorStatsOptions{}, &stats, &e) && stats.rows.size() == 2) ++ok;
            }
        });
    for (std::thread& t : workers) t.join();
    CHECK(ok == 40);
    CHECK(session->connectionsOpened() >= 1);
    CHECK(session->connectionsOpened() <= 5); // reused across queries: one per thread at most, plus the opening one
}

TEST_CASE("session: a raised cancel flag stops the queries of its thread", "[session]") {
    AnalysisStore store;
    fillTwoOperators(store);
    Error error;
    auto session = TraceSession::openStore(store.path(), &error);
    REQUIRE(session);
    std::atomic<bool> cancel{true};
    {
        CancelScope scope(&cancel);
        OperatorStats stats;
        CHECK_FALSE(session->operatorStats(OperatorStatsOptions{}, &stats, &error));
        CHECK(error.code == ErrorCode::Cancelled);
        BubbleReport bubbles;
        CHECK_FALSE(session->bubbles(BubbleOptions{}, &bubbles, &error));
        CHECK(error.code == ErrorCode::Cancelled);
    }
    // Outside the scope the same session answers again (the cancelled load was not cached).
    OperatorStats stats;
    REQUIRE(session->operatorStats(OperatorStatsOptions{}, &stats, &error));
    CHECK(stats.rows.size() == 2);
}

TEST_CASE("session: a cancel raised while SQLite runs interrupts the statement", "[session]") {
    AnalysisStore store;
    fillTwoOperators(store);
    Error error;
    auto session = TraceSession::openStore(store.path(), &error);
    REQUIRE(session);
    std::atomic<bool> cancel{false};
    CancelScope scope(&cancel);
    bool ran = session->query(&error, [&](Database& db) {
        cancel = true; // raised from "another thread" while the statement below runs
        // A query long enough to reach the progress handler: counting a large recursive series.
        db.scalarInt("WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000000) "
                     "SELECT count(*) FROM n");
        return true;
    });
    CHECK_FALSE(ran);
    CHECK(error.code == ErrorCode::Cancelled);
}

namespace {

// Records of a snapshot in a comparable form: (logical track, slice id, ts, dur) in slice order.
std::vector<std::array<std::int64_t, 4>> recordsOf(const StoreSnapshot& snap) {
    std::vector<std::array<std::int64_t, 4>> out;
    for (std::size_t t = 0; t < snap.slices.trackCount(); ++t)
        for (std::uint32_t i = snap.slices.begin(t); i < snap.slices.end(t); ++i)
            out.push_back({snap.slices.trackIds[t], snap.slices.slices[i].id, snap.slices.slices[i].tsNs,
                           snap.slices.slices[i].durNs});
    return out;
}

} // namespace

TEST_CASE("session: a selection cut from the every-track snapshot equals the one loaded from the store",
          "[session]") {
    AnalysisStore store;
    TrackId stream1 = store.computeTrack(0, "Stream 1");
    TrackId stream2 = store.computeTrack(0, "Stream 2");
    TrackId host = store.hostTrack("python", "main");
    store.slice(host, 0, 10000, "forward");
    store.slice(stream1, 100, 50, "k1");
    store.slice(stream1, 100, 900, "annotation", "gpu_user_annotation"); // skipped on compute tracks
    store.slice(stream1, 300, 50, "k2");
    store.slice(stream2, 200, 70, "k3");
    store.finish();
    Error error;
    Database db(store.path(), Database::Mode::ReadOnly);
    StoreSnapshot all;
    TrackSelection everyTrack;
    everyTrack.scope = TrackScope::All;
    REQUIRE(loadSnapshot(db, everyTrack, &all, &error));

    TrackSelection compute;
    StoreSnapshot loaded, cut;
    REQUIRE(loadSnapshot(db, compute, &loaded, &error));
    REQUIRE(cutSnapshot(all, compute, &cut));
    CHECK(recordsOf(cut) == recordsOf(loaded));
    CHECK(cut.slices.trackIds == loaded.slices.trackIds);
    CHECK(cut.skippedAnnotations == loaded.skippedAnnotations);
    CHECK(cut.skippedAnnotations == 1);
    CHECK(cut.fellBackToAll == loaded.fellBackToAll);
    CHECK(cut.notWork.size() == loaded.notWork.size());
    CHECK(cut.skippedNotWork == loaded.skippedNotWork);
    CHECK(recordsOf(cut).size() == 3);

    // Leaving out a compute track would change the skipped counts: not cut, the caller loads it.
    TrackSelection onlyStream2;
    onlyStream2.scope = TrackScope::Explicit;
    onlyStream2.explicitTracks = {stream2};
    StoreSnapshot untouched;
    CHECK_FALSE(cutSnapshot(all, onlyStream2, &untouched));
    CHECK(untouched.slices.slices.empty());

    // Through the session: the compute snapshot asked after the every-track one is cut, with the same rows.
    auto session = TraceSession::openStore(store.path(), &error);
    REQUIRE(session);
    REQUIRE(session->snapshot(everyTrack, &error));
    auto viaSession = session->snapshot(compute, &error);
    REQUIRE(viaSession);
    CHECK(recordsOf(*viaSession) == recordsOf(loaded));
}

TEST_CASE("session: a baseline with the diagnosis beside equals the one computed in sequence", "[session][baseline]") {
    // Two devices with gaps of 100, 300 and 1000 ns, a host thread, a metric: the session takes the
    // per-device figures from the diagnosis's bubble report, computeBaseline computes its own.
    AnalysisStore store;
    TrackId npu0 = store.computeTrack(0, "Stream 1");
    TrackId npu1 = store.computeTrack(1, "Stream 1");
    TrackId comm = store.deviceTrack(1, "Communication");
    TrackId host = store.hostTrack("python", "main");
    store.slice(host, 0, 20000, "forward");
    for (int i = 0; i < 5; ++i) {
        PendingSliceIndex conv = store.slice(npu0, 1000 + i * 1400, 1000, "Conv");
        store.metric(conv, "aic_mac_ratio", 0.2 + 0.1 * i);
        store.slice(npu1, 1000 + i * 2300, 2000, "MatMul");
    }
    store.slice(npu1, 13000, 100, "Add");
    store.slice(npu1, 13400, 100, "Add");
    store.slice(comm, 12000, 500, "allreduce");
    store.finish();
    Error error;
    for (TimeNs minBubbleNs : {TimeNs{0}, TimeNs{300}, TimeNs{301}}) {
        CAPTURE(minBubbleNs);
        BaselineOptions options;
        options.minBubbleNs = minBubbleNs;
        BaselineAggregates inSequence;
        {
            Database db(store.path(), Database::Mode::ReadOnly);
            REQUIRE(computeBaseline(db, options, &inSequence, &error));
        }
        auto session = TraceSession::openStore(store.path(), &error);
        REQUIRE(session);
        BaselineAggregates beside;
        REQUIRE(session->baseline(options, &beside, &error));
        CHECK(beside.devices.size() == 2);
        CHECK(beside.bubbleCount > 0);
        inSequence.source = beside.source; // the same store; the path is spelt the same
        CHECK(baselineToJson(beside) == baselineToJson(inSequence));
    }
}
