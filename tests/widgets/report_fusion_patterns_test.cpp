// File > Export Report uses the Diagnosis view's pattern file and rules file, so the report's findings
// are the findings panel's (and `opscope-cli report --fusion-patterns --rules`'s).
#include "app/gui/main_window.h"
#include "tests/cli/cli_runner.h"
#include "tests/widgets/fusion_store_fixture.h"
#include "widgets/common/async_job.h"
#include "widgets/diagnosis/diagnosis_view.h"

#include <QFile>
#include <QSettings>
#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::test;
using opscope::gui::MainWindow;

namespace {

QByteArray exportReport(MainWindow& window, const QString& path) {
    QSignalSpy exported(&window, &MainWindow::reportExported);
    REQUIRE(window.exportReportTo(path));
    REQUIRE(waitForAsyncJobs(60000));
    REQUIRE(exported.count() == 1);
    REQUIRE(exported.first().at(0).toBool());
    QFile file(path);
    REQUIRE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

} // namespace

TEST_CASE("Export Report carries the Diagnosis view's fusion patterns", "[report_export][fusion]") {
    QSettings().clear();
    const FusionStore fixture;
    MainWindow window;
    window.resize(1200, 800);
    QSignalSpy loaded(&window, &MainWindow::traceLoaded);
    window.openPaths({QString::fromStdString(fixture.store)});
    window.waitForImport();
    REQUIRE(loaded.count() == 1);
    REQUIRE(loaded.first().at(0).toBool());
    waitForAsyncJobs();

    const QByteArray fired = "P: Conv2D + BiasAdd";
    const QString dir = QString::fromStdString(fixture.dir);
    CHECK_FALSE(exportReport(window, dir + QStringLiteral("/without.html")).contains(fired));

    const QList<DiagnosisView*> views = window.findChildren<DiagnosisView*>();
    REQUIRE_FALSE(views.isEmpty());
    QString message;
    REQUIRE(views.first()->setFusionPatternsFile(QString::fromStdString(fixture.patterns), &message));
    waitForAsyncJobs();
    CHECK(exportReport(window, dir + QStringLiteral("/with.html")).contains(fired));

    // The view's rules file too: a rule it switches off is not in the exported report.
    const QByteArray starvation = "Compute starvation";
    CHECK(exportReport(window, dir + QStringLiteral("/rules-before.html")).contains(starvation));
    const std::string rules = writeTextFile(fixture.dir + "/rules.json", R"({"rules":[{"id":"compute_starvation","enabled":false}]})");
    REQUIRE(views.first()->setRulesFile(QString::fromStdString(rules), &message));
    waitForAsyncJobs();
    CHECK_FALSE(exportReport(window, dir + QStringLiteral("/rules-after.html")).contains(starvation));
    CHECK(exportReport(window, dir + QStringLiteral("/rules-after2.html")).contains(fired)); // patterns kept
}
