#include "core/store/slice_details.h"
#include "tests/timeline_fixture.h"
#include "widgets/common/csv_export.h"
#include "widgets/details/slice_details_model.h"
#include "widgets/operators/operator_stats_model.h"
#include "widgets/selection/selection_stats_model.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::testing::FixtureStore;
using opscope::testing::SmallTimeline;

TEST_CASE("slice details model is a valid tree with sections and jump rows", "[details_model]") {
    FixtureStore store("details-model");
    SmallTimeline fx(store);
    SliceDetails d;
    Error error;
    REQUIRE(loadSliceDetails(store.db(), fx.kernelMatmul, &d, &error));
    SliceDetailsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.resetData(d, SmallTimeline::kStartNs);
    CHECK(reset.count() == 1);
    QStringList sections;
    for (int r = 0; r < model.rowCount(); ++r) sections << model.index(r, 0).data().toString();
    CHECK(sections == QStringList({"Slice", "Arguments", "Flows", "Metrics: PMU", "Metrics: Memory"}));
    const QModelIndex pmu = model.index(3, 0);
    REQUIRE(model.rowCount(pmu) == 2);
    CHECK(model.index(0, 0, pmu).data().toString() == QStringLiteral("aic_mac_ratio"));
    CHECK(model.index(0, 1, pmu).data().toString() == QStringLiteral("87.5 %"));
    const QModelIndex flows = model.index(2, 0);
    CHECK(model.index(0, 0, flows).data(SliceDetailsModel::JumpSliceRole).toLongLong() == fx.matmul);
    model.clear();
    CHECK(model.rowCount() == 0);
    CHECK(reset.count() == 2);
}

TEST_CASE("slice details show an Ascend id of 4294967295 as none", "[details_model]") {
    SliceDetails d;
    d.id = 1;
    d.name = "MatMul";
    auto arg = [](std::string key, std::string value) {
        SliceArgRow r;
        r.key = std::move(key);
        r.value = std::move(value);
        return r;
    };
    d.args = {arg("Model Id", "4294967295"), arg("model id", "4294967295"), arg("Task Id", "4294967294"),
              arg("dst rank", "4294967295"), arg("Stream Id", "2")};
    SliceDetailsModel model;
    model.resetData(d, 0);
    const QModelIndex args = model.index(1, 0);
    REQUIRE(args.data().toString() == QStringLiteral("Arguments"));
    REQUIRE(model.rowCount(args) == 5);
    auto value = [&](int row) { return model.index(row, 1, args).data().toString(); };
    CHECK(value(0) == QStringLiteral("none"));
    CHECK(value(1) == QStringLiteral("none"));
    CHECK(value(2) == QStringLiteral("4294967294")); // one below: a real id
    CHECK(value(3) == QStringLiteral("4294967295")); // not an id field: the number as written
    CHECK(value(4) == QStringLiteral("2"));
}

TEST_CASE("selection stats model formats durations and sorts by numbers through the proxy", "[stats_model]") {
    SelectionStats stats;
    stats.sliceCount = 3;
    stats.rows = {{"b", 1, 900, 900, 900, 900}, {"a, \"quoted\"", 2, 2000, 1500, 500, 1500}};
    SelectionStatsModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.resetData(stats);
    CHECK(reset.count() == 1);
    REQUIRE(model.rowCount() == 2);
    CHECK(model.index(1, SelectionStatsModel::TotalColumn).data().toString() == QStringLiteral("2µs"));
    CHECK(model.index(1, SelectionStatsModel::AverageColumn).data().toString() == QStringLiteral("1µs"));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(SelectionStatsModel::SortRole);
    proxy.sort(SelectionStatsModel::TotalColumn, Qt::AscendingOrder);
    CHECK(proxy.index(0, 0).data().toString() == QStringLiteral("b"));

    // CSV of the proxy: as shown, RFC 4180 quoting, CRLF.
    const QByteArray csv = modelToCsv(proxy);
    // Plain microseconds with the unit in the column name, not the shown "900ns".
    CHECK(csv.startsWith("Name,Count,Total (\xc2\xb5s),Self (\xc2\xb5s),Average (\xc2\xb5s),Min (\xc2\xb5s),Max (\xc2\xb5s)\r\n"));
    CHECK(csv.contains("b,1,0.900,0.900,0.900,0.900,0.900\r\n"));
    CHECK(csv.contains("\"a, \"\"quoted\"\"\",2,2.000,"));
    CHECK(csvField(QStringLiteral("line\nbreak")) == QStringLiteral("\"line\nbreak\""));
    CHECK(csvField(QStringLiteral("plain")) == QStringLiteral("plain"));
}

TEST_CASE("operator statistics never average an identifier column", "[stats_model]") {
    OperatorStats stats;
    for (const char* name : {"aic_mac_ratio", "Task ID", "Stream ID", "Model ID", "step_id", "id", "valid"}) {
        MetricColumn c;
        c.name = name;
        stats.metrics.push_back(c);
    }
    OperatorStatsRow row;
    row.key = "MatMul";
    row.count = 2;
    row.metricMeans = {0.5, 17.5, 2.0, 4294967295.0, 3.0, 9.0, 1.0};
    stats.rows.push_back(row);
    OperatorStatsModel model;
    model.resetData(stats);
    REQUIRE(model.stats().metrics.size() == 2);
    CHECK(model.stats().metrics[0].name == "aic_mac_ratio");
    CHECK(model.stats().metrics[1].name == "valid"); // "valid" ends in "id" but is no identifier
    REQUIRE(model.stats().rows.size() == 1);
    CHECK(model.stats().rows[0].metricMeans == std::vector<double>{0.5, 1.0});
}
