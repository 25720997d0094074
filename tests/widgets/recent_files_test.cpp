// File > Open Recent keeps absolute paths, each once; file dialogs start in the trace's folder.
#include "app/gui/main_window.h"
#include "app/gui/recent_files.h"
#include "tests/widgets/analysis_views_fixture.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>

#include <catch2/catch.hpp>

using namespace opscope;
using namespace opscope::gui;

TEST_CASE("recent entries are absolute and cleaned; a trace opened again moves to the front once", "[recent_files]") {
    const QString cwd = QDir::currentPath();
    CHECK(recentEntry({QStringLiteral("a.json")}) == cwd + QStringLiteral("/a.json"));
    CHECK(recentEntry({QStringLiteral("./x/../a.json")}) == cwd + QStringLiteral("/a.json"));
    CHECK(recentEntry({QStringLiteral("/t/a.json"), QStringLiteral("/t/./b.json"), QStringLiteral("/t/a.json")}) ==
          QStringLiteral("/t/a.json|/t/b.json"));
    QStringList recent;
    recent = withRecent(recent, {QStringLiteral("/t/a.json")}, 10);
    recent = withRecent(recent, {QStringLiteral("/t/b.json")}, 10);
    recent = withRecent(recent, {QStringLiteral("/t/x/../a.json")}, 10);
    CHECK(recent == QStringList{QStringLiteral("/t/a.json"), QStringLiteral("/t/b.json")});
    // Relative entries written by older versions are made absolute, and duplicates among them dropped.
    recent = withRecent({QStringLiteral("a.json"), cwd + QStringLiteral("/a.json"), QStringLiteral("/t/c.json")},
                        {QStringLiteral("/t/d.json")}, 10);
    CHECK(recent == QStringList{QStringLiteral("/t/d.json"), cwd + QStringLiteral("/a.json"), QStringLiteral("/t/c.json")});
    // The length limit, exactly at it and one over.
    CHECK(withRecent({QStringLiteral("/a"), QStringLiteral("/b")}, {QStringLiteral("/c")}, 3).size() == 3);
    CHECK(withRecent({QStringLiteral("/a"), QStringLiteral("/b"), QStringLiteral("/d")}, {QStringLiteral("/c")}, 3) ==
          QStringList{QStringLiteral("/c"), QStringLiteral("/a"), QStringLiteral("/b")});
}

TEST_CASE("file dialogs start in the folder of the opened trace", "[recent_files]") {
    CHECK(traceFolder({}).isEmpty());
    CHECK(traceFolder({QStringLiteral("/runs/day1/trace.json")}) == QStringLiteral("/runs/day1"));
    CHECK(traceFolder({QStringLiteral("/runs/day1/PROF_000001")}) == QStringLiteral("/runs/day1"));
    CHECK(inTraceFolder({QStringLiteral("/runs/day1/trace.json")}, QStringLiteral("timeline.png")) ==
          QStringLiteral("/runs/day1/timeline.png"));
    CHECK(inTraceFolder({}, QStringLiteral("timeline.png")) == QStringLiteral("timeline.png"));
}

TEST_CASE("the main window remembers a trace opened twice as one absolute entry", "[recent_files]") {
    QSettings().clear();
    opscope::testing::AnalysisViewsFixture data("recent-window");
    MainWindow window;
    QSignalSpy loaded(&window, &MainWindow::traceLoaded);
    const QString absolute = QString::fromStdString(data.store.path());
    const QString relative = QDir::current().relativeFilePath(absolute);
    for (const QString& path : {relative, absolute}) {
        window.openPaths({path});
        window.waitForImport();
        if (loaded.isEmpty()) REQUIRE(loaded.wait(5000));
        loaded.clear();
    }
    CHECK(window.recentFiles() == QStringList{QDir::cleanPath(QFileInfo(absolute).absoluteFilePath())});
}
