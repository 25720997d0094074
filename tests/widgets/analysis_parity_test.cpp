// One door, same rows: for each analysis the opscope-cli binary (its --csv or --json, parsed) and the
// GUI's TraceDocument (the session the views compute through, or the view's own model) give the same
// rows for the same options, on the bundled sample.
#include "core/analysis/diagnosis/diagnosis_json.h"
#include "core/report/comparison_csv.h"
#include "core/session/slice_details_json.h"
#include "core/analysis/diagnosis/fusion_patterns.h"
#include "tests/cli/cli_runner.h"
#include "tests/widgets/fusion_store_fixture.h"
#include "widgets/common/time_format.h"
#include "widgets/common/trace_document.h"
#include "widgets/heatmap/heatmap_view.h"
#include "widgets/common/zoom_control.h"
#include "widgets/operators/operator_stats_model.h"
#include "widgets/operators/operator_stats_view.h"

#include <QTest>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <memory>
#include <sstream>

using namespace opscope;
using namespace opscope::test;

namespace {

const std::string& parityStore() {
    static std::string store = [] {
        std::string path = cliTempDir() + "/parity.opscope.sqlite";
        CliResult r = runCli({"import", bundledSample(), "-o", path, "--quiet"});
        REQUIRE(r.exitCode == 0);
        return path;
    }();
    return store;
}

std::unique_ptr<TraceDocument> openDocument() {
    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(parityStore(), nullptr, &error));
    REQUIRE(doc);
    return doc;
}

// RFC 4180 rows (the CLI quotes fields with commas, quotes or newlines).
std::vector<std::vector<std::string>> parseCsv(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1);
    std::string field;
    bool quoted = false, any = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += '"', ++i;
            else if (c == '"') quoted = false;
            else field += c;
        } else if (c == '"') {
            quoted = any = true;
        } else if (c == ',') {
            rows.back().push_back(std::move(field));
            field.clear();
        } else if (c == '\n') {
            rows.back().push_back(std::move(field));
            field.clear();
            rows.emplace_back();
        } else if (c != '\r') {
            field += c;
            any = true;
        }
    }
    if (rows.back().empty()) rows.pop_back();
    (void)any;
    return rows;
}

std::string micros(TimeNs ns) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%lld.%03lld", static_cast<long long>(ns / 1000), static_cast<long long>(ns % 1000));
    return buf;
}

std::string micros(double ns) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3f", ns / 1000.0);
    return buf;
}

} // namespace

TEST_CASE("parity: operator statistics, CLI --csv and the GUI's statistics view", "[parity]") {
    CliResult cli = runCli({"stats", parityStore(), "--csv", "--no-metrics"});
    REQUIRE(cli.exitCode == 0);
    auto rows = parseCsv(cli.out);
    REQUIRE(rows.size() > 2);
    auto doc = openDocument();
    ZoomControl zoom;
    OperatorStatsView view(&zoom);
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded());
    const OperatorStats& gui = view.model()->stats();
    REQUIRE(gui.rows.size() + 1 == rows.size());
    for (std::size_t i = 0; i < gui.rows.size(); ++i) {
        const OperatorStatsRow& r = gui.rows[i];
        INFO(r.key);
        CHECK(rows[i + 1][0] == r.key);
        CHECK(rows[i + 1][1] == std::to_string(r.count));
        CHECK(rows[i + 1][2] == micros(r.totalNs));
        CHECK(rows[i + 1][3] == micros(r.selfNs));
        CHECK(rows[i + 1][8] == micros(r.p90Ns));
    }
}

