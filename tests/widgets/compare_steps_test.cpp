// The Compare window's step selectors: choosing ProfilerStep N on the base side and M on the new side
// recomputes both sides through their TraceSessions off the GUI thread, and the device and host-operator
// rows then equal `opscope-cli compare BASE NEW --step N:M --csv` (same core function, parity by CSV text).
#include "core/report/comparison_csv.h"
#include "core/report/csv_text.h"
#include "core/session/trace_session.h"
#include "tests/cli/cli_runner.h"
#include "tests/launch_fixtures.h"
#include "widgets/compare/compare_panel.h"
#include "widgets/compare/host_operator_diff_tab.h"

#include <QComboBox>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace opscope;
using namespace opscope::test;

namespace {

std::string importedStore(const std::string& name, const char* traceText) {
    const std::string dir = cliTempDir();
    const std::string trace = dir + "/" + name + ".json";
    std::ofstream(trace) << traceText;
    const std::string store = dir + "/" + name + ".opscope.sqlite";
    CliResult r = runCli({"import", trace, "-o", store, "--quiet"});
    REQUIRE(r.exitCode == 0);
    return store;
}

// The CSV rows as the CLI writes them (RFC 4180 line ends), from the panel's result.
std::vector<std::string> panelRows(const ComparePanel& panel) {
    std::vector<std::string> rows;
    for (const std::vector<std::string>& row : comparisonCsvRows(panel.result())) {
        std::string line = csvLine(row);
        line.resize(line.size() - 2); // CRLF
        rows.push_back(line);
    }
    return rows;
}

std::vector<std::string> cliRows(const std::string& csv) {
    std::vector<std::string> rows;
    std::istringstream in(csv);
    std::string line;
    std::getline(in, line); // header
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty()) rows.push_back(line);
    }
    return rows;
}

} // namespace

TEST_CASE("Compare window: the step selectors give the CLI's compare --step N:M rows", "[compare][launch][step]") {
    const std::string store = importedStore("cmp_steps", kLaggingTrace);
    Error error;
    std::shared_ptr<TraceSession> base = TraceSession::openStore(store, &error);
    std::shared_ptr<TraceSession> current = TraceSession::openStore(store, &error);
    REQUIRE(base);
    REQUIRE(current);
    CompareInputs in;
    REQUIRE(base->baseline(BaselineOptions{}, &in.base, &error));
    REQUIRE(current->baseline(BaselineOptions{}, &in.current, &error));
    REQUIRE(base->profilerSteps(&in.baseSteps, &error));
    REQUIRE(current->profilerSteps(&in.newSteps, &error));
    CHECK(in.baseSteps == std::vector<std::int64_t>{1, 2});
    in.baseSession = base;
    in.newSession = current;
    in.baseLabel = in.newLabel = QStringLiteral("lag.json");

    ComparePanel panel;
    panel.setInputs(in);
    REQUIRE(panel.baseStepBox()->count() == 3); // whole trace, step 1, step 2
    const std::vector<std::string> whole = panelRows(panel);
    CHECK(panel.hostOperatorTab()->model()->rowCount() > 0);
    for (const HostOperatorDiff& h : panel.result().hostOperators) CHECK(h.change == CountChange::Unchanged);

    // The user picks step 1 on the base side and step 2 on the new side.
    panel.baseStepBox()->setCurrentIndex(panel.baseStepBox()->findData(QVariant::fromValue<qint64>(1)));
    panel.newStepBox()->setCurrentIndex(panel.newStepBox()->findData(QVariant::fromValue<qint64>(2)));
    REQUIRE(panel.waitForSteps());
    const std::vector<std::string> stepped = panelRows(panel);
    CHECK(stepped != whole);
    CliResult cli = runCli({"compare", store, store, "--step", "1:2", "--csv"});
    REQUIRE(cli.exitCode != 2);
    CHECK(stepped == cliRows(cli.out));
    bool deletedMm = false;
    for (int r = 0; r < panel.hostOperatorTab()->model()->rowCount(); ++r) {
        const HostOperatorDiff& h = panel.hostOperatorTab()->model()->row(r);
        deletedMm |= h.name == "aten::mm" && h.change == CountChange::Deleted;
    }
    CHECK(deletedMm); // step 1 ran aten::mm, step 2 did not

    // Only the new side changes (to step 1): the base side keeps its step 1 aggregates, and the rows
    // are the CLI's for 1:1.
    panel.newStepBox()->setCurrentIndex(panel.newStepBox()->findData(QVariant::fromValue<qint64>(1)));
    REQUIRE(panel.waitForSteps());
    CHECK(panelRows(panel) == cliRows(runCli({"compare", store, store, "--step", "1:1", "--csv"}).out));
    for (const HostOperatorDiff& h : panel.result().hostOperators) CHECK(h.change == CountChange::Unchanged);

    // Back to the whole traces: the rows come back.
    panel.setSteps(-1, -1);
    REQUIRE(panel.waitForSteps());
    CHECK(panelRows(panel) == whole);
}
