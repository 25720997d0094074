#include "analysis_fixture.h"

#include "core/analysis/breakdown/interval_union.h"
#include "core/analysis/operators/operator_stats.h"
#include "core/analysis/snapshot/store_access.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <random>

using namespace opscope;
using opscope::test::AnalysisStore;

namespace {

const OperatorStatsRow* row(const OperatorStats& stats, const std::string& key) {
    for (const OperatorStatsRow& r : stats.rows)
        if (r.key == key) return &r;
    return nullptr;
}

OperatorStats statsOf(Database& db, OperatorStatsOptions options = {}) {
    OperatorStats stats;
    Error error;
    REQUIRE(computeOperatorStats(db, options, &stats, &error));
    return stats;
}

} // namespace

TEST_CASE("nearest-rank percentiles are exact sample values", "[operator_stats]") {
    std::vector<TimeNs> hundred;
    for (TimeNs i = 1; i <= 100; ++i) hundred.push_back(i);
    CHECK(nearestRankPercentile(hundred, 50) == 50);
    CHECK(nearestRankPercentile(hundred, 90) == 90);
    CHECK(nearestRankPercentile(hundred, 99) == 99);
    CHECK(nearestRankPercentile({10, 20, 30}, 50) == 20);
    CHECK(nearestRankPercentile({10, 20, 30}, 90) == 30);
    CHECK(nearestRankPercentile({7}, 99) == 7);
    CHECK(nearestRankPercentile({}, 50) == 0);
}

TEST_CASE("operator statistics by name on compute tracks", "[operator_stats]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 2");
    TrackId host = store.hostTrack("python", "main");
    // MatMul: 100, 200, 300, 400, 1000 ns; Add: 50 x 2. No overlaps: busy = 2100.
    TimeNs t = 1000;
    for (TimeNs d : {300, 100, 1000, 200, 400}) {
        store.slice(stream, t, d, "MatMul");
        t += d + 10;
    }
    store.slice(stream, t, 50, "Add");
    store.slice(stream, t + 100, 50, "Add");
    store.slice(host, 0, 5000, "aten::mm", "cpu_op");
    OperatorStats stats = statsOf(store.finish());

    CHECK_FALSE(stats.fellBackToAll);
    CHECK(stats.busyNs == 2100);
    CHECK(stats.sliceCount == 7);
    REQUIRE(stats.rows.size() == 2);
    const OperatorStatsRow& mm = stats.rows[0];
    CHECK(mm.key == "MatMul");
    CHECK(mm.count == 5);
    CHECK(mm.totalNs == 2000);
    CHECK(mm.selfNs == 2000);
    CHECK(mm.minNs == 100);
    CHECK(mm.maxNs == 1000);
    CHECK(mm.p50Ns == 300);
    CHECK(mm.p90Ns == 1000);
    CHECK(mm.p99Ns == 1000);
    CHECK(mm.avgNs == Approx(400.0));
    CHECK(mm.busyShare == Approx(2000.0 / 2100.0));
    CHECK(stats.rows[1].busyShare + mm.busyShare == Approx(1.0));
    CHECK(row(stats, "aten::mm") == nullptr); // host track: not in the default scope

    OperatorStatsOptions all;
    all.tracks.scope = TrackScope::All;
    OperatorStats everything = statsOf(store.db(), all);
    REQUIRE(row(everything, "aten::mm"));
    CHECK(everything.busyNs == 2100 + 5000);

    OperatorStatsOptions top;
    top.topN = 1;
    CHECK(statsOf(store.db(), top).rows.size() == 1);
}

TEST_CASE("busy time counts nested slices and overflow lanes once", "[operator_stats]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 0");
    store.slice(stream, 0, 100, "Outer");
    store.slice(stream, 10, 20, "Inner");     // nested: depth 1
    store.slice(stream, 200, 100, "A");
    store.slice(stream, 250, 100, "B");       // overlaps A without nesting: overflow lane
    OperatorStats stats = statsOf(store.finish());
    CHECK(stats.busyNs == 100 + 150);
    REQUIRE(row(stats, "B"));               // the lane belongs to the compute track
    CHECK(row(stats, "B")->totalNs == 100);
    CHECK(row(stats, "Outer")->selfNs == 80);
    CHECK(store.db().scalarInt("SELECT count(*) FROM track WHERE lane > 0") == 1);
}