TEST_CASE("parity: heatmap, CLI --csv and the document, busy time and a metric", "[parity]") {
    auto doc = openDocument();
    for (const char* metric : {"busy", "count"}) {
        INFO(metric);
        CliResult cli = runCli({"heatmap", parityStore(), "--metric", metric, "--buckets", "40", "--top", "6", "--csv"});
        REQUIRE(cli.exitCode == 0);
        auto rows = parseCsv(cli.out);
        HeatmapOptions options;
        options.value = std::string(metric) == "busy" ? HeatmapValue::BusyTime : HeatmapValue::Count;
        options.bucketCount = 40;
        options.topN = 6;
        HeatmapResult gui;
        Error error;
        REQUIRE(doc->session()->heatmap(options, &gui, &error));
        REQUIRE(rows.size() == gui.rows.size() + 1);
        for (std::size_t r = 0; r < gui.rows.size(); ++r) {
            CHECK(rows[r + 1][0] == gui.rows[r].label);
            CHECK(rows[r + 1][1] == micros(gui.rows[r].totalNs));
            CHECK(rows[r + 1][2] == std::to_string(gui.rows[r].count));
            for (int b = 0; b < gui.bucketCount; ++b) {
                const double v = gui.cell(r, static_cast<std::size_t>(b));
                const std::string want = std::isnan(v) ? std::string()
                                         : options.value == HeatmapValue::Count ? std::to_string(std::llround(v))
                                                                                : micros(v);
                CHECK(rows[r + 1][3 + static_cast<std::size_t>(b)] == want);
            }
        }
    }
}

TEST_CASE("parity: the heatmap view's cells, classes and tooltip equal heatmap --csv", "[parity][devicetime]") {
    auto doc = openDocument();
    ZoomControl zoom;
    zoom.setTraceRange(doc->timeline()->traceRange());
    HeatmapView view(&zoom);
    view.resize(900, 400);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded());
    const HeatmapResult& gui = view.result();
    REQUIRE_FALSE(gui.rows.empty());
    CliResult cli = runCli({"heatmap", parityStore(), "--metric", "time", "--buckets", std::to_string(gui.bucketCount),
                            "--top", "20", "--range",
                            std::to_string(gui.range.startNs) + ":" + std::to_string(gui.range.endNs), "--csv"});
    REQUIRE(cli.exitCode == 0);
    auto rows = parseCsv(cli.out);
    REQUIRE(rows.size() == gui.rows.size() + 1);
    const std::size_t classColumn = 3 + static_cast<std::size_t>(gui.bucketCount);
    CHECK(rows[0][1] == "total time (us)");
    CHECK(rows[0][classColumn] == "class");
    for (std::size_t r = 0; r < gui.rows.size(); ++r) {
        INFO(gui.rows[r].label);
        CHECK(rows[r + 1][0] == gui.rows[r].label);
        CHECK(rows[r + 1][classColumn] == (gui.rows[r].deviceClass ? deviceClassName(*gui.rows[r].deviceClass) : ""));
        for (int b = 0; b < gui.bucketCount; ++b) {
            const double v = gui.cell(r, static_cast<std::size_t>(b));
            CHECK(rows[r + 1][3 + static_cast<std::size_t>(b)] == micros(v));
            // The tooltip shows the same number, named by the row's class.
            if (r == 0 && v > 0 && b < 3)
                CHECK(view.cellText(0, b).contains(HeatmapView::classTimeName(gui.rows[0].deviceClass) + QStringLiteral(": ") +
                                                    formatDuration(static_cast<TimeNs>(std::llround(v)))));
        }
    }
    // Its old name gives the same cells.
    CliResult old = runCli({"heatmap", parityStore(), "--metric", "busy", "--buckets", std::to_string(gui.bucketCount),
                            "--top", "20", "--range",
                            std::to_string(gui.range.startNs) + ":" + std::to_string(gui.range.endNs), "--csv"});
    CHECK(old.out == cli.out);
}

TEST_CASE("parity: bubbles, CLI --csv --table all and the document", "[parity]") {
    CliResult cli = runCli({"bubbles", parityStore(), "--csv", "--table", "all"});
    REQUIRE(cli.exitCode == 0);
    auto rows = parseCsv(cli.out);
    auto doc = openDocument();
    BubbleReport gui;
    Error error;
    REQUIRE(doc->session()->bubbles(BubbleOptions{}, &gui, &error));
    REQUIRE(rows.size() == 1 + gui.deviceBubbles.size() + gui.trackBubbles.size());
    REQUIRE(gui.deviceBubbles.size() > 0);
    for (std::size_t i = 0; i < gui.deviceBubbles.size(); ++i) {
        CHECK(rows[1 + i][0] == "device");
        CHECK(rows[1 + i][1] == std::to_string(gui.deviceBubbles[i].startNs));
        CHECK(rows[1 + i][2] == micros(gui.deviceBubbles[i].durNs));
    }
}

