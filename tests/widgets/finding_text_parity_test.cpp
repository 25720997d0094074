// A finding's detail text is made once, in core, with the one time format for people ("20us", "1ms 234us"),
// and the CLI's diagnose, the findings panel and the HTML report all show that same text.
#include "core/analysis/diagnosis/diagnosis_engine.h"
#include "core/analysis/diagnosis/finding_value_text.h"
#include "core/model/time_format.h"
#include "tests/cli/cli_runner.h"
#include "tests/widgets/analysis_views_fixture.h"
#include "widgets/common/trace_document.h"
#include "widgets/common/zoom_control.h"
#include "widgets/diagnosis/findings_model.h"
#include "widgets/diagnosis/findings_panel.h"

#include <QFile>
#include <QRegularExpression>
#include <QTextBrowser>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace opscope;
using namespace opscope::test;
using opscope::testing::AnalysisViewsFixture;

namespace {

std::string htmlEscaped(const std::string& text) {
    return QString::fromStdString(text).toHtmlEscaped().toStdString();
}

} // namespace

TEST_CASE("a finding's detail reads the same in diagnose, the findings panel and the report", "[parity][diagnosis]") {
    // The analysis views' store: the compute stream idles 21..41 µs while the host synchronises.
    AnalysisViewsFixture data("finding-text");
    const std::string dir = cliTempDir();
    const std::string store = data.store.path();
    TraceDocument* doc = data.document.get();
    Error error;
    DiagnosisReport report;
    REQUIRE(doc->session()->diagnosis(DiagnosisOptions{}, &report, &error));
    const Finding* sync = nullptr;
    for (const Finding& f : report.findings)
        if (f.ruleId == "sync_wait") sync = &f;
    REQUIRE(sync);
    REQUIRE(sync->status == FindingStatus::Fired);
    INFO(sync->detail);
    // The human format: "(20us)", never "20.000 us".
    CHECK(sync->detail.find("(" + humanDurationText(20'000) + ")") != std::string::npos);
    CHECK(humanDurationText(20'000) == "20us");
    CHECK_FALSE(QRegularExpression(QStringLiteral("\\d\\.\\d{3} (ms|us|s)\\b")).match(QString::fromStdString(sync->detail)).hasMatch());

    const CliResult cli = runCli({"diagnose", store});
    REQUIRE(cli.exitCode == 0);
    CHECK(cli.out.find("  " + sync->detail + "\n") != std::string::npos);
    // The measured value and the threshold: the same digits in the three.
    const std::string measured = findingValueText(sync->measured, sync->unit);
    const std::string threshold = findingValueText(sync->threshold, sync->unit);
    CHECK(cli.out.find("measured " + measured + ", fires when " + sync->comparison + " " + threshold) != std::string::npos);

    const std::string html = dir + "/report.html";
    const CliResult written = runCli({"report", store, "-o", html});
    REQUIRE(written.exitCode == 0);
    std::ifstream in(html);
    std::stringstream body;
    body << in.rdbuf();
    CHECK(body.str().find("<p class=\"detail\">" + htmlEscaped(sync->detail) + "</p>") != std::string::npos);
    CHECK(body.str().find("<b>" + htmlEscaped(measured) + "</b>") != std::string::npos);

    ZoomControl zoom;
    zoom.setTraceRange(doc->timeline()->traceRange());
    FindingsPanel panel(&zoom);
    panel.setFindings(report.findings, 1, doc->timeline());
    int row = -1;
    for (int r = 0; r < panel.model()->rowCount(); ++r)
        if (panel.model()->finding(r).ruleId == "sync_wait") row = r;
    REQUIRE(row >= 0);
    CHECK(panel.model()->index(row, FindingsModel::MeasuredColumn).data().toString().toStdString() == measured);
    panel.selectFinding(row);
    CHECK(panel.detailsView()->toPlainText().contains(QString::fromStdString(sync->detail)));
    // The evidence range's label carries the gap in the same format.
    REQUIRE_FALSE(sync->ranges.empty());
    CHECK(sync->ranges[0].label.find("idle 20us") != std::string::npos);
    CHECK(cli.out.find(sync->ranges[0].label) != std::string::npos);
}
