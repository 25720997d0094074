// Comparison of two traces' aggregates: regressions around the threshold, the noise floor, new and
// vanished operators, findings, devices; baselines from a store and their JSON round trip.
#include "analysis_fixture.h"
#include "core/analysis/compare/baseline_json.h"
#include "core/analysis/compare/comparison.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

using namespace opscope;

namespace {

BaselineAggregates aggregates(TimeNs busyNs, std::vector<OperatorAggregate> ops = {}) {
    BaselineAggregates b;
    b.source = "trace.json";
    b.traceDurationNs = busyNs * 2;
    b.busyNs = busyNs;
    b.devices = {{"NPU 0", busyNs, busyNs * 2, 0}};
    b.operators = std::move(ops);
    b.hasFindings = true;
    return b;
}

OperatorAggregate op(const std::string& name, std::int64_t count, TimeNs totalNs) {
    return {name, count, totalNs, static_cast<double>(totalNs) / static_cast<double>(count)};
}

bool hasRegression(const ComparisonResult& r, RegressionKind kind, const std::string& subject = {}) {
    return std::any_of(r.regressions.begin(), r.regressions.end(),
                       [&](const Regression& g) { return g.kind == kind && g.subject == subject; });
}

const OperatorDiff& diffOf(const ComparisonResult& r, const std::string& name) {
    auto it = std::find_if(r.operators.begin(), r.operators.end(), [&](const OperatorDiff& d) { return d.name == name; });
    REQUIRE(it != r.operators.end());
    return *it;
}

} // namespace

TEST_CASE("Busy time regresses only beyond the threshold", "[comparison]") {
    const BaselineAggregates base = aggregates(100'000'000);
    CompareOptions options; // 5%
    SECTION("4% slower passes") {
        const ComparisonResult r = compareBaselines(base, aggregates(104'000'000), options);
        CHECK_FALSE(r.regressed());
    }
    SECTION("exactly 5% slower passes") {
        const ComparisonResult r = compareBaselines(base, aggregates(105'000'000), options);
        CHECK_FALSE(r.regressed());
    }
    SECTION("6% slower fails and is named") {
        const ComparisonResult r = compareBaselines(base, aggregates(106'000'000), options);
        REQUIRE(r.regressed());
        CHECK(hasRegression(r, RegressionKind::BusyTime));
        const Regression& g = r.regressions.front();
        CHECK(g.base == 100'000'000);
        CHECK(g.current == 106'000'000);
        CHECK(g.growth() == Approx(0.06));
    }
    SECTION("faster never regresses") {
        CHECK_FALSE(compareBaselines(base, aggregates(50'000'000), options).regressed());
    }
    SECTION("a higher threshold lets 6% pass") {
        options.threshold = 0.10;
        CHECK_FALSE(compareBaselines(base, aggregates(106'000'000), options).regressed());
    }
}

TEST_CASE("Operators regress by total and mean and new ones count", "[comparison]") {
    const TimeNs busy = 100'000'000;
    const BaselineAggregates base =
        aggregates(busy, {op("MatMul", 100, 60'000'000), op("Add", 100, 30'000'000), op("Old", 10, 10'000'000)});
    BaselineAggregates now =
        aggregates(busy, {op("MatMul", 100, 66'000'000), op("Add", 200, 30'000'000), op("New", 5, 8'000'000)});
    const ComparisonResult r = compareBaselines(base, now, CompareOptions{});

    const OperatorDiff& matmul = diffOf(r, "MatMul");
    CHECK(matmul.presence == Presence::Both);
    CHECK(matmul.deltaTotalNs() == 6'000'000);
    CHECK(matmul.totalRatio() == Approx(1.1));
    CHECK(matmul.totalRegressed);
    CHECK(matmul.meanRegressed);
    CHECK(hasRegression(r, RegressionKind::OperatorTotal, "MatMul"));
    CHECK(hasRegression(r, RegressionKind::OperatorMean, "MatMul"));

    // Twice the calls at half the mean: same total, faster mean: no regression.
    const OperatorDiff& add = diffOf(r, "Add");
    CHECK_FALSE(add.regressed());
    CHECK(add.meanRatio() == Approx(0.5));

    const OperatorDiff& added = diffOf(r, "New");
    CHECK(added.presence == Presence::New);
    CHECK(std::isnan(added.totalRatio()));
    CHECK(hasRegression(r, RegressionKind::NewOperator, "New")); // 8% of the base busy time

    const OperatorDiff& old = diffOf(r, "Old");
    CHECK(old.presence == Presence::Vanished);
    CHECK_FALSE(old.regressed());

    // Sorted by the size of the change: Old (-10 ms), New (+8 ms), MatMul (+6 ms), Add (0).
    REQUIRE(r.operators.size() == 4);
    CHECK(r.operators[0].name == "Old");
    CHECK(r.operators[1].name == "New");
    CHECK(r.operators[2].name == "MatMul");
    CHECK(r.operators[3].name == "Add");
}