TEST_CASE("operator statistics by type: type column, category, args field", "[operator_stats]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 0");
    store.slice(stream, 0, 10, "MatMul_1", "kernel", "MatMul", R"({"OP Type":"MatMulV3"})");
    store.slice(stream, 20, 30, "MatMul_2", "kernel", "MatMul", R"({"OP Type":"MatMulV3"})");
    store.slice(stream, 60, 5, "Cast_1", "kernel", "", R"({"OP Type":"Cast"})");
    store.slice(stream, 70, 5, "Raw", "", "", "");
    store.finish();

    OperatorStatsOptions byType;
    byType.grouping.by = GroupBy::Type;
    OperatorStats autoType = statsOf(store.db(), byType);
    REQUIRE(row(autoType, "MatMul"));
    CHECK(row(autoType, "MatMul")->count == 2);
    CHECK(row(autoType, "MatMul")->totalNs == 40);
    CHECK(row(autoType, "kernel")->count == 1); // no type: falls back to the category
    CHECK(row(autoType, kNoTypeLabel)->count == 1);

    byType.grouping.typeSource = TypeSource::Category;
    CHECK(row(statsOf(store.db(), byType), "kernel")->count == 3);

    byType.grouping.typeSource = TypeSource::ArgsField;
    OperatorStats args = statsOf(store.db(), byType);
    CHECK(row(args, "MatMulV3")->totalNs == 40);
    CHECK(row(args, "Cast")->count == 1);
    CHECK(row(args, kNoTypeLabel)->count == 1);
}

TEST_CASE("operator statistics average every numeric metric over executions", "[operator_stats]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 0");
    PendingSliceIndex a = store.slice(stream, 0, 10, "MatMul");
    PendingSliceIndex b = store.slice(stream, 20, 10, "MatMul");
    store.slice(stream, 40, 10, "MatMul"); // no metrics
    PendingSliceIndex c = store.slice(stream, 60, 10, "Add");
    store.metric(a, "aic_mac_ratio", 0.5);
    store.metric(b, "aic_mac_ratio", 0.7);
    store.metric(a, "aic_mte2_time", 4.0, "us");
    store.metric(c, "aiv_vec_ratio", 0.25);
    OperatorStats stats = statsOf(store.finish());
    REQUIRE(stats.metrics.size() == 3);
    auto column = [&](const std::string& name) {
        for (std::size_t i = 0; i < stats.metrics.size(); ++i)
            if (stats.metrics[i].name == name) return i;
        FAIL("no metric column " << name);
        return std::size_t(0);
    };
    const OperatorStatsRow* mm = row(stats, "MatMul");
    REQUIRE(mm);
    CHECK(mm->metricMeans[column("aic_mac_ratio")] == Approx(0.6));
    CHECK(mm->metricMeans[column("aic_mte2_time")] == Approx(4.0));
    CHECK(std::isnan(mm->metricMeans[column("aiv_vec_ratio")]));
    CHECK(stats.metrics[column("aic_mte2_time")].unit == "us");
    CHECK(row(stats, "Add")->metricMeans[column("aiv_vec_ratio")] == Approx(0.25));
}

TEST_CASE("operator statistics fall back to every track when none is marked compute", "[operator_stats]") {
    AnalysisStore store;
    TrackId host = store.hostTrack("app", "worker");
    store.slice(host, 0, 10, "step");
    OperatorStats stats = statsOf(store.finish());
    CHECK(stats.fellBackToAll);
    REQUIRE(stats.rows.size() == 1);
    CHECK(stats.rows[0].key == "step");
}

TEST_CASE("operator statistics restricted to a time range", "[operator_stats]") {
    AnalysisStore store;
    TrackId stream = store.computeTrack(0, "Stream 0");
    store.slice(stream, 0, 100, "K");
    store.slice(stream, 200, 100, "K");
    store.slice(stream, 400, 100, "K");
    store.finish();
    OperatorStatsOptions options;
    options.grouping.range = TimeRange{150, 450};
    OperatorStats stats = statsOf(store.db(), options);
    REQUIRE(stats.rows.size() == 1);
    CHECK(stats.rows[0].count == 2);     // slices starting inside the range
    CHECK(stats.busyNs == 100 + 50);     // busy clipped to the range
}

TEST_CASE("zero-duration complete events count as executions with no time; instants do not", "[operator_stats][devicetime]") {
    AnalysisStore store;
    TrackId host = store.hostTrack("python", "main");
    store.slice(host, 0, 100, "aten::mm", "cpu_op");
    store.slice(host, 200, 0, "aten::empty", "cpu_op");
    store.slice(host, 300, 0, "aten::empty", "cpu_op");
    SliceInput marker;
    marker.track = host;
    marker.tsNs = 400;
    marker.name = "mark";
    marker.flags = 8; // instant
    store.writer().addSlice(marker);
    OperatorStatsOptions all;
    all.tracks.scope = TrackScope::All;
    OperatorStats stats = statsOf(store.finish(), all);
    const OperatorStatsRow* empty = row(stats, "aten::empty");
    REQUIRE(empty != nullptr);
    CHECK(empty->count == 2);
    CHECK(empty->totalNs == 0);
    CHECK(empty->p50Ns == 0);
    CHECK(row(stats, "mark") == nullptr);
}

