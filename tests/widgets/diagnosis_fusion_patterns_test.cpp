// The findings panel's "Fusion patterns…" button: a pattern file chosen (through the test hook instead
// of the file dialog) makes the rule ascend_graph_fusion fire on a trace with a GE graph, with the same
// finding opscope-cli diagnose --fusion-patterns gives; a bad file leaves the rule as it was.
#include "core/analysis/diagnosis/diagnosis_json.h"
#include "tests/cli/cli_runner.h"
#include "tests/widgets/fusion_store_fixture.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/diagnosis/diagnosis_view.h"

#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace opscope;
using namespace opscope::test;

namespace {

const Finding* graphFusion(const DiagnosisReport& report) {
    for (const Finding& f : report.findings)
        if (f.ruleId == "ascend_graph_fusion") return &f;
    return nullptr;
}

} // namespace

TEST_CASE("Fusion patterns…: the chosen file makes the graph fusion rule fire, as in the CLI", "[findings_view][fusion][parity]") {
    const FusionStore fixture;
    const std::string& store = fixture.store;
    const std::string& patterns = fixture.patterns;
    Error error;
    std::unique_ptr<TraceDocument> doc(TraceDocument::openStore(store, nullptr, &error));
    REQUIRE(doc);
    ZoomControl zoom;
    DiagnosisView view(&zoom);
    opscope::testing::showAt(view, QSize(1300, 700));
    view.setDocument(doc.get());
    REQUIRE(view.waitForLoaded());
    REQUIRE(graphFusion(view.report()));
    CHECK(graphFusion(view.report())->status == FindingStatus::MissingInput);

    // A file that is not a pattern file: the rule stays as it was (the warning box is not shown in tests).
    const std::string bad = writeTextFile(fixture.dir + "/bad.yaml", "GraphFusion: [\n");
    QString message;
    CHECK_FALSE(view.setFusionPatternsFile(QString::fromStdString(bad), &message));
    CHECK(message.contains(QStringLiteral("Line 1")));

    QSignalSpy computed(&view, &DiagnosisView::computed);
    int asked = 0;
    view.setFilePickerForTests([&] {
        ++asked;
        return QString::fromStdString(patterns);
    });
    QTest::mouseClick(view.fusionPatternsButton(), Qt::LeftButton);
    CHECK(asked == 1);
    REQUIRE(view.waitForLoaded());
    REQUIRE(computed.count() == 1);
    const Finding* f = graphFusion(view.report());
    REQUIRE(f);
    CHECK(f->status == FindingStatus::Fired);
    CHECK(f->measured == 1);
    CHECK(f->timeAtStakeNs == 325'000);

    // The CLI with the same file gives the same findings.
    CliResult cli = runCli({"diagnose", store, "--fusion-patterns", patterns, "--json"});
    REQUIRE(cli.exitCode == 0);
    CHECK(nlohmann::json::parse(cli.out) == nlohmann::json(diagnosisToJson(view.report())));
}