TEST_CASE("A small new operator and tiny growths stay under the noise floor", "[comparison]") {
    const BaselineAggregates base = aggregates(100'000'000, {op("Tiny", 1, 1'000)});
    const BaselineAggregates now = aggregates(100'000'000, {op("Tiny", 1, 2'000), op("Blip", 1, 3'000'000)});
    const ComparisonResult r = compareBaselines(base, now, CompareOptions{});
    CHECK(r.noiseFloorNs == 100'000); // 0.1% of 100 ms
    CHECK_FALSE(diffOf(r, "Tiny").regressed()); // +100% but only 1 us
    CHECK_FALSE(diffOf(r, "Blip").regressed());  // 3% of the base busy time, under the 5% threshold
    CHECK_FALSE(r.regressed());
}

TEST_CASE("Devices are matched by label and gated when there are several", "[comparison]") {
    BaselineAggregates base = aggregates(200'000'000);
    base.devices = {{"NPU 0", 100'000'000, 0, 0}, {"NPU 1", 100'000'000, 0, 0}};
    BaselineAggregates now = base;
    now.devices = {{"NPU 0", 100'000'000, 0, 0}, {"NPU 1", 120'000'000, 0, 0}, {"NPU 2", 1, 0, 0}};
    const ComparisonResult r = compareBaselines(base, now, CompareOptions{});
    REQUIRE(r.devices.size() == 3);
    CHECK_FALSE(r.devices[0].regressed);
    CHECK(r.devices[1].regressed);
    CHECK(r.devices[2].presence == Presence::New);
    CHECK(hasRegression(r, RegressionKind::DeviceBusy, "NPU 1"));
}

TEST_CASE("Devices are matched by rank, and single devices whatever their index", "[comparison][ranks]") {
    BaselineAggregates base = aggregates(200'000'000);
    base.devices = {{"rank 0 \u00b7 GPU 3", 100'000'000, 0, 0}, {"rank 1 \u00b7 GPU 0", 100'000'000, 0, 0}};
    BaselineAggregates now = base;
    now.devices = {{"rank 1 \u00b7 GPU 2", 100'000'000, 0, 0}, {"rank 0 \u00b7 GPU 1", 100'000'000, 0, 0}};
    ComparisonResult r = compareBaselines(base, now, CompareOptions{});
    REQUIRE(r.devices.size() == 2);
    CHECK(r.devices[0].presence == Presence::Both);
    CHECK(r.devices[0].label == "rank 0 \u00b7 GPU 3 / rank 0 \u00b7 GPU 1");
    CHECK(r.devices[1].presence == Presence::Both);
    // One device on each side: GPU 3 against GPU 1 is the same run's device, not "vanished" and "new".
    base.devices = {{"GPU 3", 100'000'000, 0, 0}};
    now.devices = {{"GPU 1", 100'000'000, 0, 0}};
    r = compareBaselines(base, now, CompareOptions{});
    REQUIRE(r.devices.size() == 1);
    CHECK(r.devices[0].presence == Presence::Both);
}

TEST_CASE("Findings that appear and disappear", "[comparison]") {
    BaselineAggregates base = aggregates(100'000'000);
    base.findings = {{"sync_wait", "Synchronisation waits", "high", 0.4, "share", 1000}};
    BaselineAggregates now = aggregates(100'000'000);
    now.findings = {{"low_mac_ratio", "Low MAC ratio", "high", 0.2, "ratio", 5000},
                    {"phase_comparison", "Phases", "low", 30, "points", 10}};
    ComparisonResult r = compareBaselines(base, now, CompareOptions{});
    REQUIRE(r.findings.size() == 3);
    CHECK(r.findings[0].presence == Presence::New);
    CHECK(r.findings[0].ruleId == "low_mac_ratio");
    CHECK(r.findings[0].regressed);
    CHECK(r.findings[1].presence == Presence::New);
    CHECK_FALSE(r.findings[1].regressed); // low severity is reported, not gated
    CHECK(r.findings[2].presence == Presence::Vanished);
    CHECK(hasRegression(r, RegressionKind::NewFinding, "low_mac_ratio"));

    CompareOptions ungated;
    ungated.gateFindings = false;
    CHECK_FALSE(compareBaselines(base, now, ungated).regressed());
}

TEST_CASE("Thresholds are parsed as percentages", "[comparison]") {
    double share = 0;
    CHECK(parseThresholdPercent("5%", &share));
    CHECK(share == Approx(0.05));
    CHECK(parseThresholdPercent("2.5", &share));
    CHECK(share == Approx(0.025));
    CHECK_FALSE(parseThresholdPercent("five", &share));
    CHECK_FALSE(parseThresholdPercent("-1%", &share));
    CHECK_FALSE(parseThresholdPercent("%", &share));
}

TEST_CASE("A baseline from a store holds busy time and operators and bubbles", "[comparison]") {
    test::AnalysisStore s;
    TrackId npu0 = s.computeTrack(0, "Stream 1");
    TrackId npu1 = s.computeTrack(1, "Stream 1");
    s.slice(npu0, 1'000, 400, "MatMul");
    s.slice(npu0, 2'000, 600, "MatMul");
    s.slice(npu0, 3'000, 100, "Add");
    s.slice(npu1, 1'000, 1'000, "MatMul");
    Database& db = s.finish();
    BaselineAggregates b;
    Error error;
    BaselineOptions options;
    options.includeFindings = false;
    REQUIRE(computeBaseline(db, options, &b, &error));
    CHECK(b.busyNs == 2'100);
    CHECK(b.executions == 4);
    REQUIRE(b.operators.size() == 2);
    CHECK(b.operators[0].name == "MatMul");
    CHECK(b.operators[0].count == 3);
    CHECK(b.operators[0].totalNs == 2'000);
    CHECK(b.operators[0].meanNs == Approx(2000.0 / 3));
    REQUIRE(b.devices.size() == 2);
    CHECK(b.devices[0].label == "NPU 0");
    CHECK(b.devices[0].busyNs == 1'100);
    CHECK(b.bubbleCount == 2);        // 1400..2000 and 2600..3000 on NPU 0
    CHECK(b.bubbleTotalNs == 1'000);
    CHECK(b.largestBubbleNs == 600);
    CHECK(b.imbalance == Approx(1100.0 / 1050.0 - 1.0));
    CHECK_FALSE(b.hasFindings);

    SECTION("compared with itself nothing regresses") {
        const ComparisonResult r = compareBaselines(b, b, CompareOptions{});
        CHECK_FALSE(r.regressed());
        for (const OperatorDiff& d : r.operators) CHECK(d.deltaTotalNs() == 0);
    }
}

TEST_CASE("Baselines survive a JSON round trip", "[comparison][baseline]") {
    BaselineAggregates b = aggregates(123'456'789'012, {op("Mat\"Mul, \"x\"", 3, 9'000'000'001), op("Add", 1, 7)});
    b.bubbleCount = 4;
    b.bubbleTotalNs = 42;
    b.largestBubbleNs = 40;
    b.imbalance = 0.25;
    b.findings = {{"sync_wait", "Synchronisation waits", "high", 0.4, "share", 1000}};
    test::TempDir dir;
    const std::string path = dir.file("base.json");
    Error error;
    REQUIRE(writeBaselineFile(path, b, &error));
    CHECK(looksLikeBaselineFile(path));
    BaselineAggregates back;
    REQUIRE(readBaselineFile(path, &back, &error));
    CHECK(back.busyNs == b.busyNs);
    CHECK(back.traceDurationNs == b.traceDurationNs);
    CHECK(back.bubbleCount == 4);
    CHECK(back.bubbleTotalNs == 42);
    CHECK(back.imbalance == Approx(0.25));
    REQUIRE(back.operators.size() == 2);
    CHECK(back.operators[0].name == b.operators[0].name);
    CHECK(back.operators[0].totalNs == 9'000'000'001);
    REQUIRE(back.findings.size() == 1);
    CHECK(back.findings[0].severity == "high");
    CHECK(back.hasFindings);
    CHECK_FALSE(compareBaselines(b, back, CompareOptions{}).regressed());

    SECTION("a Chrome trace is not a baseline") {
        const std::string trace = dir.write("t.json", R"({"traceEvents": []})");
        CHECK_FALSE(looksLikeBaselineFile(trace));
        CHECK_FALSE(readBaselineFile(trace, &back, &error));
        CHECK(error.code == ErrorCode::WrongType);
    }
    SECTION("another version is refused") {
        const std::string other = dir.write("v2.json", R"({"format": "opscope-baseline", "version": 2})");
        CHECK_FALSE(readBaselineFile(other, &back, &error));
    }
}