TEST_CASE("busy time per track: the running union equals a merge of every slice's interval", "[operator_stats]") {
    // Nested, overlapping, touching and disjoint slices on three tracks, some cut by the range or
    // outside it, against the interval merge the pass replaced.
    std::mt19937_64 rng(7);
    auto next = [&rng](std::uint64_t bound) { return static_cast<TimeNs>(rng() % bound); };
    std::vector<SliceRecord> rows;
    std::int64_t id = 1;
    for (std::uint32_t track = 0; track < 3; ++track) {
        TimeNs ts = 0;
        for (int i = 0; i < 400; ++i) {
            ts += next(40);
            SliceRecord r;
            r.id = id++;
            r.tsNs = ts;
            r.durNs = track == 2 ? 0 : next(90); // track 2: instants only, never busy
            r.trackIndex = track;
            rows.push_back(r);
        }
    }
    const SliceSet set = makeSliceSet({10, 11, 12}, rows);
    for (const std::optional<TimeRange>& range :
         {std::optional<TimeRange>{}, std::optional<TimeRange>{TimeRange{1000, 5000}}, std::optional<TimeRange>{TimeRange{0, 1}}}) {
        const std::vector<TimeNs> busy = busyTimePerTrack(set, range);
        REQUIRE(busy.size() == 3);
        for (std::size_t t = 0; t < 3; ++t) {
            std::vector<Interval> intervals;
            for (const SliceRecord& r : rows) {
                if (r.trackIndex != t) continue;
                TimeNs a = r.tsNs, b = r.endNs();
                if (range) a = std::max(a, range->startNs), b = std::min(b, range->endNs);
                if (b > a) intervals.push_back({a, b});
            }
            mergeIntervals(intervals);
            CHECK(busy[t] == totalLengthNs(intervals));
        }
        CHECK(busy[2] == 0);
    }
    // Touching slices make one run; a slice inside another adds nothing.
    const SliceSet touching = makeSliceSet({1}, {SliceRecord{1, 0, 10, 10, 0, 0, 0, 0, 0, 0, 0},
                                                 SliceRecord{2, 10, 10, 10, 0, 0, 0, 0, 0, 0, 0},
                                                 SliceRecord{3, 12, 3, 3, 0, 0, 0, 0, 0, 0, 0},
                                                 SliceRecord{4, 30, 5, 5, 0, 0, 0, 0, 0, 0, 0}});
    CHECK(busyTimePerTrack(touching, std::nullopt) == std::vector<TimeNs>{25});
    CHECK(busyTimePerTrack(touching, TimeRange{5, 32}) == std::vector<TimeNs>{17});
}

// Crafted stores: ids are a store's values, and validation keeps slice and args ids below 2^32 but not
// dense. A string id past the string table and args ids spread far apart must neither size an array by
// the id (16 GB at 4e9) nor change the groups.
namespace {

struct CraftedIds {
    AnalysisStore store;
    std::string path;
    CraftedIds() {
        TrackId stream = store.computeTrack(0, "Stream 0");
        store.slice(stream, 0, 10, "MatMul", "", "", R"({"OP Type":"MatMulV3"})");
        store.slice(stream, 20, 10, "Cast", "", "", R"({"OP Type":"Cast"})");
        store.slice(stream, 40, 10, "Add", "", "", R"({"OP Type":"Add"})");
        store.finish();
        path = store.path();
    }
    void tamper(const std::string& sql) {
        Database db(path, Database::Mode::ReadWrite);
        db.exec(sql);
    }
    OperatorStats stats(TypeSource source, GroupBy by = GroupBy::Type) {
        Database db(path, Database::Mode::ReadOnly);
        OperatorStatsOptions options;
        options.grouping.by = by;
        options.grouping.typeSource = source;
        return statsOf(db, options);
    }
};

} // namespace

TEST_CASE("operator statistics: a name id past the string table groups as no name", "[operator_stats][hardening]") {
    for (const char* id : {"(SELECT max(id) + 1 FROM string)", "4000000000"}) { // just past the table, far past
        CraftedIds crafted;
        crafted.tamper(std::string("UPDATE slice SET name_id = ") + id + " WHERE ts = 20");
        OperatorStats byName = crafted.stats(TypeSource::Auto, GroupBy::Name);
        REQUIRE(byName.rows.size() == 3);
        REQUIRE(row(byName, ""));
        CHECK(row(byName, "")->count == 1);
        CHECK(row(byName, "MatMul")->count == 1);
        CHECK(row(byName, "Add")->count == 1);
        CHECK_FALSE(row(byName, "Cast"));
    }
}

TEST_CASE("operator statistics: args ids spread wide group by their field as dense ones do", "[operator_stats][hardening]") {
    // Three slices: the dense span limit is 2 * 3 + 1024 = 1030. The span of args ids 1..N is N - 1.
    for (std::int64_t last : {std::int64_t{1030}, std::int64_t{1031}, std::int64_t{4000000000}}) {
        CraftedIds crafted;
        crafted.tamper("UPDATE args SET id = " + std::to_string(last) + " WHERE json LIKE '%Cast%'; "
                       "UPDATE slice SET arg_id = " + std::to_string(last) + " WHERE ts = 20");
        OperatorStats byField = crafted.stats(TypeSource::ArgsField);
        CHECK(byField.rows.size() == 3);
        REQUIRE(row(byField, "Cast"));
        CHECK(row(byField, "Cast")->count == 1);
        CHECK(row(byField, "MatMulV3")->count == 1);
        CHECK(row(byField, "Add")->count == 1);
    }
}
