// The History view and `opscope-cli history trend --json` over one history: the same points, smoothed
// values, bands and changes, since both call computeTrend (issue #13's "one answer everywhere").
#include "core/history/history_store.h"
#include "tests/cli/cli_runner.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/history/history_plot.h"
#include "widgets/history/history_view.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace opscope;
using opscope::test::CliResult;
using opscope::test::runCli;

namespace {

// 40 runs of busy_ns around 1 ms (±1 %), an 8 % step from run 25; one operator that drifts up.
std::string writeHistory(const QTemporaryDir& dir) {
    const std::string path = dir.filePath(QStringLiteral("h.sqlite")).toStdString();
    Error error;
    auto store = history::HistoryStore::open(path, true, &error);
    REQUIRE(store);
    for (int i = 0; i < 40; ++i) {
        history::RunInfo run;
        run.label = "run" + std::to_string(i);
        run.runTimeNs = (1'790'000'000LL + i * 3'600LL) * 1'000'000'000LL;
        run.tracePath = dir.filePath(QStringLiteral("t%1.json").arg(i)).toStdString();
        const double noise = 1.0 + 0.01 * ((i * 5) % 3 - 1);
        const double busy = 1e6 * (i >= 25 ? 1.08 : 1.0) * noise;
        const double matmul = 5e5 * (1.0 + 0.004 * i) * noise;
        REQUIRE(store->addRun(run, {{"busy_ns", "", busy, "ns"}, {"op.total_ns", "MatMul", matmul, "ns"}}, &error));
    }
    return path;
}

void checkSame(const history::Trend& gui, const nlohmann::json& cli) {
    CHECK(cli.at("metric").get<std::string>() == gui.metric);
    CHECK(cli.at("scope").get<std::string>() == gui.scope);
    const auto& points = cli.at("points");
    REQUIRE(points.size() == gui.points.size());
    for (std::size_t i = 0; i < gui.points.size(); ++i) {
        INFO("point " << i);
        const history::TrendPoint& p = gui.points[i];
        CHECK(points[i].at("label").get<std::string>() == p.run.label);
        CHECK(points[i].at("run_time_ns").get<std::int64_t>() == p.run.runTimeNs);
        CHECK(points[i].at("value").get<double>() == Approx(p.value).epsilon(1e-12));
        CHECK(points[i].at("smoothed").get<double>() == Approx(p.smoothed).epsilon(1e-12));
        CHECK(points[i].at("beyond").get<bool>() == p.beyond);
        CHECK(points[i].at("band_low").is_null() == !p.band.judged);
        if (p.band.judged) {
            CHECK(points[i].at("band_low").get<double>() == Approx(p.band.low()).epsilon(1e-12));
            CHECK(points[i].at("band_high").get<double>() == Approx(p.band.high()).epsilon(1e-12));
        }
    }
    const auto& changes = cli.at("changes");
    REQUIRE(changes.size() == gui.changes.size());
    for (std::size_t i = 0; i < gui.changes.size(); ++i) {
        CHECK(changes[i].at("first_run_id").get<std::int64_t>() == gui.changes[i].firstRun.id);
        CHECK(changes[i].at("last_run_id").get<std::int64_t>() == gui.changes[i].lastRun.id);
        CHECK(changes[i].at("relative").get<double>() == Approx(gui.changes[i].change.relative()).epsilon(1e-12));
    }
}

} // namespace

TEST_CASE("parity: run history, the History view's trend and history trend --json", "[parity][history_view]") {
    QTemporaryDir dir;
    const std::string db = writeHistory(dir);
    HistoryView view;
    opscope::testing::showAt(view, QSize(1200, 700));
    QString message;
    REQUIRE(view.openHistory(QString::fromStdString(db), &message));
    REQUIRE(view.waitForLoaded(10000));

    CliResult busy = runCli({"history", "trend", "--db", db, "busy_ns", "--json"});
    REQUIRE(busy.exitCode == 0);
    const history::Trend& shown = view.plot()->trend();
    REQUIRE(shown.metric == "busy_ns");
    REQUIRE_FALSE(shown.changes.empty()); // the planted step is found, so the comparison covers a change
    checkSame(shown, nlohmann::json::parse(busy.out));

    view.showMetric(QStringLiteral("op.total_ns"), QStringLiteral("MatMul"));
    REQUIRE(view.waitForLoaded(10000));
    CliResult op = runCli({"history", "trend", "--db", db, "op.total_ns", "--op", "MatMul", "--json"});
    REQUIRE(op.exitCode == 0);
    checkSame(view.plot()->trend(), nlohmann::json::parse(op.out));
}