TEST_CASE("parity: diagnosis, CLI --json and the document", "[parity]") {
    CliResult cli = runCli({"diagnose", parityStore(), "--json"});
    REQUIRE(cli.exitCode == 0);
    const nlohmann::json fromCli = nlohmann::json::parse(cli.out);
    auto doc = openDocument();
    DiagnosisReport gui;
    Error error;
    REQUIRE(doc->session()->diagnosis(DiagnosisOptions{}, &gui, &error));
    // As nlohmann::json on both sides: clang (C++20) finds json == ordered_json ambiguous.
    CHECK(fromCli == nlohmann::json(diagnosisToJson(gui)));
    CHECK(fromCli.at("findings").size() == gui.findings.size());
}

TEST_CASE("parity: graph fusion, CLI diagnose --fusion-patterns --json and the document", "[parity]") {
    const FusionStore fixture;
    CliResult cli = runCli({"diagnose", fixture.store, "--fusion-patterns", fixture.patterns, "--json"});
    REQUIRE(cli.exitCode == 0);
    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(fixture.store, nullptr, &error));
    REQUIRE(doc);
    DiagnosisOptions options;
    auto patterns = std::make_shared<FusionPatternSet>();
    REQUIRE(loadFusionPatternFile(fixture.patterns, patterns.get(), &error));
    options.fusionPatterns = patterns;
    DiagnosisReport gui;
    REQUIRE(doc->session()->diagnosis(options, &gui, &error));
    const nlohmann::json fromCli = nlohmann::json::parse(cli.out);
    CHECK(fromCli == nlohmann::json(diagnosisToJson(gui)));
    bool fired = false;
    for (const Finding& f : gui.findings) fired = fired || (f.ruleId == "ascend_graph_fusion" && f.status == FindingStatus::Fired);
    CHECK(fired);
}

TEST_CASE("parity: comparison, CLI compare --csv and the document's compareWith", "[parity]") {
    CliResult cli = runCli({"compare", parityStore(), parityStore(), "--csv", "--all"});
    REQUIRE(cli.exitCode == 0);
    auto rows = parseCsv(cli.out);
    auto base = openDocument();
    auto newer = openDocument();
    ComparisonResult gui;
    Error error;
    CompareOptions options;
    REQUIRE(base->session()->compareWith(*newer->session(), BaselineOptions{}, options, &gui, &error));
    std::vector<std::vector<std::string>> want{comparisonCsvHeader()};
    for (auto& row : comparisonCsvRows(gui)) want.push_back(row);
    CHECK(rows == want);
}

TEST_CASE("parity: slice details, CLI slice --json and the document", "[parity]") {
    auto doc = openDocument();
    REQUIRE(doc->timeline());
    REQUIRE_FALSE(doc->timeline()->slices().empty());
    // A slice with flows or args when there is one: the first, the middle and the last slice.
    const auto& slices = doc->timeline()->slices();
    for (std::size_t index : {std::size_t{0}, slices.size() / 2, slices.size() - 1}) {
        const std::int64_t id = slices[index].id;
        INFO(id);
        CliResult cli = runCli({"slice", parityStore(), std::to_string(id), "--json"});
        REQUIRE(cli.exitCode == 0);
        SliceDetails gui;
        Error error;
        REQUIRE(doc->session()->sliceDetails(id, &gui, &error));
        SliceLaunchDetails launch;
        REQUIRE(doc->session()->sliceLaunchDetails(id, &launch, &error));
        nlohmann::json want = sliceDetailsToJson(gui);
        addSliceLaunchJson(launch, &want);
        CHECK(nlohmann::json::parse(cli.out) == want);
    }
    CHECK(runCli({"slice", parityStore(), "999999999"}).exitCode == 2);
}
