// The operator view as Ascend users group it, on the bundled torch_npu sample: by type and input shapes,
// filtered by Core Type, identifiers never averaged, ratio (%) and step share (%) beside each other; the
// same rows as `opscope-cli stats --json` with the same grouping and filter.
#include "tests/cli/cli_runner.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/operators/operator_stats_model.h"
#include "widgets/operators/operator_stats_view.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QSortFilterProxyModel>
#include <QTableView>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <memory>

using namespace opscope;
using namespace opscope::test;

namespace {

const std::string& ascendStore() {
    static std::string store = [] {
        std::string path = cliTempDir() + "/ascend_ops.opscope.sqlite";
        CliResult r = runCli({"import", std::string(OPSCOPE_SOURCE_DIR) + "/resources/samples/sample_ascend_pt", "-o",
                              path, "--quiet"});
        REQUIRE(r.exitCode == 0);
        return path;
    }();
    return store;
}

std::unique_ptr<TraceDocument> openDocument() {
    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(ascendStore(), nullptr, &error));
    REQUIRE(doc);
    return doc;
}

nlohmann::json statsJson(const std::vector<std::string>& extra) {
    std::vector<std::string> args{"stats", ascendStore(), "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    CliResult cli = runCli(args);
    REQUIRE(cli.exitCode == 0);
    return nlohmann::json::parse(cli.out);
}

void checkSameRows(const OperatorStats& gui, const nlohmann::json& cli) {
    REQUIRE(gui.rows.size() == cli["rows"].size());
    CHECK(gui.stepTimeNs == cli["step_time_ns"].get<std::int64_t>());
    for (std::size_t i = 0; i < gui.rows.size(); ++i) {
        const OperatorStatsRow& r = gui.rows[i];
        const nlohmann::json& c = cli["rows"][i];
        INFO(r.key << " " << r.coreType);
        CHECK(c["key"] == r.key);
        CHECK(c["core_type"] == r.coreType);
        CHECK(c["count"] == r.count);
        CHECK(c["total_ns"] == r.totalNs);
        CHECK(c["ratio_pct"].get<double>() == Approx(r.busyShare * 100.0));
        CHECK(c["step_share_pct"].get<double>() == Approx(r.stepShare * 100.0));
    }
}

} // namespace

TEST_CASE("ascend operator view: type and input shapes, one Core Type, as stats --json", "[ascend_ops][parity]") {
    const nlohmann::json cli = statsJson({"--by", "type+shapes", "--core-type", "AI_CORE", "--no-metrics"});
    REQUIRE(cli["rows"].size() > 0);
    auto doc = openDocument();
    ZoomControl zoom;
    OperatorStatsView view(&zoom);
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded());
    view.setGroupByTypeAndShapes();
    view.setCoreTypeFilter(QStringLiteral("AI_CORE"));
    REQUIRE(view.waitForLoaded());
    const OperatorStats& gui = view.model()->stats();
    checkSameRows(gui, cli);
    for (const OperatorStatsRow& r : gui.rows) CHECK(r.coreType == "AI_CORE");
    // The rows are keyed "Type [shapes]": Conv2D with its three input tensors is one of them.
    CHECK(view.model()->rowOfKey("Conv2D [4,1,224,224,16;48,128,16,16;2048] (AI_CORE)") >= 0);
    CHECK_FALSE(view.tableView()->isColumnHidden(OperatorStatsModel::CoreTypeColumn));
    CHECK_FALSE(view.tableView()->isColumnHidden(OperatorStatsModel::StepShareColumn)); // the sample has steps
}

TEST_CASE("ascend operator view: by name with every Core Type, as stats --json", "[ascend_ops][parity]") {
    const nlohmann::json cli = statsJson({});
    auto doc = openDocument();
    ZoomControl zoom;
    OperatorStatsView view(&zoom);
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded());
    QAbstractItemModelTester tester(view.model(), QAbstractItemModelTester::FailureReportingMode::Warning);
    checkSameRows(view.model()->stats(), cli);
    // Identifiers and shapes are labels, never averaged: no "Task ID (mean)" column, in the view or the CLI.
    for (const MetricColumn& m : view.model()->stats().metrics) {
        INFO(m.name);
        CHECK(m.name.find("ID") == std::string::npos);
        CHECK(m.name.find("Id") == std::string::npos);
        CHECK(m.name.find("Shapes") == std::string::npos);
    }
    for (const nlohmann::json& m : cli["metrics"]) CHECK(m["name"].get<std::string>().find("Task ID") == std::string::npos);
    // The Core Type filter lists the types the rows have.
    auto* combo = view.findChildren<QComboBox*>().at(1);
    CHECK(combo->findData(QStringLiteral("AI_VECTOR_CORE")) > 0);
    CHECK(combo->findData(QStringLiteral("AI_CORE")) > 0);
}

TEST_CASE("ascend operator view: a row hands its own executions to the timeline", "[ascend_ops]") {
    auto doc = openDocument();
    ZoomControl zoom;
    OperatorStatsView view(&zoom);
    view.setDocument(doc.get());
    view.setGroupByTypeAndShapes();
    REQUIRE(view.waitForLoaded());
    const int row = view.model()->rowOfKey("Conv2D [4,1,224,224,16;48,128,16,16;2048] (AI_CORE)");
    REQUIRE(row >= 0);
    const std::int64_t count = view.model()->row(row).count;
    REQUIRE(view.selectOperator(QStringLiteral("Conv2D [4,1,224,224,16;48,128,16,16;2048] (AI_CORE)")));
    CHECK(static_cast<std::int64_t>(view.executions().size()) == count);
}
