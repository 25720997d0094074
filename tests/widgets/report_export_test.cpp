// The main window's export, report and comparison actions: Export View of the current view, the HTML
// report written off the GUI thread, Compare With a second trace, and multi-rank traces aligned.
#include "app/gui/main_window.h"
#include "widgets/common/async_job.h"
#include "widgets/common/image_export.h"
#include "widgets/compare/aligned_timelines.h"
#include "widgets/compare/compare_panel.h"
#include "widgets/compare/comparison_models.h"
#include "widgets/timeline/timeline_view.h"

#include <QAction>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

using namespace opscope;
using opscope::gui::MainWindow;

namespace {

QString copySample(const QTemporaryDir& dir, const QString& name) {
    const QString target = dir.filePath(name);
    REQUIRE(QFile::copy(QStringLiteral(OPSCOPE_SOURCE_DIR "/resources/samples/sample_trace.json"), target));
    return target;
}

QString rankTrace(const QTemporaryDir& dir, const QString& name, long long clockUs) {
    auto us = [clockUs](long long t) { return QString::number(clockUs + t); };
    const QString json = QStringLiteral(R"({"traceEvents":[
 {"ph":"M","pid":2,"name":"process_name","args":{"name":"GPU 0"}},
 {"ph":"X","pid":1,"tid":1,"ts":%1,"dur":1000,"name":"ProfilerStep#1"},
 {"ph":"X","pid":2,"tid":7,"ts":%2,"dur":200,"name":"gemm_kernel","cat":"kernel"}]})")
                             .arg(us(100), us(300));
    QFile f(dir.filePath(name));
    REQUIRE(f.open(QIODevice::WriteOnly));
    f.write(json.toUtf8());
    return f.fileName();
}

void open(MainWindow& window, const QStringList& paths) {
    QSignalSpy loaded(&window, &MainWindow::traceLoaded);
    window.openPaths(paths);
    window.waitForImport();
    REQUIRE(loaded.count() == 1);
    REQUIRE(loaded.first().at(0).toBool());
}

} // namespace

TEST_CASE("Export View saves the current view and the report is written off the GUI thread", "[report_export]") {
    QSettings().clear();
    QTemporaryDir dir;
    MainWindow window;
    window.resize(1200, 800);
    CHECK(window.findChild<QAction*>(QStringLiteral("action_exportView"))->shortcut() == QKeySequence(QStringLiteral("Ctrl+Shift+S")));
    open(window, {copySample(dir, QStringLiteral("trace.json"))});
    waitForAsyncJobs();

    CHECK(window.currentView() == window.timeline());
    const QString png = dir.filePath(QStringLiteral("view.png"));
    ImageExportOptions options;
    options.size = QSize(640, 360);
    QString message;
    REQUIRE(window.exportCurrentView(png, options, &message));
    CHECK(QImage(png).size() == QSize(640, 360));

    QSignalSpy exported(&window, &MainWindow::reportExported);
    const QString report = dir.filePath(QStringLiteral("report.html"));
    REQUIRE(window.exportReportTo(report));
    CHECK_FALSE(window.exportReportTo(report)); // one at a time
    REQUIRE(waitForAsyncJobs(60000));
    REQUIRE(exported.count() == 1);
    CHECK(exported.first().at(0).toBool());
    QFile file(report);
    REQUIRE(file.open(QIODevice::ReadOnly));
    const QByteArray html = file.readAll();
    for (const char* id : {"summary", "devices", "timeline", "operators", "heatmap", "bubbles", "findings"})
        CHECK(html.contains(QByteArray("<section id=\"") + id + "\">"));
    CHECK(html.count("src=\"data:image/png;base64,") >= 2);
    CHECK_FALSE(html.contains("https://"));
}

TEST_CASE("Compare With opens both traces aligned with a diff", "[report_export]") {
    QSettings().clear();
    QTemporaryDir dir;
    MainWindow window;
    open(window, {copySample(dir, QStringLiteral("base.json"))});
    QSignalSpy ready(&window, &MainWindow::comparisonReady);
    REQUIRE(window.compareWithPaths({copySample(dir, QStringLiteral("again.json"))}));
    REQUIRE(waitForAsyncJobs(60000));
    REQUIRE(ready.count() == 1);
    CHECK(ready.first().at(0).toBool());
    ComparePanel* panel = window.comparePanel();
    REQUIRE(panel);
    CHECK(panel->isVisible());
    CHECK_FALSE(panel->result().regressed()); // the same trace twice
    CHECK(panel->operatorModel()->rowCount() > 5);
    const TimelineData* base = panel->timelines()->baseView()->data();
    const TimelineData* current = panel->timelines()->newView()->data();
    REQUIRE(base);
    REQUIRE(current);
    CHECK(base->traceRange().startNs == current->traceRange().startNs);
}

TEST_CASE("Two ranks open as one timeline aligned on their first step", "[report_export]") {
    QSettings().clear();
    QTemporaryDir dir;
    MainWindow window;
    QSignalSpy aligned(&window, &MainWindow::deviceAlignmentChanged);
    open(window, {rankTrace(dir, QStringLiteral("rank0.json"), 1'000'000), rankTrace(dir, QStringLiteral("rank1.json"), 1'005'000)});
    REQUIRE(waitForAsyncJobs(30000));
    REQUIRE(aligned.count() == 1);
    CHECK(aligned.first().at(0).toBool());
    CHECK(window.devicesAligned());
    const TimelineData* shown = window.timeline()->data();
    REQUIRE(shown);
    CHECK(shown->traceRange().durationNs() == 1'000'000); // both ranks' steps on top of each other
    window.setDevicesAligned(false);
    REQUIRE(aligned.count() == 2);
    CHECK_FALSE(window.devicesAligned());
    CHECK(window.timeline()->data()->traceRange().durationNs() == 6'000'000);
}
